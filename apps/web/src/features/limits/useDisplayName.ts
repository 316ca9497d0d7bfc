import { displayName, type Named } from '@olo/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a colour or limit is called in the viewer's language (decision 0166): a shipped one by its key
 * (packages/shared `shippedNames`), a typed one as typed.
 */
export function useDisplayName(): (item: Named) => string {
  const { i18n } = useTranslation();
  return useCallback((item: Named) => displayName(item, i18n.language), [i18n.language]);
}
