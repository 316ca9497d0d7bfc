import { z } from 'zod';
import { nameField, optionalText, required, tenancyBounds, uuidSchema } from './input-fields.ts';

/** Inputs of organizations and their memberships. */

export const slugSchema = required(z.string({ message: 'Required' }).trim().toLowerCase())
  .max(tenancyBounds.slugMax, { message: 'Too long' })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { message: 'Use lowercase letters, digits and hyphens' });

export const createOrganizationInput = z.object({
  name: nameField,
  slug: slugSchema,
  description: optionalText(tenancyBounds.descriptionMax),
  parentId: uuidSchema.nullish().transform((value) => value ?? null),
});

export const updateOrganizationInput = z.object({
  id: uuidSchema,
  name: nameField.optional(),
  slug: slugSchema.optional(),
  description: optionalText(tenancyBounds.descriptionMax).optional(),
});

export const organizationMemberFlags = z.object({
  isAdmin: z.boolean().optional(),
  canViewAll: z.boolean().optional(),
  canViewMeters: z.boolean().optional(),
  notifyOnMeterError: z.boolean().optional(),
});

export const createOrganizationMembershipInput = organizationMemberFlags.extend({
  organizationId: uuidSchema,
  userId: uuidSchema,
});

export const updateOrganizationMembershipInput = organizationMemberFlags.extend({ id: uuidSchema });
