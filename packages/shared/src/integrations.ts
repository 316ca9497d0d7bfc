import { z } from 'zod';
import { nameField, uuidSchema } from './input-fields.ts';

/** Inputs of network-server integrations. */

export const createIntegrationInput = z.object({
  organizationId: uuidSchema,
  name: nameField,
  kind: z.enum(['tts', 'chirpstack', 'any']).optional(),
});
