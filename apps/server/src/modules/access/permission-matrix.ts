/**
 * Who may do what: every GraphQL operation and REST route that reaches an organization or a
 * project, against every kind of viewer. permission-matrix.test.ts runs each row for each role on
 * PGlite and PostgreSQL (a denied mutation must also change nothing), and docs/permissions.md is
 * rendered from this file (a test keeps it in step). Later features add their rows here.
 *
 * The world the test builds: organization O inside parent organization P; project X in O with a
 * public link; disposable objects per row so that allowed mutations do not change anyone's rights.
 */

export const roles = {
  anonymous: 'Anonymous visitor',
  stranger: 'Signed-in user with no membership',
  orgMember: 'Member of O, no flags',
  orgViewAll: 'Member of O with canViewAll',
  orgViewMeters: 'Member of O with canViewMeters',
  orgNotify: 'Member of O with notifyOnMeterError',
  orgAdmin: 'Admin of O',
  parentAdmin: 'Admin of P, the parent of O',
  projectMember: 'Member of X, no rights',
  projectAdminAlarms: 'Member of X with canAdminAlarms',
  projectAdminReports: 'Member of X with canAdminReports',
  projectAdminSeries: 'Member of X with canAdminSeries',
  projectViewAlarms: 'Member of X with canViewAlarms',
  projectViewReports: 'Member of X with canViewReports',
  projectAdmin: 'Admin of X',
  siteAdmin: 'Site admin',
} as const;
export type Role = keyof typeof roles;
export const allRoles = Object.keys(roles) as Role[];

const signedIn = allRoles.filter((role) => role !== 'anonymous');
const organizationMembers: Role[] = ['orgMember', 'orgViewAll', 'orgViewMeters', 'orgNotify'];
const organizationAdmins: Role[] = ['orgAdmin', 'parentAdmin', 'siteAdmin'];
const organizationViewers: Role[] = [...organizationMembers, ...organizationAdmins];
const projectMembers: Role[] = [
  'projectMember',
  'projectAdminAlarms',
  'projectAdminReports',
  'projectAdminSeries',
  'projectViewAlarms',
  'projectViewReports',
  'projectAdmin',
];
const projectAdmins: Role[] = ['projectAdmin', ...organizationAdmins];
const projectViewers: Role[] = [...projectMembers, 'orgViewAll', ...organizationAdmins];
const meterViewers: Role[] = ['orgViewMeters', ...organizationAdmins];
const meterAdmins: Role[] = organizationAdmins;
const seriesAdmins: Role[] = ['projectAdminSeries', ...projectAdmins];
const siteAdmins: Role[] = ['siteAdmin'];
const alarmViewers: Role[] = [...projectAdmins, 'orgViewAll', 'projectAdminAlarms', 'projectViewAlarms'];
/** Viewing every project of an organization (canViewAll) is read-only. */
const alarmAcknowledgers: Role[] = [...projectAdmins, 'projectAdminAlarms', 'projectViewAlarms'];
const alarmAdmins: Role[] = [...projectAdmins, 'projectAdminAlarms'];
const reportViewers: Role[] = [...projectAdmins, 'orgViewAll', 'projectAdminReports', 'projectViewReports'];
const reportAdmins: Role[] = [...projectAdmins, 'projectAdminReports'];

export type OperationKind = 'query' | 'mutation' | 'subscription' | 'rest';

export interface MatrixRow {
  /** The operation, as in schema.graphql (or METHOD path for REST). */
  operation: string;
  kind: OperationKind;
  /** What the row checks, in words. */
  what: string;
  allowed: readonly Role[];
}

