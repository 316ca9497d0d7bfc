import { type MatrixRow, siteAdmins } from './roles.ts';

/** Site administration of users (`/admin/users`); each case acts on a disposable user, never on a role's own. */
export const userAdministrationRows: MatrixRow[] = [
  { operation: 'allUsers', kind: 'query', what: 'every user, paged, with search', allowed: siteAdmins },
  {
    operation: 'adminUpdateUser',
    kind: 'mutation',
    what: "deactivate another user, or change their site admin ('Admin all') rights",
    allowed: siteAdmins,
  },
  { operation: 'adminDeleteUser', kind: 'mutation', what: 'delete another user', allowed: siteAdmins },
];
