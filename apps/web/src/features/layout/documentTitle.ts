import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';

/**
 * "<page> – <entity> – <site name>" ("Live – School A – Olo"), "<page> – <site name>" on a page about no one thing,
 * or the site name alone for a page without a name of its own.
 */
export function documentTitle(page: string | null, siteName: string = config.siteName, entity?: string | null): string {
  return [page, entity?.trim() || null, siteName].filter(Boolean).join(' – ');
}

/** The name of the project, meter or organization the shown page is about; one at a time (the innermost page). */
let entityName: string | null = null;
const listeners = new Set<() => void>();
function setEntityName(name: string | null) {
  if (name === entityName) return;
  entityName = name;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Names the thing the page is about in the browser's title, so that two tabs of different projects differ. The
 * name stays while the calling component is mounted; null (still loading, not found) leaves it out.
 */
export function usePageEntityName(name: string | null | undefined): void {
  const value = name?.trim() || null;
  useEffect(() => {
    setEntityName(value);
    return () => {
      // A page that replaced this one may already have named its own entity.
      if (entityName === value) setEntityName(null);
    };
  }, [value]);
}

/**
 * Keeps the browser's title at the current page's name (a translation key from its route handle) in the current
 * language, and the page's entity when it named one, so that tabs, history and screen readers tell the pages apart
 * (WCAG 2.4.2). With `entityTitle`, the entity's name alone stands for the page once known.
 */
export function useDocumentTitle(titleKey: string | null, entityTitle = false): void {
  const { t } = useTranslation();
  const entity = useSyncExternalStore(subscribe, () => entityName);
  // A page that is its entity alone reads "<entity> – <site name>" once the entity is named.
  const page = titleKey && !(entityTitle && entity) ? t(titleKey) : null;
  const title = documentTitle(page, config.siteName, entity);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