export const permissionMatrix: MatrixRow[] = [
  // Organizations
  { operation: 'organizations', kind: 'query', what: 'O is in the list', allowed: organizationViewers },
  { operation: 'organization', kind: 'query', what: 'read O by id', allowed: organizationViewers },
  { operation: 'organizationBySlug', kind: 'query', what: 'read O by slug', allowed: organizationViewers },
  { operation: 'organizationMembers', kind: 'query', what: 'list the members of O', allowed: organizationViewers },
  { operation: 'Organization.invitations', kind: 'query', what: 'open invitations of O', allowed: organizationAdmins },
  {
    operation: 'Organization.organizations',
    kind: 'query',
    what: 'a child organization of O is listed',
    allowed: ['orgViewAll', ...organizationAdmins],
  },
  {
    operation: 'Organization.projects',
    kind: 'query',
    what: 'X is among the projects of O',
    allowed: ['orgViewAll', ...organizationAdmins],
  },
  { operation: 'usersList', kind: 'query', what: 'users to add to projects of O', allowed: organizationAdmins },
  { operation: 'currentUser.menuOrganizations', kind: 'query', what: 'O is in the menu', allowed: organizationViewers },
  { operation: 'createOrganization', kind: 'mutation', what: 'a new top-level organization', allowed: signedIn },
  {
    operation: 'createOrganization(parentId)',
    kind: 'mutation',
    what: 'a child organization of O',
    allowed: organizationAdmins,
  },
  { operation: 'updateOrganization', kind: 'mutation', what: 'rename O', allowed: organizationAdmins },
  {
    operation: 'deleteOrganization',
    kind: 'mutation',
    what: 'delete an empty child of O',
    allowed: organizationAdmins,
  },
  { operation: 'createOrganizationMembership', kind: 'mutation', what: 'add a user to O', allowed: organizationAdmins },
  {
    operation: 'updateOrganizationMembership',
    kind: 'mutation',
    what: "change another member's flags in O",
    allowed: organizationAdmins,
  },
  {
    operation: 'updateOrganizationMembership(own notifyOnMeterError)',
    kind: 'mutation',
    what: 'a member turns their own meter-error mail on (email settings)',
    allowed: [...organizationMembers, 'orgAdmin', 'parentAdmin', 'siteAdmin'],
  },
  {
    operation: 'deleteOrganizationMembership',
    kind: 'mutation',
    what: 'remove a member of O',
    allowed: organizationAdmins,
  },
  { operation: 'addOrganizationAdmin', kind: 'mutation', what: 'make a user admin of O', allowed: organizationAdmins },
  {
    operation: 'removeOrganizationAdmin',
    kind: 'mutation',
    what: 'take admin rights of O away',
    allowed: organizationAdmins,
  },
  { operation: 'removeFromOrganization', kind: 'mutation', what: 'remove a user from O', allowed: organizationAdmins },
  { operation: 'invite(organizationId)', kind: 'mutation', what: 'invite someone to O', allowed: organizationAdmins },
  {
    operation: 'acceptOrganizationInvite',
    kind: 'mutation',
    what: 'accept an invitation with its code',
    allowed: signedIn,
  },
  { operation: 'createProject', kind: 'mutation', what: 'a new project in O', allowed: organizationAdmins },
  {
    operation: 'cancelInvitation(organizationId)',
    kind: 'mutation',
    what: 'cancel an invitation to O',
    allowed: organizationAdmins,
  },
  {
    operation: 'POST /api/attachments(organizationId)',
    kind: 'rest',
    what: 'upload a file to O',
    allowed: organizationAdmins,
  },
  {
    operation: 'currentUser.invitations',
    kind: 'query',
    what: 'an invitation addressed to oneself is listed',
    allowed: signedIn,
  },
  // Projects
  { operation: 'projects', kind: 'query', what: 'X is in the list', allowed: projectViewers },
  { operation: 'project', kind: 'query', what: 'read X', allowed: projectViewers },
  { operation: 'Project.members', kind: 'query', what: 'list the members of X', allowed: projectViewers },
  {
    operation: 'Project.pages',
    kind: 'query',
    what: 'a shown internal summary page of X (internal: never public)',
    allowed: projectViewers,
  },
  { operation: 'Project.pages(hidden)', kind: 'query', what: 'a hidden summary page of X', allowed: projectAdmins },
  { operation: 'Project.spaces', kind: 'query', what: 'the spaces of X', allowed: projectViewers },
  {
    operation: 'Project.alarmsTriggeredCount',
    kind: 'query',
    what: "the count of X's unacknowledged triggered alarms (0 for others)",
    allowed: alarmViewers,
  },
  {
    operation: 'projectAdmin',
    kind: 'query',
    what: 'read X for editing (any part of it)',
    allowed: [...projectAdmins, 'projectAdminAlarms', 'projectAdminReports', 'projectAdminSeries'],
  },
  { operation: 'Project.invitations', kind: 'query', what: 'open invitations of X', allowed: projectAdmins },
  { operation: 'currentUser.menuProjects', kind: 'query', what: 'X is in the menu', allowed: projectViewers },
  { operation: 'currentUser.dashboardProjects', kind: 'query', what: 'X is on the dashboard', allowed: projectViewers },
  { operation: 'projectByPublicId', kind: 'query', what: 'X through its public link', allowed: allRoles },
  {
    operation: 'projectByPublicId(link off)',
    kind: 'query',
    what: 'a project whose public link is off',
    allowed: [],
  },
  {
    operation: 'projectByPublicId(internal page)',
    kind: 'query',
    what: 'an internal summary page through the public link of X',
    allowed: [],
  },
  {
    operation: 'PublicProject.series',
    kind: 'query',
    what: "a series of X's shown space, with its latest value, through the public link",
    allowed: allRoles,
  },
  {
    operation: 'PublicProject.series(hidden space)',
    kind: 'query',
    what: 'a series of a hidden space of X through the public link',
    allowed: [],
  },
  { operation: 'updateProject', kind: 'mutation', what: 'edit X', allowed: projectAdmins },
  {
    operation: 'projectAdminAction',
    kind: 'mutation',
    what: 'hide another project of O',
    allowed: organizationAdmins,
  },
  { operation: 'projectAdminAction(end)', kind: 'mutation', what: 'end the measurement of X', allowed: projectAdmins },
  { operation: 'projectAdminAction(archive)', kind: 'mutation', what: 'archive X', allowed: projectAdmins },
  {
    operation: 'projectAdminAction(unarchive)',
    kind: 'mutation',
    what: 'bring X back from the archive',
    allowed: projectAdmins,
  },
  { operation: 'projectAdminAction(hide)', kind: 'mutation', what: 'hide X', allowed: projectAdmins },
  { operation: 'projectAdminAction(unhide)', kind: 'mutation', what: 'show a hidden X again', allowed: projectAdmins },
  { operation: 'favouriteProject', kind: 'mutation', what: 'add X to own favourites', allowed: projectViewers },
  { operation: 'unfavouriteProject', kind: 'mutation', what: 'drop X from own favourites', allowed: projectViewers },
  { operation: 'createProjectMembership', kind: 'mutation', what: 'add a user to X', allowed: projectAdmins },
  {
    operation: 'updateProjectMembership',
    kind: 'mutation',
    what: "change a member's rights in X",
    allowed: projectAdmins,
  },
  { operation: 'deleteProjectMembership', kind: 'mutation', what: 'remove a member of X', allowed: projectAdmins },
  { operation: 'invite(projectId)', kind: 'mutation', what: 'invite someone to X', allowed: projectAdmins },
  { operation: 'cancelInvitation', kind: 'mutation', what: 'cancel an invitation to X', allowed: projectAdmins },
  { operation: 'acceptProjectInvite', kind: 'mutation', what: 'accept an invitation with its code', allowed: signedIn },
  { operation: 'invitation', kind: 'query', what: 'read an invitation with its code', allowed: signedIn },
  { operation: 'createSpace', kind: 'mutation', what: 'a space in X', allowed: projectAdmins },
  { operation: 'updateSpace', kind: 'mutation', what: 'rename a space of X', allowed: projectAdmins },
  { operation: 'deleteSpace', kind: 'mutation', what: 'delete a space of X', allowed: projectAdmins },
  { operation: 'createProjectPage', kind: 'mutation', what: 'a summary page in X', allowed: projectAdmins },
  { operation: 'updateProjectPage', kind: 'mutation', what: 'edit a summary page of X', allowed: projectAdmins },
  { operation: 'deleteProjectPage', kind: 'mutation', what: 'delete a summary page of X', allowed: projectAdmins },
  {
    operation: 'POST /api/attachments',
    kind: 'rest',
    what: "upload a file to X (report admins: their image tours' images)",
    allowed: [...projectAdmins, 'projectAdminReports'],
  },
  { operation: 'GET /api/attachments/{id}', kind: 'rest', what: 'download a file of X', allowed: projectViewers },
  {
    operation: 'GET /api/attachments/{id}(public picture)',
    kind: 'rest',
    what: 'the picture of a project of O while its public link is on',
    allowed: allRoles,
  },
  {
    operation: 'GET /api/attachments/{id}(public picture, link off)',
    kind: 'rest',
    what: 'the picture of a project of O once its public link is off',
    allowed: ['orgViewAll', ...organizationAdmins],
  },
  { operation: 'Project.dataViews', kind: 'query', what: "one's own data views of X", allowed: projectViewers },
  {
    operation: 'Project.savedDateRanges',
    kind: 'query',
    what: "one's own saved date ranges of X",
    allowed: projectViewers,
  },
  { operation: 'saveDataView', kind: 'mutation', what: "a data view of one's own in X", allowed: projectViewers },
  {
    operation: 'saveDateRange',
    kind: 'mutation',
    what: "a saved date range of one's own in X",
    allowed: projectViewers,
  },
  {
    operation: "deleteDataView(another's)",
    kind: 'mutation',
    what: "another member's data view of X",
    allowed: [],
  },
  {
    operation: "deleteSavedDateRange(another's)",
    kind: 'mutation',
    what: "another member's saved date range of X",
    allowed: [],
  },
  {
    operation: 'GET /api/data/{projectId}',
    kind: 'rest',
    what: "X's data with every series (a series in no space among them)",
    allowed: projectViewers,
  },
  {
    operation: 'GET /api/data/{projectId}(public link)',
    kind: 'rest',
    what: "X's data of the series in its shown spaces, while X's public link is on",
    allowed: allRoles,
  },
  {
    operation: 'GET /api/export/{projectId}.csv',
    kind: 'rest',
    what: "X's data as a file, with every series (a series in no space among them)",
    allowed: projectViewers,
  },
  {
    operation: 'GET /api/export/{projectId}.csv(public link)',
    kind: 'rest',
    what: "X's data as a file, the series in its shown spaces, while X's public link is on",
    allowed: allRoles,
  },
  {
    operation: 'startDataExport',
    kind: 'mutation',
    what: "start a background export of X's data (signed in: the file is the starter's own)",
    allowed: projectViewers,
  },
  {
    operation: 'Project.dataExports',
    kind: 'query',
    what: "one's own background exports of X",
    allowed: projectViewers,
  },
  {
    operation: 'GET /api/exports/{exportId}',
    kind: 'rest',
    what: "one's own finished background export of X",
    allowed: projectViewers,
  },
  {
    operation: "GET /api/exports/{exportId}(another's)",
    kind: 'rest',
    what: "another user's finished background export of X (404)",
    allowed: [],
  },
  // Meters (meter M of O, with readings; disposable meters where a row changes who sees what)
  { operation: 'meters', kind: 'query', what: 'M is in the list', allowed: meterViewers },
  { operation: 'meter', kind: 'query', what: 'read M with its latest reading and errors', allowed: meterViewers },
  { operation: 'Meter.data', kind: 'query', what: "M's stored readings", allowed: meterViewers },
  { operation: 'Meter.batteryHistory', kind: 'query', what: "M's battery per day", allowed: meterViewers },
  { operation: 'Meter.driverCommands', kind: 'query', what: "commands M's driver can send", allowed: meterViewers },
  { operation: 'Organization.meters', kind: 'query', what: "O's meters", allowed: meterViewers },
  { operation: 'Project.activeMeters', kind: 'query', what: 'meters feeding X', allowed: projectViewers },
  { operation: 'drivers', kind: 'query', what: 'the payload decoders', allowed: signedIn },
  { operation: 'datasourceFunctions', kind: 'query', what: 'functions a datasource may apply', allowed: signedIn },
  { operation: 'systemErrors', kind: 'query', what: 'errors of no meter', allowed: siteAdmins },
  { operation: 'updateMeter', kind: 'mutation', what: 'rename M', allowed: meterAdmins },
  { operation: 'meterToStorage', kind: 'mutation', what: 'put M in storage', allowed: meterAdmins },
  { operation: 'meterFromStorage', kind: 'mutation', what: 'take M out of storage', allowed: meterAdmins },
  { operation: 'resetBattery', kind: 'mutation', what: "reset M's battery", allowed: meterAdmins },
  { operation: 'toggleMeter', kind: 'mutation', what: 'turn M inactive or active', allowed: meterAdmins },
  { operation: 'toggleMeter(active)', kind: 'mutation', what: 'set M active, whatever it was', allowed: meterAdmins },
  { operation: 'releaseMeter', kind: 'mutation', what: 'give a meter of O back', allowed: meterAdmins },
  { operation: 'findFreeMeters', kind: 'mutation', what: 'free meters by serial', allowed: siteAdmins },
  { operation: 'moveFreeMeters', kind: 'mutation', what: 'move a free meter to O', allowed: siteAdmins },
  { operation: 'deleteMeterData', kind: 'mutation', what: "delete M's readings of a range", allowed: meterAdmins },
  { operation: 'meterCommand', kind: 'mutation', what: 'send M a downlink', allowed: meterAdmins },
  {
    operation: 'meterCommand(commandId)',
    kind: 'mutation',
    what: 'send a meter of O a command of its driver by id',
    allowed: meterAdmins,
  },
  {
    operation: 'meterCommands',
    kind: 'mutation',
    what: "send meters of O a command by id (bulk; all refused unless every meter is the viewer's to administer)",
    allowed: meterAdmins,
  },
  {
    operation: 'SystemError.computer',
    kind: 'query',
    what: 'the Olo instance that recorded an error of M',
    allowed: siteAdmins,
  },
  { operation: 'acknowledgeSystemError', kind: 'mutation', what: 'acknowledge an error of M', allowed: meterAdmins },
  {
    operation: 'Organization.integrations',
    kind: 'query',
    what: "O's network-server credentials",
    allowed: organizationAdmins,
  },
  { operation: 'createIntegration', kind: 'mutation', what: 'new credentials for O', allowed: organizationAdmins },
  { operation: 'deleteIntegration', kind: 'mutation', what: "delete O's credentials", allowed: organizationAdmins },
  { operation: 'Meter.conversions', kind: 'query', what: "M's conversions", allowed: meterViewers },
  { operation: 'Meter.calibrations', kind: 'query', what: "M's calibrations", allowed: meterViewers },
  {
    operation: 'Meter.recalculations',
    kind: 'query',
    what: "progress of M's background recomputations",
    allowed: meterViewers,
  },
  {
    operation: 'createConversion',
    kind: 'mutation',
    what: 'convert a channel of M (recomputes)',
    allowed: meterAdmins,
  },
  { operation: 'deleteConversion', kind: 'mutation', what: 'delete a conversion of M', allowed: meterAdmins },
  {
    operation: 'createCalibration',
    kind: 'mutation',
    what: 'calibrate a channel of M from the future on',
    allowed: meterAdmins,
  },
  { operation: 'updateCalibration', kind: 'mutation', what: 'change a calibration of M', allowed: meterAdmins },
  { operation: 'deleteCalibration', kind: 'mutation', what: 'delete a calibration of M', allowed: meterAdmins },
  {
    operation: 'testCalibration',
    kind: 'mutation',
    what: "try an expression on M's recent readings",
    allowed: meterAdmins,
  },
  { operation: 'metersErrorSummary', kind: 'query', what: "health counts of O's meters", allowed: meterViewers },
  { operation: 'meterLocations', kind: 'query', what: 'locations of the meters one sees', allowed: signedIn },
  { operation: 'meterMeta', kind: 'query', what: "M's meta keys and values", allowed: meterViewers },
  { operation: 'Project.meterErrorSums', kind: 'query', what: "health counts of X's meters", allowed: projectViewers },
  // Series of X
  { operation: 'Project.series', kind: 'query', what: "X's series", allowed: projectViewers },
  { operation: 'seriesLatests', kind: 'query', what: "latest values of X's series", allowed: projectViewers },
  { operation: 'createSeries', kind: 'mutation', what: 'a series in X', allowed: seriesAdmins },
  { operation: 'updateSeries', kind: 'mutation', what: 'rename a series of X', allowed: seriesAdmins },
  { operation: 'deleteSeries', kind: 'mutation', what: 'delete a series of X', allowed: seriesAdmins },
  {
    operation: 'createSeriesDatasource',
    kind: 'mutation',
    what: 'feed a series of X from M (needs seeing M too)',
    allowed: meterAdmins,
  },
  { operation: 'updateSeriesDatasource', kind: 'mutation', what: "change a datasource's range", allowed: seriesAdmins },
  { operation: 'deleteSeriesDatasource', kind: 'mutation', what: 'delete a datasource', allowed: seriesAdmins },
  {
    operation: 'moveSeriesDatasources',
    kind: 'mutation',
    what: 'move a datasource to another series',
    allowed: seriesAdmins,
  },
  { operation: 'projectAddMeter', kind: 'mutation', what: 'add M to X (needs seeing M too)', allowed: meterAdmins },
  // Alarms of X
  { operation: 'alarms', kind: 'query', what: "X's alarms", allowed: alarmViewers },
  { operation: 'Project.alarms', kind: 'query', what: "X's alarms (empty for others)", allowed: alarmViewers },
  { operation: 'alarmsTriggered', kind: 'query', what: "X's triggered alarms", allowed: alarmViewers },
  { operation: 'alarmsActions', kind: 'query', what: "the actions of X's alarms", allowed: alarmViewers },
  {
    operation: 'Project.alarmRecipients',
    kind: 'query',
    what: "members of X an alarm's user action may notify",
    allowed: alarmAdmins,
  },
  {
    operation: 'AlarmsAction.secret',
    kind: 'query',
    what: "a webhook action's signing secret (null for others)",
    allowed: alarmAdmins,
  },
  { operation: 'alarmPreview', kind: 'query', what: "a rule's last 30 days on X's series", allowed: alarmViewers },
  {
    operation: 'acknowledgeAlarmsTriggered',
    kind: 'mutation',
    what: 'acknowledge a triggered alarm of X',
    allowed: alarmAcknowledgers,
  },
  {
    operation: 'acknowledgeAllAlarmsTriggered',
    kind: 'mutation',
    what: "acknowledge all of X's triggered alarms",
    allowed: alarmAcknowledgers,
  },
  { operation: 'createAlarm', kind: 'mutation', what: 'an alarm in X', allowed: alarmAdmins },
  { operation: 'updateAlarm', kind: 'mutation', what: "change an alarm's rule", allowed: alarmAdmins },
  { operation: 'deleteAlarm', kind: 'mutation', what: 'delete an alarm of X', allowed: alarmAdmins },
  { operation: 'createAlarmsSeries', kind: 'mutation', what: 'link a series of X to an alarm', allowed: alarmAdmins },
  { operation: 'deleteAlarmsSeries', kind: 'mutation', what: 'unlink a series from an alarm', allowed: alarmAdmins },
  { operation: 'createAlarmsAction', kind: 'mutation', what: 'an action of an alarm of X', allowed: alarmAdmins },
  { operation: 'updateAlarmsAction', kind: 'mutation', what: 'change an action', allowed: alarmAdmins },
  { operation: 'testAlarmsAction', kind: 'mutation', what: 'send a test through an action', allowed: alarmAdmins },
  { operation: 'deleteAlarmsAction', kind: 'mutation', what: 'delete an action', allowed: alarmAdmins },
  // Colours and limits (decision 0068): O's own (a disposable one per row), and global ones
  { operation: 'colors', kind: 'query', what: 'a colour of O is listed', allowed: organizationViewers },
  { operation: 'colors(global)', kind: 'query', what: 'a global colour is listed', allowed: signedIn },
  { operation: 'colorsByOrganization', kind: 'query', what: "O's own colours", allowed: organizationViewers },
  { operation: 'createColor', kind: 'mutation', what: 'a colour of O', allowed: organizationAdmins },
  { operation: 'createColor(global)', kind: 'mutation', what: 'a global colour', allowed: siteAdmins },
  { operation: 'updateColor', kind: 'mutation', what: 'change a colour of O', allowed: organizationAdmins },
  { operation: 'updateColor(global)', kind: 'mutation', what: 'change a global colour', allowed: siteAdmins },
  { operation: 'deleteColor', kind: 'mutation', what: 'delete a colour of O', allowed: organizationAdmins },
  { operation: 'deleteColor(global)', kind: 'mutation', what: 'delete a global colour', allowed: siteAdmins },
  { operation: 'limits', kind: 'query', what: 'a limit of O is listed', allowed: organizationViewers },
  { operation: 'limits(global)', kind: 'query', what: 'a global limit is listed', allowed: signedIn },
  { operation: 'limitsByOrganization', kind: 'query', what: "O's own limits", allowed: organizationViewers },
  { operation: 'globalLimits', kind: 'query', what: 'the global limits', allowed: signedIn },
  { operation: 'createLimit', kind: 'mutation', what: 'a limit of O', allowed: organizationAdmins },
  { operation: 'createLimit(global)', kind: 'mutation', what: 'a global limit', allowed: siteAdmins },
  { operation: 'updateLimit', kind: 'mutation', what: 'change a limit of O', allowed: organizationAdmins },
  { operation: 'updateLimit(global)', kind: 'mutation', what: 'change a global limit', allowed: siteAdmins },
  { operation: 'deleteLimit', kind: 'mutation', what: 'delete an unused limit of O', allowed: organizationAdmins },
  { operation: 'deleteLimit(global)', kind: 'mutation', what: 'delete an unused global limit', allowed: siteAdmins },
  {
    operation: 'Project.colors',
    kind: 'query',
    what: 'a colour of P (the parent of O) among what X may pick',
    allowed: projectViewers,
  },
  {
    operation: 'Project.limits',
    kind: 'query',
    what: 'a limit of P (the parent of O) among what X may pick',
    allowed: projectViewers,
  },
  {
    operation: 'PublicProject.limits',
    kind: 'query',
    what: 'a limit of O among what X may pick, through the public link',
    allowed: allRoles,
  },
  {
    operation: 'Serie.limit',
    kind: 'query',
    what: 'the limit a series of X follows (a limit of O)',
    allowed: projectViewers,
  },
  {
    operation: 'Project.recalculations',
    kind: 'query',
    what: "progress of the background recomputations of X's series",
    allowed: projectViewers,
  },
  {
    operation: 'Serie.recalculations',
    kind: 'query',
    what: 'progress of the background recomputations of a series of X',
    allowed: projectViewers,
  },
  {
    operation: 'Serie.alarming',
    kind: 'query',
    what: 'a series of X with an open alarm episode shows as alarming (false for others)',
    allowed: alarmViewers,
  },
  // Reports of X (issue 22): a disposable report per row; covers of O
  { operation: 'reports', kind: 'query', what: 'a report of X is listed', allowed: reportViewers },
  { operation: 'summaryReports', kind: 'query', what: 'a summary report of X is listed', allowed: reportViewers },
  { operation: 'report', kind: 'query', what: 'read a report of X with its context', allowed: reportViewers },
  {
    operation: 'publicReport',
    kind: 'query',
    what: 'a published report of X through its public link',
    allowed: allRoles,
  },
  {
    operation: 'publicReport(unpublished)',
    kind: 'query',
    what: 'an unpublished report of X by its stored public id',
    allowed: [],
  },
  {
    operation: 'PublicProject.summaryReports',
    kind: 'query',
    what: 'a published summary report of X is linked from its public link',
    allowed: allRoles,
  },
  {
    operation: 'PublicProject.summaryReports(unpublished)',
    kind: 'query',
    what: 'an unpublished summary report of X through its public link',
    allowed: [],
  },
  {
    operation: 'GET /api/reports/{id}.pdf',
    kind: 'rest',
    what: 'a report of X as PDF',
    allowed: reportViewers,
  },
  {
    operation: 'GET /api/public-reports/{publicId}.pdf',
    kind: 'rest',
    what: 'a published report of X as PDF through its public link',
    allowed: allRoles,
  },
  {
    operation: 'GET /api/public-reports/{publicId}.pdf(unpublished)',
    kind: 'rest',
    what: 'an unpublished report of X as PDF by its stored public id (404)',
    allowed: [],
  },
  {
    operation: 'reportExtras',
    kind: 'query',
    what: "covers, print templates and templates X's reports may use",
    allowed: reportAdmins,
  },
  { operation: 'createReport', kind: 'mutation', what: 'a blank report in X', allowed: reportAdmins },
  {
    operation: 'createReport(templateId)',
    kind: 'mutation',
    what: 'a report in X from a template of a project of P (the parent of O)',
    allowed: reportAdmins,
  },
  {
    operation: 'createReport(templateId, file of another organization)',
    kind: 'mutation',
    what: 'a report in X from a template whose image tour names a file of a project of another organization ("No such file")',
    allowed: [],
  },
  {
    operation: 'updateReport',
    kind: 'mutation',
    what: 'change a report of X (and its template flag)',
    allowed: reportAdmins,
  },
  {
    operation: 'updateReport(file of another organization)',
    kind: 'mutation',
    what: 'an image tour of a report of X naming a file of a project of another organization ("No such file")',
    allowed: [],
  },
  { operation: 'deleteReport', kind: 'mutation', what: 'delete a report of X', allowed: reportAdmins },
  { operation: 'cloneReport', kind: 'mutation', what: 'copy a report of X within X', allowed: reportAdmins },
  {
    operation: 'cloneReport(another project)',
    kind: 'mutation',
    what: 'copy a report of X into another project of O',
    allowed: organizationAdmins,
  },
  {
    operation: 'cloneReport(file of another organization)',
    kind: 'mutation',
    what: 'copy a report of X whose image tour names a file of a project of another organization ("No such file")',
    allowed: [],
  },
  { operation: 'publishReport', kind: 'mutation', what: 'publish a report of X', allowed: reportAdmins },
  { operation: 'unpublishReport', kind: 'mutation', what: 'unpublish a report of X', allowed: reportAdmins },
  { operation: 'Organization.reportCovers', kind: 'query', what: "O's report covers", allowed: organizationAdmins },
  {
    operation: 'Organization.reportTemplates',
    kind: 'query',
    what: 'reports flagged template in projects of O',
    allowed: organizationAdmins,
  },
  { operation: 'createReportCover', kind: 'mutation', what: 'a report cover of O', allowed: organizationAdmins },
  {
    operation: 'createReportCover(logo of another organization)',
    kind: 'mutation',
    what: 'a report cover of O whose logo is a file of another organization ("No such file")',
    allowed: [],
  },
  { operation: 'updateReportCover', kind: 'mutation', what: 'change a report cover of O', allowed: organizationAdmins },
  { operation: 'deleteReportCover', kind: 'mutation', what: 'delete a report cover of O', allowed: organizationAdmins },
  {
    operation: 'Organization.printTemplates',
    kind: 'query',
    what: "O's print templates",
    allowed: organizationAdmins,
  },
  { operation: 'createPrintTemplate', kind: 'mutation', what: 'a print template of O', allowed: organizationAdmins },
  {
    operation: 'updatePrintTemplate',
    kind: 'mutation',
    what: 'change a print template of O',
    allowed: organizationAdmins,
  },
  {
    operation: 'deletePrintTemplate',
    kind: 'mutation',
    what: 'delete a print template of O',
    allowed: organizationAdmins,
  },
  // The schema itself (decision 0146); `__typename` stays open to everyone
  {
    operation: '__schema',
    kind: 'query',
    what: 'the whole schema by introspection (`__schema`, `__type`)',
    allowed: signedIn,
  },

  // Subscriptions
  { operation: 'meterUpdated', kind: 'subscription', what: "M's readings as they arrive", allowed: meterViewers },
  {
    operation: 'seriesLatestUpdated',
    kind: 'subscription',
    what: "X's latest values as they move",
    allowed: projectViewers,
  },
  {
    operation: 'publicSeriesLatestUpdated',
    kind: 'subscription',
    what: "latest values of X's shown spaces through the public link",
    allowed: allRoles,
  },
  {
    operation: 'publicSeriesLatestUpdated(hidden space)',
    kind: 'subscription',
    what: 'latest values of a hidden space of X through the public link',
    allowed: [],
  },
  {
    operation: 'publicProjectUpdated',
    kind: 'subscription',
    what: 'changes of X through the public link',
    allowed: allRoles,
  },
  { operation: 'projectUpdated', kind: 'subscription', what: 'changes of X', allowed: projectViewers },
  {
    operation: 'projectsStatusUpdated',
    kind: 'subscription',
    what: 'the status of X (with other followed projects)',
    allowed: projectViewers,
  },
  {
    operation: 'projectsUpdated',
    kind: 'subscription',
    what: 'X is among the changed projects',
    allowed: projectViewers,
  },
  { operation: 'currentUserUpdated', kind: 'subscription', what: "one's own account changes", allowed: signedIn },
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
