/**
 * Who may do what: every GraphQL operation and REST route that reaches an organization or a
 * project, against every kind of viewer. permission-matrix.test.ts runs each row for each role on
 * PGlite and PostgreSQL (a denied mutation must also change nothing), and docs/permissions.md is
 * rendered from this file (a test keeps it in step). The rows are in permission-matrix/, a file per
 * area; later features add theirs there.
 *
 * The world the test builds: organization O inside parent organization P; project X in O with a
 * public link; disposable objects per row so that allowed mutations do not change anyone's rights.
 */
import { alarmRows } from './permission-matrix/alarms.ts';
import { apiCoverageRows } from './permission-matrix/api-coverage.ts';
import { classificationRows } from './permission-matrix/classification.ts';
import { colorAndLimitRows } from './permission-matrix/colors-and-limits.ts';
import { documentRows } from './permission-matrix/documents.ts';
import { meterRows } from './permission-matrix/meters.ts';
import { organizationRows } from './permission-matrix/organizations.ts';
import { projectRows } from './permission-matrix/projects.ts';
import { reportScheduleRows } from './permission-matrix/report-schedules.ts';
import { reportRows } from './permission-matrix/reports.ts';
import { allRoles, type MatrixRow, roles } from './permission-matrix/roles.ts';
import { schemaRows, subscriptionRows } from './permission-matrix/schema-and-subscriptions.ts';
import { seriesRows } from './permission-matrix/series.ts';
import { siteStatusRows } from './permission-matrix/site-status.ts';
import { translationRows } from './permission-matrix/translations.ts';
import { userAdministrationRows } from './permission-matrix/users.ts';
import { weatherRows } from './permission-matrix/weather.ts';

export { allRoles, type MatrixRow, type OperationKind, type Role, roles } from './permission-matrix/roles.ts';

export const permissionMatrix: MatrixRow[] = [
  ...organizationRows,
  ...projectRows,
  ...meterRows,
  ...seriesRows,
  ...alarmRows,
  ...colorAndLimitRows,
  ...reportRows,
  ...reportScheduleRows,
  ...weatherRows,
  ...classificationRows,
  ...siteStatusRows,
  ...translationRows,
  ...documentRows,
  ...userAdministrationRows,
  ...schemaRows,
  ...subscriptionRows,
  // Issue 34 part 4: spec fields and operations.
  ...apiCoverageRows,
];

/** docs/permissions.md: the matrix as a table, one column per role. */
export function renderPermissionsMarkdown(): string {
  const roleNames = allRoles;
  const header = `| Operation | What | ${roleNames.map((_role, index) => `R${index + 1}`).join(' | ')} |`;
  const rule = `|---|---|${roleNames.map(() => ':-:').join('|')}|`;
  const rows = permissionMatrix.map(
    (row) =>
      `| \`${row.operation}\` | ${row.what} | ${roleNames.map((role) => (row.allowed.includes(role) ? '✓' : '·')).join(' | ')} |`,
  );
  const legend = roleNames.map((role, index) => `- **R${index + 1}** \`${role}\`: ${roles[role]}`);
  return [
    '# Permissions',
    '',
    'Generated from `apps/server/src/modules/access/permission-matrix.ts`; do not edit by hand',
    '(`npm run docs:permissions` rewrites it, and a test fails when it is out of date).',
    '',
    'Every row is tested for every role on PGlite and PostgreSQL by `permission-matrix.test.ts`:',
    '✓ means allowed, · means refused ("Permission denied", or "Not signed in" for anonymous visitors), or',
    'for lists and subscriptions that the object is left out. A refused mutation changes nothing.',
    '',
    'The rules (`apps/server/src/modules/access/access.policy.ts`, deny by default):',
    '- a site admin may do everything;',
    '- an organization admin administers the organization, its child organizations, and every project in',
    '  them as a project admin;',
    '- an organization member sees the organization and its members; `canViewAll` also sees every project',
    '  of it and of its child organizations, read only; `canViewMeters` sees its meters; `notifyOnMeterError`',
    '  gets meter-error mail and is the one flag a member may change on their own membership;',
    '- a project member sees the project; `isAdmin` edits it (info, pages, spaces, members);',
    '  `canAdminSeries`, `canAdminAlarms`, `canViewAlarms`, `canAdminReports` and `canViewReports` gate',
    '  series, alarms and reports as those features arrive;',
    '- anonymous visitors reach a project only by its public id while its public link is on, and only the',
    '  parts its show flags allow; any signed-in user may create a top-level organization and becomes its admin;',
    '- meters belong to an organization or to none (free): its admins (and those of organizations above)',
    "  administer them, members with `canViewMeters` see them; free meters are the site admins'; feeding a",
    '  series from a meter needs both `canAdminSeries` on the project and sight of the meter.',
    '',
    'World of the test: organization O inside parent organization P, project X in O with a public link,',
    'meter M of O with readings.',
    '',
    ...legend,
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n');
}
