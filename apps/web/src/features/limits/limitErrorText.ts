import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { limitErrors } from '@olo/shared';
import type { TFunction } from 'i18next';
import { errorText } from '../forms/errorText.ts';

/** The places a refusal of `limitErrors.limitInUse` names ("Project / Series, ..."), sent as `extensions.values`. */
function placesInUse(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  for (const graphQLError of error.errors) {
    if (graphQLError.message !== limitErrors.limitInUse) continue;
    const values = graphQLError.extensions?.values as { places?: unknown } | undefined;
    return typeof values?.places === 'string' ? values.places : '';
  }
  return null;
}

/**
 * A failed operation on a limit as one translated sentence. A limit in use is refused with the places that use it:
 * names, kept as they are, after the translated sentence.
 */
export function limitErrorText(error: unknown, t: TFunction): string {
  const places = placesInUse(error);
  return places === null ? errorText(error, t) : t('The limit is in use: {{places}}', { places });
}
