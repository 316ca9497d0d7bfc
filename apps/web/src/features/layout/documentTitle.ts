import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';

/** "<page> – <site name>", or the site name alone for a page without a name of its own. */
export function documentTitle(page: string | null, siteName: string = config.siteName): string {
  return page ? `${page} – ${siteName}` : siteName;
}

/**
 * Keeps the browser's title at the current page's name (a translation key from its route handle) in the current
 * language, so that tabs, history and screen readers tell the pages apart (WCAG 2.4.2).
 */
export function useDocumentTitle(titleKey: string | null): void {
  const { t } = useTranslation();
  const title = documentTitle(titleKey ? t(titleKey) : null);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
