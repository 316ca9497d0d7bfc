import { allRoles, type MatrixRow, siteAdmins } from './roles.ts';

/** Overrides of the web app's shipped texts: the site's, not a tenant's; every visitor's app loads them. */
export const translationRows: MatrixRow[] = [
  { operation: 'translationOverrides', kind: 'query', what: 'every override of a UI text', allowed: siteAdmins },
  { operation: 'setTranslationOverride', kind: 'mutation', what: 'override a UI text', allowed: siteAdmins },
  {
    operation: 'removeTranslationOverride',
    kind: 'mutation',
    what: 'restore a shipped UI text',
    allowed: siteAdmins,
  },
  {
    operation: 'GET /api/translations/{language}',
    kind: 'rest',
    what: "a language's overrides, merged at every app load",
    allowed: allRoles,
  },
];
