import { type MatrixRow, siteAdmins } from './roles.ts';

/** The status dashboard (/admin/status-dash): the whole site's health, site admins only. */
export const siteStatusRows: MatrixRow[] = [
  { operation: 'siteStatus', kind: 'query', what: "the site's health figures", allowed: siteAdmins },
  {
    operation: 'siteStatusUpdated',
    kind: 'subscription',
    what: "the site's health figures as they change",
    allowed: siteAdmins,
  },
];
