import type { TFunction } from 'i18next';
import { formErrorsFromServer } from './graphqlErrors.ts';

/** Every message of a failed operation, translated, for a toast or an alert. */
export function errorText(error: unknown, t: TFunction): string {
  const { fields, general, reference } = formErrorsFromServer(error);
  const messages = [...general, ...Object.values(fields)].map((message) => t(message));
  if (reference) messages.push(t('Reference: {{reference}}', { reference }));
  return messages.join(' ');
}
