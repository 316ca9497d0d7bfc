import { limitErrors } from '@olo/shared';
import type { TFunction } from 'i18next';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';

const inUsePrefix = limitErrors.limitInUse.replace('{places}', '');

/**
 * A failed operation on limits or colours as one translated sentence. A limit in use is refused with the places that
 * use it ("Project / Series") after the sentence; they are names, kept as they are, behind the translated sentence.
 */
export function limitErrorText(error: unknown, t: TFunction): string {
  const { fields, general, reference } = formErrorsFromServer(error);
  const messages = [...general, ...Object.values(fields)].map((message) =>
    message.startsWith(inUsePrefix)
      ? t('The limit is in use: {{places}}', { places: message.slice(inUsePrefix.length) })
      : t(message),
  );
  if (reference) messages.push(t('Reference: {{reference}}', { reference }));
  return messages.join(' ');
}
