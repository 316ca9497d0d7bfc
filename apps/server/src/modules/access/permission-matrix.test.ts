import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportUrl, tenancyErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { imageTourContent, uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { type GraphQLResponse, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { startWeatherProviderServer, type WeatherProviderServer } from '../../testing/weather-provider-server.ts';
import { ColorsRepository } from '../colors/colors.repository.ts';
import { DocumentsRepository } from '../documents/documents.repository.ts';
import { LimitsRepository } from '../limits/limits.repository.ts';
import { MetersRepository } from '../meters/meters.repository.ts';
import { OrganizationsRepository } from '../organizations/organizations.repository.ts';
import { PrintTemplatesRepository } from '../print-templates/print-templates.repository.ts';
import { ProjectPagesRepository } from '../project-pages/project-pages.repository.ts';
import { type NewProject, ProjectsRepository } from '../projects/projects.repository.ts';
import { ReportCoversRepository } from '../report-covers/report-covers.repository.ts';
import { ReportsRepository } from '../reports/reports.repository.ts';
import { SeriesRepository } from '../series/series.repository.ts';
import { SpacesRepository } from '../spaces/spaces.repository.ts';
import {
  allRoles,
  type MatrixRow,
  permissionMatrix,
  type Role,
  renderPermissionsMarkdown,
} from './permission-matrix.ts';

type Outcome = 'allowed' | 'denied';

const matrixIngestToken = 'matrix-ingest-token-0123456789';
const randomSerial = () => crypto.randomBytes(8).toString('hex');

interface World {
  olo: TestServer;
  clients: Record<Role, TestClient>;
  userIds: Record<Role, string>;
  parentId: string;
  organization: { id: string; slug: string };
  project: { id: number; publicId: string };
  attachmentId: string;
  /** Files of organization Q, which has nothing to do with O or P: an image of a project of Q, and Q's own logo. */
  foreignFiles: { image: string; logo: string };
  meter: { id: number; serial: string };
  seriesId: number;
  otherSeriesId: number;
  organizations: OrganizationsRepository;
  meters: MetersRepository;
  series: SeriesRepository;
  projects: ProjectsRepository;
  newUser(): Promise<string>;
  username(role: Role): Promise<string>;
  /** The call under test, as `role`; a fingerprint of the tables is taken just before it. */
  call(role: Role, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse>;
  fingerprintBeforeCall: string;
  /** An upload as `role` (POST /api/attachments); the tables' fingerprint and the stored files are taken just before it. */
  upload(
    role: Role,
    target: Parameters<typeof uploadAttachment>[1],
    file: Parameters<typeof uploadAttachment>[2],
  ): ReturnType<typeof uploadAttachment>;
  attachmentFilesBeforeCall: string[];
  /** A GraphQL call as the site admin, which must succeed. */
  asAdmin<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

const deniedMessages = new Set(['Permission denied', 'Not signed in']);

/** Allowed when it answered without error and `included` holds; denied on a refusal; anything else fails the test. */
function outcomeOf(
  response: GraphQLResponse,
  included: (data: Record<string, unknown>) => boolean = () => true,
): Outcome {
  const message = response.errors?.[0]?.message;
  if (message) {
    if (deniedMessages.has(message)) return 'denied';
    throw new Error(`unexpected error: ${JSON.stringify(response.errors)}`);
  }
  return included(response.data as Record<string, unknown>) ? 'allowed' : 'denied';
}

type Case = (world: World, role: Role) => Promise<Outcome>;

/** Allowed when the upload was stored; denied on 401 or 403; anything else fails the test. */
function uploadOutcome(answer: Awaited<ReturnType<typeof uploadAttachment>>): Outcome {
  if (answer.status === 201) return 'allowed';
  expect({ status: answer.status, body: answer.body }).toMatchObject({
    status: expect.toSatisfy((status: number) => [401, 403].includes(status)),
    body: { errors: [{ message: expect.toSatisfy((message: string) => deniedMessages.has(message)) }] },
  });
  return 'denied';
}

/** The files under DATA_DIR/attachments, to prove that a refused upload wrote nothing. */
function attachmentFiles(olo: TestServer): string[] {
  const directory = path.join(olo.server.config.dataDir, 'attachments');
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
}

/** A disposable meter of O whose driver has commands (M decodes JSON, which has none). */
async function milesightMeterOf(w: World): Promise<number> {
  const { meter } = await w.meters.insertOrGet({ serial: randomSerial(), organizationId: w.organization.id });
  await w.meters.update(meter.id, { driver: 'milesight-am307' });
  return meter.id;
}

/** A disposable alarm of X over 1,200 on X's main series, with one unacknowledged episode and a webhook action. */
async function alarmOf(w: World): Promise<{ alarmId: string; triggeredId: string; actionId: string }> {
  const sql = w.olo.server.database.sql;
  const [alarm] = await sql<Array<{ id: string }>>`
    insert into alarms (project_id, name, range_end) values (${w.project.id}, 'CO2', 1200) returning id`;
  const alarmId = alarm?.id as string;
  await sql`insert into alarms_series (alarm_id, series_id) values (${alarmId}, ${w.seriesId})`;
  const [triggered] = await sql<Array<{ id: string }>>`
    insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
    values (${alarmId}, ${w.seriesId}, ${w.project.id}, now(), 1500) returning id`;
  const [action] = await sql<Array<{ id: string }>>`
    insert into alarms_actions (alarm_id, type, webhook, secret)
    values (${alarmId}, 'webhook', 'https://hooks.example.com/olo', 'secret') returning id`;
  return { alarmId, triggeredId: triggered?.id as string, actionId: action?.id as string };
}

/** A disposable colour of O (or global, with null). */
function colorOf(w: World, organizationId: string | null): Promise<{ id: number }> {
  return new ColorsRepository(w.olo.server.database.db).insert({
    name: 'Matrix',
    color: '#123456',
    type: 'chart',
    organizationId,
  });
}

/** A disposable limit of O (or global, with null) for a type no other row's series measure. */
function limitOf(w: World, organizationId: string | null, dataType = 'UV index'): Promise<{ id: number }> {
  return new LimitsRepository(w.olo.server.database.db).insert({
    name: 'Matrix',
    dataType,
    organizationId,
    order: 100,
    min: 0,
    max: 10,
    limits: [5],
    colors: ['#2b8a3e'],
    maxcolor: '#c92a2a',
    split: true,
    opacity: 0.2,
  });
}

const limitInput = {
  name: 'Matrix',
  dataType: 'UV index',
  order: 100,
  min: 0,
  max: 10,
  limits: [5],
  colors: ['#2b8a3e'],
  maxcolor: '#c92a2a',
  split: true,
  opacity: 0.2,
};

const listed = (key: string, id: number) => (data: Record<string, unknown>) =>
  (data[key] as Array<{ id: number }>).some((item) => item.id === id);

function createColorCase(global: boolean): Case {
  return async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateColorInput!) { createColor(input: $input) { id } }', {
        input: { name: 'New', color: '#abcdef', type: 'band', organizationId: global ? null : w.organization.id },
      }),
    );
}
function updateColorCase(global: boolean): Case {
  return async (w, role) => {
    const color = await colorOf(w, global ? null : w.organization.id);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateColorInput!) { updateColor(input: $input) { id } }', {
        input: { id: color.id, name: 'Renamed' },
      }),
    );
  };
}
function deleteColorCase(global: boolean): Case {
  return async (w, role) => {
    const color = await colorOf(w, global ? null : w.organization.id);
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteColor(id: $id) }', { id: color.id }));
  };
}
function createLimitCase(global: boolean): Case {
  return async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateLimitInput!) { createLimit(input: $input) { id } }', {
        input: { ...limitInput, organizationId: global ? null : w.organization.id },
      }),
    );
}
function updateLimitCase(global: boolean): Case {
  return async (w, role) => {
    const limit = await limitOf(w, global ? null : w.organization.id);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateLimitInput!) { updateLimit(input: $input) { id } }', {
        input: { id: limit.id, name: 'Renamed', limits: [4], normalMax: 4 },
      }),
    );
  };
}
function deleteLimitCase(global: boolean): Case {
  return async (w, role) => {
    const limit = await limitOf(w, global ? null : w.organization.id);
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteLimit(id: $id) }', { id: limit.id }));
  };
}

/** Whether the public link of X lists a new summary report of X, published or not. */
async function publicSummaryReportOutcome(w: World, role: Role, published: boolean) {
  const report = await reportOf(w, { summary: true, published });
  return outcomeOf(
    await w.call(role, 'query Q($id: String!) { projectByPublicId(publicId: $id) { summaryReports { publicId } } }', {
      id: w.project.publicId,
    }),
    (data) =>
      (data.projectByPublicId as { summaryReports: Array<{ publicId: string }> }).summaryReports.some(
        (item) => item.publicId === report.publicId,
      ),
  );
}

/**
 * A disposable public project of X's organization with showLive and the given show flags, a shown space whose CO2
 * series has an open alarm episode, and a published report that is not a summary report.
 */
async function publicProjectShowing(w: World, flags: { showReport: boolean; showAlarm: boolean }) {
  const sql = w.olo.server.database.sql;
  const project = await w.projects.insert({
    organizationId: w.organization.id,
    name: 'Shows reports and alarms',
    publicId: crypto.randomUUID(),
    showLive: true,
    ...flags,
  });
  const [space] = await sql<Array<{ id: number }>>`
    insert into spaces (project_id, name, show) values (${project.id}, 'Shown', true) returning id`;
  const series = await w.series.insert({ projectId: project.id, spaceId: space?.id, name: 'CO2', dataType: 'CO2' });
  const [alarm] = await sql<Array<{ id: string }>>`
    insert into alarms (project_id, name, range_end) values (${project.id}, 'CO2', 1200) returning id`;
  await sql`
    insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
    values (${alarm?.id as string}, ${series.id}, ${project.id}, now(), 1500)`;
  const report = await reportOf(w, { projectId: project.id, published: true, summary: false });
  return { publicId: project.publicId as string, seriesId: series.id, reportPublicId: report.publicId };
}

async function publicReportsOutcome(w: World, role: Role, showReport: boolean) {
  const shown = await publicProjectShowing(w, { showReport, showAlarm: false });
  return outcomeOf(
    await w.call(role, 'query Q($id: String!) { projectByPublicId(publicId: $id) { reports { publicId } } }', {
      id: shown.publicId,
    }),
    (data) =>
      (data.projectByPublicId as { reports: Array<{ publicId: string }> }).reports.some(
        (item) => item.publicId === shown.reportPublicId,
      ),
  );
}

async function publicAlarmOutcome(w: World, role: Role, showAlarm: boolean) {
  const shown = await publicProjectShowing(w, { showReport: false, showAlarm });
  return outcomeOf(
    await w.call(
      role,
      'query Q($id: String!) { projectByPublicId(publicId: $id) { alarmingSeriesCount series { id alarming } } }',
      { id: shown.publicId },
    ),
    (data) => {
      const project = data.projectByPublicId as {
        alarmingSeriesCount: number;
        series: Array<{ id: number; alarming: boolean }>;
      };
      const alarming = project.series.some((item) => item.id === shown.seriesId && item.alarming);
      return project.alarmingSeriesCount === 1 && alarming;
    },
  );
}

/** A disposable report of `projectId` (X by default), stored as the editor would save it. */
function reportOf(
  w: World,
  overrides: Partial<Parameters<ReportsRepository['insert']>[0]> = {},
): Promise<{ id: number; publicId: string }> {
  return new ReportsRepository(w.olo.server.database.db).insert({
    projectId: w.project.id,
    name: 'Matrix report',
    content: {
      version: 1,
      elements: [
        {
          id: 'co2',
          kind: 'summary',
          repeatPerSpace: false,
          pageBreakBefore: false,
          title: null,
          series: [{ space: { kind: 'all' }, dataType: 'CO2' }],
          data: { dataslotId: null, slot: null, mode: null, nulls: null, filters: null },
          alarms: true,
          children: [],
        },
      ],
    },
    dataslots: [],
    from: new Date('2026-10-01T00:00:00Z'),
    to: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  });
}

function coverOf(w: World): Promise<{ id: number }> {
  return new ReportCoversRepository(w.olo.server.database.db).insert({
    organizationId: w.organization.id,
    name: 'Matrix cover',
    cover: { version: 1, logoAttachmentId: null, elements: [] },
  });
}

function printTemplateOf(w: World): Promise<{ id: number }> {
  return new PrintTemplatesRepository(w.olo.server.database.db).insert({
    organizationId: w.organization.id,
    name: 'Matrix print template',
  });
}

/**
 * A row refused to everyone for naming a file of another organization: the roles that `plainOperation`'s row
 * allows must be answered "No such file" (so the file is what refused them), the others the usual refusal.
 */
function foreignFileOutcome(response: GraphQLResponse, role: Role, plainOperation: string): Outcome {
  const plain = permissionMatrix.find((row) => row.operation === plainOperation);
  if (!plain) throw new Error(`no row ${plainOperation}`);
  if (response.errors && plain.allowed.includes(role)) {
    expect(response.errors[0]?.message).toBe(tenancyErrors.noSuchFile);
    return 'denied';
  }
  return outcomeOf(response);
}

/** A public report answers for everybody or for nobody: "Not found" is its refusal. */
function publicReportOutcome(response: GraphQLResponse): Outcome {
  if (response.errors?.[0]?.message === 'Not found') return 'denied';
  return outcomeOf(response, (data) => data.publicReport !== null);
}

const alarmRule = { name: 'CO2', end: { value: 1200, inclusive: true } };

/** Issue 34 part 4: spec fields and operations (permission-matrix/api-coverage.ts). */
const apiCoverageCases: Record<string, Case> = {
  'SeriesDatasource.meter': async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'query Q($id: Int!) { project(id: $id) { series { id seriesDatasources { meter { id } } } } }',
        {
          id: w.project.id,
        },
      ),
      (data) =>
        (
          data.project as { series: Array<{ id: number; seriesDatasources: Array<{ meter: { id: number } | null }> }> }
        ).series
          .find((item) => item.id === w.seriesId)
          ?.seriesDatasources.some((datasource) => datasource.meter?.id === w.meter.id) ?? false,
    ),
  measurementTypes: async (w, role) =>
    outcomeOf(await w.call(role, 'query { measurementTypes { type order } }'), (data) =>
      (data.measurementTypes as Array<{ type: string }>).some((item) => item.type === 'CO2'),
    ),
  systemVariables: async (w, role) =>
    outcomeOf(await w.call(role, 'query { systemVariables { siteName maxUploadBytes } }')),
};

/** How each row of the matrix is exercised. Disposable objects keep allowed mutations from changing anyone's rights. */
/** A disposable document of O, of X or global ('global'), published unless `draft`. */
function documentOf(
  w: World,
  owner: 'organization' | 'project' | 'global',
  options: { draft?: boolean; content?: string } = {},
): Promise<{ id: number }> {
  return new DocumentsRepository(w.olo.server.database.db).insert({
    name: 'Matrix help',
    content: options.content ?? 'How to read the gauges.',
    published: !options.draft,
    organizationId: owner === 'organization' ? w.organization.id : null,
    projectId: owner === 'project' ? w.project.id : null,
  });
}

function listDocumentCase(owner: 'organization' | 'project' | 'global', draft = false): Case {
  return async (w, role) => {
    const document = await documentOf(w, owner, { draft });
    return outcomeOf(await w.call(role, '{ documents { id } }'), listed('documents', document.id));
  };
}
function documentByIdCase(owner: 'organization' | 'project' | 'global', draft = false): Case {
  return async (w, role) => {
    const document = await documentOf(w, owner, { draft });
    return outcomeOf(await w.call(role, 'query Q($id: Int!) { document(id: $id) { id } }', { id: document.id }));
  };
}
function createDocumentCase(owner: 'organization' | 'project' | 'global'): Case {
  return async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateDocumentInput!) { createDocument(input: $input) { id } }', {
        input: {
          name: 'New help',
          content: 'Text',
          organizationId: owner === 'organization' ? w.organization.id : null,
          projectId: owner === 'project' ? w.project.id : null,
        },
      }),
    );
}
function updateDocumentCase(owner: 'organization' | 'project' | 'global'): Case {
  return async (w, role) => {
    const document = await documentOf(w, owner);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateDocumentInput!) { updateDocument(input: $input) { id } }', {
        input: { id: document.id, name: 'Renamed' },
      }),
    );
  };
}
function deleteDocumentCase(owner: 'organization' | 'project' | 'global'): Case {
  return async (w, role) => {
    const document = await documentOf(w, owner);
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteDocument(id: $id) }', { id: document.id }));
  };
}

/** A disposable schedule of a disposable report of X with a rolling week, mailing one outside address. */
async function scheduleOf(w: World): Promise<{ id: number; reportId: number }> {
  const report = await reportOf(w);
  const sql = w.olo.server.database.sql;
  await sql`update reports set period = '{"kind":"previousWeek","days":null}'::jsonb where id = ${report.id}`;
  const [row] = await sql<Array<{ id: number }>>`
    insert into report_schedules (report_id, frequency, weekday, hour, minute, language, addresses, next_due_at)
    values (${report.id}, 'weekly', 1, 7, 0, 'fi', '["matrix@example.com"]'::jsonb, now() + interval '1 day')
    returning id`;
  return { id: row?.id as number, reportId: report.id };
}

const scheduleInput = {
  frequency: 'weekly',
  weekday: 1,
  hour: 7,
  minute: 0,
  language: 'fi',
  addresses: ['m@example.com'],
};

const reportScheduleCases: Record<string, Case> = {
  reportSchedules: async (w, role) => {
    const schedule = await scheduleOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { reportSchedules(reportId: $id) { id } }', { id: schedule.reportId }),
    );
  },
  reportSendings: async (w, role) => {
    const schedule = await scheduleOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { reportSendings(reportId: $id) { id } }', { id: schedule.reportId }),
    );
  },
  createReportSchedule: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(
      await w.call(
        role,
        'mutation M($id: Int!, $input: ReportScheduleInput!) { createReportSchedule(reportId: $id, input: $input) { id } }',
        { id: report.id, input: scheduleInput },
      ),
    );
  },
  updateReportSchedule: async (w, role) => {
    const schedule = await scheduleOf(w);
    return outcomeOf(
      await w.call(
        role,
        'mutation M($id: Int!, $input: ReportScheduleInput!) { updateReportSchedule(id: $id, input: $input) { id } }',
        { id: schedule.id, input: { ...scheduleInput, hour: 9 } },
      ),
    );
  },
  deleteReportSchedule: async (w, role) => {
    const schedule = await scheduleOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { deleteReportSchedule(id: $id) }', { id: schedule.id }),
    );
  },
  sendReportNow: async (w, role) => {
    const schedule = await scheduleOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { sendReportNow(scheduleId: $id) { id status } }', { id: schedule.id }),
    );
  },
};

const cases: Record<string, Case> = {
  ...apiCoverageCases,
  ...reportScheduleCases,
  indoorClimateClassification: async (w, role) => {
    const response = await w.call(
      role,
      'query Q($id: Int!, $from: DateTime!, $to: DateTime!) { indoorClimateClassification(projectId: $id, from: $from, to: $to) { timeZone rows { seriesId } } }',
      { id: w.project.id, from: new Date(Date.now() - 7 * 86_400_000).toISOString(), to: new Date().toISOString() },
    );
    return outcomeOf(response, (data) => data.indoorClimateClassification !== null);
  },
  organizations: async (w, role) =>
    outcomeOf(await w.call(role, 'query { organizations { id } }'), (data) =>
      (data.organizations as Array<{ id: string }>).some((item) => item.id === w.organization.id),
    ),
  organization: async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: ID!) { organization(id: $id) { id } }', { id: w.organization.id })),
  organizationBySlug: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($slug: String!) { organizationBySlug(slug: $slug) { id } }', {
        slug: w.organization.slug,
      }),
    ),
  organizationMembers: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organizationMembers(id: $id) { id } }', { id: w.organization.id }),
    ),
  'Organization.invitations': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { invitations { id } } }', {
        id: w.organization.id,
      }),
    ),
  'Organization.organizations': async (w, role) => {
    const child = await w.organizations.insert({
      name: 'Listed child',
      slug: `listed-${crypto.randomBytes(4).toString('hex')}`,
      parentId: w.organization.id,
    });
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { organizations { id } } }', {
        id: w.organization.id,
      }),
      (data) =>
        (data.organization as { organizations: Array<{ id: string }> }).organizations.some(
          (item) => item.id === child.id,
        ),
    );
  },
  'Organization.projects': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { projects { id } } }', { id: w.organization.id }),
      (data) =>
        (data.organization as { projects: Array<{ id: number }> }).projects.some((item) => item.id === w.project.id),
    ),
  usersList: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: ID!) { usersList(organizationId: $id) { id } }', { id: w.organization.id }),
    ),
  'currentUser.menuOrganizations': async (w, role) =>
    outcomeOf(await w.call(role, 'query { currentUser { menuOrganizations { id } } }'), (data) =>
      Boolean(
        (data.currentUser as { menuOrganizations: Array<{ id: string }> } | null)?.menuOrganizations.some(
          (item) => item.id === w.organization.id,
        ),
      ),
    ),
  createOrganization: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($slug: String!) { createOrganization(name: "Top", slug: $slug) { id } }', {
        slug: `top-${crypto.randomBytes(4).toString('hex')}`,
      }),
    ),
  'createOrganization(parentId)': async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($slug: String!, $parentId: ID) { createOrganization(name: "Child", slug: $slug, parentId: $parentId) { id } }',
        { slug: `child-${crypto.randomBytes(4).toString('hex')}`, parentId: w.organization.id },
      ),
    ),
  updateOrganization: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { updateOrganization(id: $id, description: "Checked") { id } }', {
        id: w.organization.id,
      }),
    ),
  deleteOrganization: async (w, role) => {
    const child = await w.organizations.insert({
      name: 'Empty',
      slug: `empty-${crypto.randomBytes(4).toString('hex')}`,
      parentId: w.organization.id,
    });
    return outcomeOf(await w.call(role, 'mutation M($id: ID!) { deleteOrganization(id: $id) }', { id: child.id }));
  },
  createOrganizationMembership: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($input: CreateOrganizationMembershipInput!) { createOrganizationMembership(input: $input) { id } }',
        { input: { organizationId: w.organization.id, userId: await w.newUser() } },
      ),
    ),
  updateOrganizationMembership: async (w, role) => {
    const membership = await w.organizations.insertMembership({
      organizationId: w.organization.id,
      userId: await w.newUser(),
    });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($input: UpdateOrganizationMembershipInput!) { updateOrganizationMembership(input: $input) { id } }',
        { input: { id: membership.id, canViewAll: true } },
      ),
    );
  },
  'updateOrganizationMembership(own notifyOnMeterError)': async (w, role) => {
    const own =
      role === 'anonymous' ? undefined : await w.organizations.findMembershipOf(w.organization.id, w.userIds[role]);
    const membership =
      own ?? (await w.organizations.insertMembership({ organizationId: w.organization.id, userId: await w.newUser() }));
    return outcomeOf(
      await w.call(
        role,
        'mutation M($input: UpdateOrganizationMembershipInput!) { updateOrganizationMembership(input: $input) { id } }',
        { input: { id: membership.id, notifyOnMeterError: !membership.notifyOnMeterError } },
      ),
    );
  },
  deleteOrganizationMembership: async (w, role) => {
    const membership = await w.organizations.insertMembership({
      organizationId: w.organization.id,
      userId: await w.newUser(),
    });
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { deleteOrganizationMembership(id: $id) }', { id: membership.id }),
    );
  },
  addOrganizationAdmin: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($o: ID!, $u: ID!) { addOrganizationAdmin(organizationId: $o, userId: $u) { currentUserIsAdmin } }',
        { o: w.organization.id, u: await w.newUser() },
      ),
    ),
  removeOrganizationAdmin: async (w, role) => {
    const userId = await w.newUser();
    await w.organizations.insertMembership({ organizationId: w.organization.id, userId, isAdmin: true });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($o: ID!, $u: ID!) { removeOrganizationAdmin(organizationId: $o, userId: $u) { id } }',
        { o: w.organization.id, u: userId },
      ),
    );
  },
  removeFromOrganization: async (w, role) => {
    const userId = await w.newUser();
    await w.organizations.insertMembership({ organizationId: w.organization.id, userId });
    return outcomeOf(
      await w.call(role, 'mutation M($o: ID!, $u: ID!) { removeFromOrganization(organizationId: $o, userId: $u) }', {
        o: w.organization.id,
        u: userId,
      }),
    );
  },
  'invite(organizationId)': async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($o: ID, $e: String) { invite(organizationId: $o, email: $e) { id } }', {
        o: w.organization.id,
        e: `invitee-${crypto.randomBytes(4).toString('hex')}@example.com`,
      }),
    ),
  acceptOrganizationInvite: async (w, role) => {
    const target = await w.organizations.insert({
      name: 'Invited to',
      slug: `invited-${crypto.randomBytes(4).toString('hex')}`,
      parentId: w.organization.id,
    });
    const invitation = await w.asAdmin<{ invite: { id: string } }>(
      'mutation M($o: ID, $e: String) { invite(organizationId: $o, email: $e) { id } }',
      { o: target.id, e: `accept-${crypto.randomBytes(4).toString('hex')}@example.com` },
    );
    const [row] = await w.olo.server.database.sql`select code from invitations where id = ${invitation.invite.id}`;
    return outcomeOf(
      await w.call(
        role,
        'mutation M($id: ID!, $code: String) { acceptOrganizationInvite(invitationId: $id, code: $code) { id } }',
        {
          id: invitation.invite.id,
          code: row?.code,
        },
      ),
    );
  },
  createProject: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateProjectInput!) { createProject(input: $input) { id } }', {
        input: { organizationId: w.organization.id, name: 'New project' },
      }),
    ),
  'cancelInvitation(organizationId)': async (w, role) => {
    const invitation = await w.asAdmin<{ invite: { id: string } }>(
      'mutation M($o: ID, $e: String) { invite(organizationId: $o, email: $e) { id } }',
      { o: w.organization.id, e: `cancel-${crypto.randomBytes(4).toString('hex')}@example.com` },
    );
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { cancelInvitation(id: $id) }', { id: invitation.invite.id }),
    );
  },
  'POST /api/attachments(organizationId)': async (w, role) =>
    uploadOutcome(
      await w.upload(
        role,
        { organizationId: w.organization.id },
        { name: 'terms.txt', type: 'text/plain', bytes: 'Ehdot' },
      ),
    ),
  'currentUser.invitations': async (w, role) => {
    const target = await w.projects.insert({ organizationId: w.organization.id, name: 'Invited to look' });
    const invitation =
      role === 'anonymous'
        ? undefined
        : await w.asAdmin<{ invite: { id: string } }>(
            'mutation M($p: Int, $u: String) { invite(projectId: $p, username: $u) { id } }',
            { p: target.id, u: await w.username(role) },
          );
    return outcomeOf(await w.call(role, 'query { currentUser { invitations { invitationId } } }'), (data) =>
      Boolean(
        (data.currentUser as { invitations: Array<{ invitationId: string }> } | null)?.invitations.some(
          (item) => item.invitationId === invitation?.invite.id,
        ),
      ),
    );
  },
  projects: async (w, role) =>
    outcomeOf(await w.call(role, 'query { projects { id } }'), (data) =>
      (data.projects as Array<{ id: number }>).some((item) => item.id === w.project.id),
    ),
  project: async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { project(id: $id) { id privileges } }', { id: w.project.id })),
  'Project.members': async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { project(id: $id) { members { id } } }', { id: w.project.id })),
  'Project.pages': async (w, role) => {
    const page = await new ProjectPagesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Members only',
      internal: true,
    });
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { pages { id } } }', { id: w.project.id }),
      (data) => (data.project as { pages: Array<{ id: number }> }).pages.some((item) => item.id === page.id),
    );
  },
  'Project.pages(hidden)': async (w, role) => {
    const page = await new ProjectPagesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Draft',
      show: false,
    });
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { pages { id } } }', { id: w.project.id }),
      (data) => (data.project as { pages: Array<{ id: number }> }).pages.some((item) => item.id === page.id),
    );
  },
  'Project.spaces': async (w, role) => {
    const space = await new SpacesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Hall',
    });
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { spaces { id } } }', { id: w.project.id }),
      (data) => (data.project as { spaces: Array<{ id: number }> }).spaces.some((item) => item.id === space.id),
    );
  },
  'Project.alarmsTriggeredCount': async (w, role) => {
    const sql = w.olo.server.database.sql;
    const [series] = await sql<Array<{ id: number }>>`
      insert into series (project_id, name, data_type) values (${w.project.id}, 'CO2', 'CO2') returning id`;
    const [alarm] = await sql<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${w.project.id}, 'CO2', 1200) returning id`;
    await sql`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
      values (${alarm?.id as string}, ${series?.id as number}, ${w.project.id}, now(), 1500)`;
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { alarmsTriggeredCount } }', { id: w.project.id }),
      (data) => (data.project as { alarmsTriggeredCount: number }).alarmsTriggeredCount > 0,
    );
  },
  projectAdmin: async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { projectAdmin(id: $id) { id } }', { id: w.project.id })),
  'Project.invitations': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { invitations { id } } }', { id: w.project.id }),
    ),
  'currentUser.menuProjects': async (w, role) =>
    outcomeOf(await w.call(role, 'query { currentUser { menuProjects { id } } }'), (data) =>
      Boolean(
        (data.currentUser as { menuProjects: Array<{ id: number }> } | null)?.menuProjects.some(
          (item) => item.id === w.project.id,
        ),
      ),
    ),
  'currentUser.dashboardProjects': async (w, role) =>
    outcomeOf(await w.call(role, 'query { currentUser { dashboardProjects { id } } }'), (data) =>
      Boolean(
        (data.currentUser as { dashboardProjects: Array<{ id: number }> } | null)?.dashboardProjects.some(
          (item) => item.id === w.project.id,
        ),
      ),
    ),
  colors: async (w, role) => {
    const color = await colorOf(w, w.organization.id);
    return outcomeOf(await w.call(role, 'query { colors { id } }'), listed('colors', color.id));
  },
  'colors(global)': async (w, role) => {
    const color = await colorOf(w, null);
    return outcomeOf(await w.call(role, 'query { colors { id } }'), listed('colors', color.id));
  },
  colorsByOrganization: async (w, role) => {
    const color = await colorOf(w, w.organization.id);
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!) { colorsByOrganization(organizationId: $id) { id } }', {
        id: w.organization.id,
      }),
      listed('colorsByOrganization', color.id),
    );
  },
  createColor: createColorCase(false),
  'createColor(global)': createColorCase(true),
  updateColor: updateColorCase(false),
  'updateColor(global)': updateColorCase(true),
  deleteColor: deleteColorCase(false),
  'deleteColor(global)': deleteColorCase(true),
  limits: async (w, role) => {
    const limit = await limitOf(w, w.organization.id);
    return outcomeOf(await w.call(role, 'query { limits { id } }'), listed('limits', limit.id));
  },
  'limits(global)': async (w, role) => {
    const limit = await limitOf(w, null);
    return outcomeOf(await w.call(role, 'query { limits { id } }'), listed('limits', limit.id));
  },
  limitsByOrganization: async (w, role) => {
    const limit = await limitOf(w, w.organization.id);
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!) { limitsByOrganization(organizationId: $id) { id } }', {
        id: w.organization.id,
      }),
      listed('limitsByOrganization', limit.id),
    );
  },
  globalLimits: async (w, role) => {
    const limit = await limitOf(w, null);
    return outcomeOf(await w.call(role, 'query { globalLimits { id } }'), listed('globalLimits', limit.id));
  },
  reports: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { reports(projectId: $id) { id } }', { id: w.project.id }),
      listed('reports', report.id),
    );
  },
  summaryReports: async (w, role) => {
    const report = await reportOf(w, { summary: true });
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { summaryReports(projectId: $id) { id } }', { id: w.project.id }),
      listed('summaryReports', report.id),
    );
  },
  report: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(
      await w.call(
        role,
        'query Q($id: Int!) { report(id: $id) { id context { series { id } alarmEpisodes { id } } } }',
        {
          id: report.id,
        },
      ),
      (data) => (data.report as { context: { series: Array<{ id: number }> } }).context.series.length > 0,
    );
  },
  publicReport: async (w, role) => {
    const report = await reportOf(w, { published: true });
    return publicReportOutcome(
      await w.call(role, 'query Q($id: String!) { publicReport(publicId: $id) { name context { series { id } } } }', {
        id: report.publicId,
      }),
    );
  },
  'publicReport(unpublished)': async (w, role) => {
    const report = await reportOf(w, { published: false });
    return publicReportOutcome(
      await w.call(role, 'query Q($id: String!) { publicReport(publicId: $id) { name } }', { id: report.publicId }),
    );
  },
  'PublicProject.summaryReports': async (w, role) => publicSummaryReportOutcome(w, role, true),
  'PublicProject.summaryReports(unpublished)': async (w, role) => publicSummaryReportOutcome(w, role, false),
  'PublicProject.reports': async (w, role) => publicReportsOutcome(w, role, true),
  'PublicProject.reports(showReport off)': async (w, role) => publicReportsOutcome(w, role, false),
  'PublicProject.alarmingSeriesCount': async (w, role) => publicAlarmOutcome(w, role, true),
  'PublicProject.alarmingSeriesCount(showAlarm off)': async (w, role) => publicAlarmOutcome(w, role, false),
  'GET /api/reports/{id}.pdf': async (w, role) => {
    const report = await pdfReport(w, 'member');
    return pdfOutcome(await w.clients[role].fetch(`/api/reports/${report.id}.pdf`), [401, 403]);
  },
  'GET /api/public-reports/{publicId}.pdf': async (w, role) => {
    const report = await pdfReport(w, 'public');
    return pdfOutcome(await w.clients[role].fetch(`/api/public-reports/${report.publicId}.pdf`), [404]);
  },
  'GET /api/public-reports/{publicId}.pdf(unpublished)': async (w, role) => {
    const report = await reportOf(w, { published: false });
    return pdfOutcome(await w.clients[role].fetch(`/api/public-reports/${report.publicId}.pdf`), [404]);
  },
  reportExtras: async (w, role) => {
    const cover = await coverOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { reportExtras(projectId: $id) { covers { id } templates { id } } }', {
        id: w.project.id,
      }),
      (data) => (data.reportExtras as { covers: Array<{ id: number }> }).covers.some((item) => item.id === cover.id),
    );
  },
  createReport: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateReportInput!) { createReport(input: $input) { report { id } } }', {
        input: { projectId: w.project.id, name: 'New', from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
      }),
    ),
  'createReport(templateId)': async (w, role) => {
    const elsewhere = await w.projects.insert({ organizationId: w.parentId, name: 'Template home' });
    const template = await reportOf(w, { projectId: elsewhere.id, template: true });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($input: CreateReportInput!) { createReport(input: $input) { report { id } unmapped { spaceName } } }',
        {
          input: {
            projectId: w.project.id,
            name: 'From template',
            from: '2026-10-01T00:00:00Z',
            to: '2026-11-01T00:00:00Z',
            templateId: template.id,
          },
        },
      ),
    );
  },
  'createReport(templateId, file of another organization)': async (w, role) => {
    const elsewhere = await w.projects.insert({ organizationId: w.parentId, name: 'Template home' });
    const template = await reportOf(w, {
      projectId: elsewhere.id,
      template: true,
      content: imageTourContent(w.foreignFiles.image),
    });
    return foreignFileOutcome(
      await w.call(role, 'mutation M($input: CreateReportInput!) { createReport(input: $input) { report { id } } }', {
        input: {
          projectId: w.project.id,
          name: 'From template',
          from: '2026-10-01T00:00:00Z',
          to: '2026-11-01T00:00:00Z',
          templateId: template.id,
        },
      }),
      role,
      'createReport(templateId)',
    );
  },
  updateReport: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateReportInput!) { updateReport(input: $input) { id version } }', {
        input: { id: report.id, version: 1, name: 'Renamed', template: true, landscape: true },
      }),
    );
  },
  'updateReport(file of another organization)': async (w, role) => {
    const report = await reportOf(w);
    return foreignFileOutcome(
      await w.call(role, 'mutation M($input: UpdateReportInput!) { updateReport(input: $input) { id version } }', {
        input: { id: report.id, version: 1, content: imageTourContent(w.foreignFiles.image) },
      }),
      role,
      'updateReport',
    );
  },
  deleteReport: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteReport(id: $id) }', { id: report.id }));
  },
  cloneReport: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: CloneReportInput!) { cloneReport(input: $input) { report { id } } }', {
        input: { id: report.id, projectId: w.project.id },
      }),
    );
  },
  'cloneReport(another project)': async (w, role) => {
    const report = await reportOf(w);
    const target = await w.projects.insert({ organizationId: w.organization.id, name: 'Clone target' });
    return outcomeOf(
      await w.call(role, 'mutation M($input: CloneReportInput!) { cloneReport(input: $input) { report { id } } }', {
        input: { id: report.id, projectId: target.id, name: 'Copy' },
      }),
    );
  },
  'cloneReport(file of another organization)': async (w, role) => {
    // Stored before files were checked on saving: written straight into the table.
    const report = await reportOf(w, { content: imageTourContent(w.foreignFiles.image) });
    return foreignFileOutcome(
      await w.call(role, 'mutation M($input: CloneReportInput!) { cloneReport(input: $input) { report { id } } }', {
        input: { id: report.id, projectId: w.project.id },
      }),
      role,
      'cloneReport',
    );
  },
  publishReport: async (w, role) => {
    const report = await reportOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { publishReport(id: $id) { publicId } }', { id: report.id }),
    );
  },
  unpublishReport: async (w, role) => {
    const report = await reportOf(w, { published: true });
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { unpublishReport(id: $id) { published } }', { id: report.id }),
    );
  },
  'Organization.reportCovers': async (w, role) => {
    const cover = await coverOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { reportCovers { id } } }', {
        id: w.organization.id,
      }),
      (data) =>
        Boolean(
          (data.organization as { reportCovers: Array<{ id: number }> } | null)?.reportCovers.some(
            (item) => item.id === cover.id,
          ),
        ),
    );
  },
  'Organization.reportTemplates': async (w, role) => {
    const template = await reportOf(w, { template: true });
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { reportTemplates { id } } }', {
        id: w.organization.id,
      }),
      (data) =>
        Boolean(
          (data.organization as { reportTemplates: Array<{ id: number }> } | null)?.reportTemplates.some(
            (item) => item.id === template.id,
          ),
        ),
    );
  },
  createReportCover: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }', {
        input: { organizationId: w.organization.id, name: 'Kansilehti' },
      }),
    ),
  'createReportCover(logo of another organization)': async (w, role) =>
    foreignFileOutcome(
      await w.call(role, 'mutation M($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }', {
        input: {
          organizationId: w.organization.id,
          name: 'Kansilehti',
          cover: { version: 1, logoAttachmentId: w.foreignFiles.logo },
        },
      }),
      role,
      'createReportCover',
    ),
  updateReportCover: async (w, role) => {
    const cover = await coverOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }', {
        input: { id: cover.id, name: 'Renamed' },
      }),
    );
  },
  deleteReportCover: async (w, role) => {
    const cover = await coverOf(w);
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteReportCover(id: $id) }', { id: cover.id }));
  },
  'Organization.printTemplates': async (w, role) => {
    const template = await printTemplateOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { printTemplates { id } } }', {
        id: w.organization.id,
      }),
      (data) =>
        Boolean(
          (data.organization as { printTemplates: Array<{ id: number }> } | null)?.printTemplates.some(
            (item) => item.id === template.id,
          ),
        ),
    );
  },
  createPrintTemplate: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($input: CreatePrintTemplateInput!) { createPrintTemplate(input: $input) { id } }',
        { input: { organizationId: w.organization.id, name: 'Tulostuspohja', footer: '{page} / {pages}' } },
      ),
    ),
  updatePrintTemplate: async (w, role) => {
    const template = await printTemplateOf(w);
    return outcomeOf(
      await w.call(
        role,
        'mutation M($input: UpdatePrintTemplateInput!) { updatePrintTemplate(input: $input) { id } }',
        { input: { id: template.id, margin: '2cm' } },
      ),
    );
  },
  deletePrintTemplate: async (w, role) => {
    const template = await printTemplateOf(w);
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deletePrintTemplate(id: $id) }', { id: template.id }));
  },
  createLimit: createLimitCase(false),
  'createLimit(global)': createLimitCase(true),
  updateLimit: updateLimitCase(false),
  'updateLimit(global)': updateLimitCase(true),
  deleteLimit: deleteLimitCase(false),
  'deleteLimit(global)': deleteLimitCase(true),
  'Project.colors': async (w, role) => {
    const color = await colorOf(w, w.parentId);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { colors { id } } }', { id: w.project.id }),
      (data) => listed('colors', color.id)(data.project as Record<string, unknown>),
    );
  },
  'Project.limits': async (w, role) => {
    const limit = await limitOf(w, w.parentId);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { limits { id } } }', { id: w.project.id }),
      (data) => listed('limits', limit.id)(data.project as Record<string, unknown>),
    );
  },
  'PublicProject.limits': async (w, role) => {
    const limit = await limitOf(w, w.organization.id);
    return outcomeOf(
      await w.call(role, 'query Q($id: String!) { projectByPublicId(publicId: $id) { limits { id } } }', {
        id: w.project.publicId,
      }),
      (data) => listed('limits', limit.id)(data.projectByPublicId as Record<string, unknown>),
    );
  },
  'Serie.limit': async (w, role) => {
    const limit = await limitOf(w, w.organization.id, 'Light');
    const series = await w.series.insert({
      projectId: w.project.id,
      name: 'Valo',
      dataType: 'Light',
      limitId: limit.id,
    });
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { series { id limit { id } } } }', {
        id: w.project.id,
      }),
      (data) =>
        (data.project as { series: Array<{ id: number; limit: { id: number } | null }> }).series.some(
          (item) => item.id === series.id && item.limit?.id === limit.id,
        ),
    );
  },
  'Project.recalculations': async (w, role) => {
    await w.olo.server.database.sql`
      insert into recalculations (meter_id, reason, status, project_ids)
      values (${w.meter.id}, 'calibration', 'queued', ${`{${w.project.id}}`}::int[])`;
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { recalculations { id status } } }', {
        id: w.project.id,
      }),
      (data) => (data.project as { recalculations: unknown[] }).recalculations.length > 0,
    );
  },
  'Serie.recalculations': async (w, role) => {
    const series = await w.series.insert({ projectId: w.project.id, name: 'Laskettava', dataType: 'CO2' });
    await w.olo.server.database.sql`
      insert into recalculations (meter_id, reason, status, series_ids, project_ids)
      values (${w.meter.id}, 'datasource', 'running', ${`{${series.id}}`}::int[], ${`{${w.project.id}}`}::int[])`;
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { series { id recalculations { id } } } }', {
        id: w.project.id,
      }),
      (data) =>
        (data.project as { series: Array<{ id: number; recalculations: unknown[] }> }).series.some(
          (item) => item.id === series.id && item.recalculations.length > 0,
        ),
    );
  },
  'Serie.alarming': async (w, role) => {
    const sql = w.olo.server.database.sql;
    const series = await w.series.insert({ projectId: w.project.id, name: 'Hälyttävä', dataType: 'CO2' });
    const [alarm] = await sql<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${w.project.id}, 'CO2', 1200) returning id`;
    await sql`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
      values (${alarm?.id as string}, ${series.id}, ${w.project.id}, now(), 1500)`;
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { series { id alarming } } }', { id: w.project.id }),
      (data) =>
        (data.project as { series: Array<{ id: number; alarming: boolean }> }).series.some(
          (item) => item.id === series.id && item.alarming,
        ),
    );
  },
  projectByPublicId: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'query Q($id: String!) { projectByPublicId(publicId: $id) { id pages { id } spaces { id } } }',
        {
          id: w.project.publicId,
        },
      ),
    ),
  'projectByPublicId(link off)': async (w, role) => {
    const closed = await w.projects.insert({
      organizationId: w.organization.id,
      name: 'Link turned off',
      publicId: crypto.randomUUID(),
    });
    await w.asAdmin('mutation M($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
      input: { id: closed.id, isPublic: false },
    });
    const response = await w.call(role, 'query Q($id: String!) { projectByPublicId(publicId: $id) { id } }', {
      id: closed.publicId,
    });
    return response.errors?.[0]?.message === 'Not found' ? 'denied' : outcomeOf(response);
  },
  'projectByPublicId(internal page)': async (w, role) => {
    const page = await new ProjectPagesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Internal notes',
      internal: true,
    });
    return outcomeOf(
      await w.call(role, 'query Q($id: String!) { projectByPublicId(publicId: $id) { pages { id } } }', {
        id: w.project.publicId,
      }),
      (data) => (data.projectByPublicId as { pages: Array<{ id: number }> }).pages.some((item) => item.id === page.id),
    );
  },
  'PublicProject.series': async (w, role) => {
    const seriesId = await seriesInShownSpace(w);
    return outcomeOf(
      await w.call(
        role,
        'query Q($id: String!) { projectByPublicId(publicId: $id) { series { id latest { data } } } }',
        {
          id: w.project.publicId,
        },
      ),
      (data) =>
        (data.projectByPublicId as { series: Array<{ id: number }> }).series.some((item) => item.id === seriesId),
    );
  },
  'PublicProject.series(hidden space)': async (w, role) => {
    const seriesId = await seriesInHiddenSpace(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: String!) { projectByPublicId(publicId: $id) { series { id } } }', {
        id: w.project.publicId,
      }),
      (data) =>
        (data.projectByPublicId as { series: Array<{ id: number }> }).series.some((item) => item.id === seriesId),
    );
  },
  updateProject: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
        input: { id: w.project.id, description: `Checked by ${role}` },
      }),
    ),
  projectAdminAction: async (w, role) => {
    const disposable = await w.projects.insert({ organizationId: w.organization.id, name: 'To hide' });
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { projectAdminAction(id: $id, action: hide) { hidden } }', {
        id: disposable.id,
      }),
    );
  },
  'projectAdminAction(end)': adminActionOnX('end', {}),
  'projectAdminAction(archive)': adminActionOnX('archive', {}),
  'projectAdminAction(unarchive)': adminActionOnX('unarchive', { archivedAt: new Date() }),
  'projectAdminAction(hide)': adminActionOnX('hide', {}),
  'projectAdminAction(unhide)': adminActionOnX('unhide', { hidden: true }),
  favouriteProject: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { favouriteProject(id: $id) { favourite } }', { id: w.project.id }),
    ),
  unfavouriteProject: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { unfavouriteProject(id: $id) { favourite } }', { id: w.project.id }),
    ),
  createProjectMembership: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($input: CreateProjectMembershipInput!) { createProjectMembership(input: $input) { id } }',
        { input: { projectId: w.project.id, userId: await w.newUser() } },
      ),
    ),
  updateProjectMembership: async (w, role) => {
    const membership = await w.projects.insertMembership({ projectId: w.project.id, userId: await w.newUser() });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($input: UpdateProjectMembershipInput!) { updateProjectMembership(input: $input) { id } }',
        { input: { id: membership.id, canViewAlarms: true } },
      ),
    );
  },
  deleteProjectMembership: async (w, role) => {
    const membership = await w.projects.insertMembership({ projectId: w.project.id, userId: await w.newUser() });
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { deleteProjectMembership(id: $id) }', { id: membership.id }),
    );
  },
  'invite(projectId)': async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($p: Int, $e: String) { invite(projectId: $p, email: $e) { id } }', {
        p: w.project.id,
        e: `invitee-${crypto.randomBytes(4).toString('hex')}@example.com`,
      }),
    ),
  cancelInvitation: async (w, role) => {
    const invitation = await w.asAdmin<{ invite: { id: string } }>(
      'mutation M($p: Int, $e: String) { invite(projectId: $p, email: $e) { id } }',
      { p: w.project.id, e: `cancel-${crypto.randomBytes(4).toString('hex')}@example.com` },
    );
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { cancelInvitation(id: $id) }', { id: invitation.invite.id }),
    );
  },
  acceptProjectInvite: async (w, role) => {
    const target = await w.projects.insert({ organizationId: w.organization.id, name: 'Invited project' });
    const invitation = await w.asAdmin<{ invite: { id: string } }>(
      'mutation M($p: Int, $e: String) { invite(projectId: $p, email: $e) { id } }',
      { p: target.id, e: `accept-${crypto.randomBytes(4).toString('hex')}@example.com` },
    );
    const [row] = await w.olo.server.database.sql`select code from invitations where id = ${invitation.invite.id}`;
    return outcomeOf(
      await w.call(
        role,
        'mutation M($id: ID!, $code: String) { acceptProjectInvite(invitationId: $id, code: $code) { id } }',
        {
          id: invitation.invite.id,
          code: row?.code,
        },
      ),
    );
  },
  invitation: async (w, role) => {
    const invitation = await w.asAdmin<{ invite: { id: string } }>(
      'mutation M($p: Int, $e: String) { invite(projectId: $p, email: $e) { id } }',
      { p: w.project.id, e: `read-${crypto.randomBytes(4).toString('hex')}@example.com` },
    );
    const [row] = await w.olo.server.database.sql`select code from invitations where id = ${invitation.invite.id}`;
    return outcomeOf(
      await w.call(role, 'query Q($id: ID!, $code: String) { invitation(invitationId: $id, code: $code) { name } }', {
        id: invitation.invite.id,
        code: row?.code,
      }),
    );
  },
  createSpace: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateSpaceInput!) { createSpace(input: $input) { id } }', {
        input: { projectId: w.project.id, name: 'Room' },
      }),
    ),
  updateSpace: async (w, role) => {
    const space = await new SpacesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Room',
    });
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateSpaceInput!) { updateSpace(input: $input) { id } }', {
        input: { id: space.id, name: 'Renamed' },
      }),
    );
  },
  deleteSpace: async (w, role) => {
    const space = await new SpacesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Room',
    });
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteSpace(id: $id) }', { id: space.id }));
  },
  createProjectPage: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateProjectPageInput!) { createProjectPage(input: $input) { id } }', {
        input: { projectId: w.project.id, name: 'Page' },
      }),
    ),
  updateProjectPage: async (w, role) => {
    const page = await new ProjectPagesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Page',
    });
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateProjectPageInput!) { updateProjectPage(input: $input) { id } }', {
        input: { id: page.id, content: 'Changed' },
      }),
    );
  },
  deleteProjectPage: async (w, role) => {
    const page = await new ProjectPagesRepository(w.olo.server.database.db).insert({
      projectId: w.project.id,
      name: 'Page',
    });
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteProjectPage(id: $id) }', { id: page.id }));
  },
  'POST /api/attachments': async (w, role) =>
    uploadOutcome(
      await w.upload(role, { projectId: w.project.id }, { name: 'notes.txt', type: 'text/plain', bytes: 'Kosteus' }),
    ),
  'GET /api/attachments/{id}': async (w, role) => {
    const response = await w.clients[role].fetch(`/api/attachments/${w.attachmentId}/notes.txt`);
    if (response.status === 200) {
      expect(await response.text()).toBe('Kosteusmittaukset');
      return 'allowed';
    }
    expect([401, 403]).toContain(response.status);
    return 'denied';
  },
  'GET /api/attachments/{id}(public picture)': async (w, role) => {
    const picture = await publicProjectPicture(w, { linkOn: true });
    return attachmentOutcome(await w.clients[role].fetch(picture.path));
  },
  'GET /api/attachments/{id}(public picture, link off)': async (w, role) => {
    const picture = await publicProjectPicture(w, { linkOn: false });
    return attachmentOutcome(await w.clients[role].fetch(picture.path));
  },
  'Project.dataViews': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { dataViews { id } } }', { id: w.project.id }),
      (data) => Array.isArray((data.project as { dataViews?: unknown } | null)?.dataViews),
    ),
  'Project.savedDateRanges': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { savedDateRanges { id } } }', { id: w.project.id }),
      (data) => Array.isArray((data.project as { savedDateRanges?: unknown } | null)?.savedDateRanges),
    ),
  saveDataView: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: SaveDataViewInput!) { saveDataView(input: $input) { id } }', {
        input: {
          projectId: w.project.id,
          name: 'V',
          from: '2026-10-01T00:00:00Z',
          to: '2026-10-02T00:00:00Z',
          slot: 600,
        },
      }),
    ),
  saveDateRange: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: SaveDateRangeInput!) { saveDateRange(input: $input) { id } }', {
        input: { projectId: w.project.id, name: 'R', from: '2026-10-01T00:00:00Z', to: '2026-10-02T00:00:00Z' },
      }),
    ),
  "deleteDataView(another's)": async (w, role) => {
    const [view] = await w.olo.server.database.sql<Array<{ id: number }>>`
      insert into data_views (project_id, user_id, name, from_at, to_at, slot)
      values (${w.project.id}, ${await w.newUser()}, 'Theirs', now() - interval '1 day', now(), 3600) returning id`;
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteDataView(id: $id) }', { id: view?.id }));
  },
  "deleteSavedDateRange(another's)": async (w, role) => {
    const [range] = await w.olo.server.database.sql<Array<{ id: number }>>`
      insert into saved_date_ranges (project_id, user_id, name, from_at, to_at)
      values (${w.project.id}, ${await w.newUser()}, 'Theirs', now() - interval '1 day', now()) returning id`;
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteSavedDateRange(id: $id) }', { id: range?.id }));
  },
  documents: listDocumentCase('organization'),
  'documents(project)': listDocumentCase('project'),
  'documents(global)': listDocumentCase('global'),
  'documents(draft)': listDocumentCase('organization', true),
  document: documentByIdCase('organization'),
  'document(project)': documentByIdCase('project'),
  'document(global draft)': documentByIdCase('global', true),
  searchDocuments: async (w, role) => {
    const word = `matrixword${crypto.randomBytes(4).toString('hex')}`;
    const document = await documentOf(w, 'project', { content: `Read the ${word} gauges.` });
    const response = await w.call(
      role,
      'query Q($text: String!) { searchDocuments(text: $text) { document { id } } }',
      {
        text: word,
      },
    );
    return outcomeOf(response, (data) =>
      (data.searchDocuments as Array<{ document: { id: number } }>).some((match) => match.document.id === document.id),
    );
  },
  createDocument: createDocumentCase('organization'),
  'createDocument(project)': createDocumentCase('project'),
  'createDocument(global)': createDocumentCase('global'),
  updateDocument: updateDocumentCase('organization'),
  'updateDocument(project)': updateDocumentCase('project'),
  'updateDocument(global)': updateDocumentCase('global'),
  deleteDocument: deleteDocumentCase('organization'),
  'deleteDocument(project)': deleteDocumentCase('project'),
  'deleteDocument(global)': deleteDocumentCase('global'),
  weathers: async (w, role) => {
    const weatherId = await worldWeather(w);
    const response = await w.call(role, '{ weathers { id } }');
    return outcomeOf(response, (data) => (data.weathers as Array<{ id: number }>).some((row) => row.id === weatherId));
  },
  weather: async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { weather(id: $id) { id } }', { id: await worldWeather(w) })),
  'Project.weathers': async (w, role) => {
    const weatherId = await worldWeather(w);
    const response = await w.call(role, 'query Q($id: Int!) { project(id: $id) { weathers { weatherId } } }', {
      id: w.project.id,
    });
    return outcomeOf(response, (data) =>
      Boolean(
        (data.project as { weathers: Array<{ weatherId: number }> } | null)?.weathers.some(
          (row) => row.weatherId === weatherId,
        ),
      ),
    );
  },
  projectAddWeather: async (w, role) => {
    // Disposable: X without the source, so that each allowed call adds it anew.
    const weatherId = await worldWeather(w);
    await w.olo.server.database
      .sql`delete from project_weathers where project_id = ${w.project.id} and weather_id = ${weatherId}`;
    await w.olo.server.database
      .sql`delete from series where project_id = ${w.project.id} and weather_id = ${weatherId}`;
    const response = await w.call(
      role,
      'mutation M($p: Int!) { projectAddWeather(projectId: $p, provider: "open-meteo") { weatherId } }',
      { p: w.project.id },
    );
    await worldWeather(w);
    return outcomeOf(response);
  },
  projectRemoveWeather: async (w, role) => {
    const weatherId = await worldWeather(w);
    const response = await w.call(
      role,
      'mutation M($p: Int!, $w: Int!) { projectRemoveWeather(projectId: $p, weatherId: $w) }',
      {
        p: w.project.id,
        w: weatherId,
      },
    );
    return outcomeOf(response, (data) => data.projectRemoveWeather === true);
  },
  'GET /api/weather/{weatherId}/{period}': async (w, role) => {
    const weatherId = await worldWeather(w);
    const response = await w.clients[role].fetch(`/api/weather/${weatherId}/${new Date().toISOString().slice(0, 7)}`);
    if (response.status === 200) return 'allowed';
    expect([401, 403]).toContain(response.status);
    return 'denied';
  },
  translationOverrides: async (w, role) => outcomeOf(await w.call(role, 'query { translationOverrides { key } }')),
  setTranslationOverride: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation S($key: String!, $text: String!) { setTranslationOverride(language: sv, key: $key, text: $text) { key } }',
        { key: 'Save', text: `Spara (${role})` },
      ),
    ),
  removeTranslationOverride: async (w, role) => {
    await w.olo.server.database.sql`
      insert into translation_overrides (language, key, text) values ('en', 'Cancel', 'Never mind')
      on conflict (language, key) do update set text = excluded.text`;
    return outcomeOf(
      await w.call(role, 'mutation R($key: String!) { removeTranslationOverride(language: en, key: $key) }', {
        key: 'Cancel',
      }),
    );
  },
  'GET /api/translations/{language}': async (w, role) => {
    const response = await w.clients[role].fetch('/api/translations/fi');
    expect(response.status).toBe(200);
    return 'allowed';
  },
  'GET /api/data/{projectId}': async (w, role) => {
    const body = await projectData(w, role);
    return body?.series.some((series) => series.id === w.seriesId) ? 'allowed' : 'denied';
  },
  'GET /api/data/{projectId}(public link)': async (w, role) => {
    const shownSeriesId = await seriesInShownSpace(w);
    const body = await projectData(w, role);
    return body?.series.some((series) => series.id === shownSeriesId) ? 'allowed' : 'denied';
  },
  'GET /api/export/{projectId}.csv': async (w, role) => {
    const [series] = await w.olo.server.database.sql<Array<{ name: string }>>`
      select name from series where id = ${w.seriesId}`;
    const headings = await exportHeadings(w, role);
    return headings?.some((heading) => heading.startsWith(series?.name as string)) ? 'allowed' : 'denied';
  },
  'GET /api/export/{projectId}.csv(public link)': async (w, role) => {
    await seriesInShownSpace(w);
    const headings = await exportHeadings(w, role);
    return headings?.includes('Shown / T (°C)') ? 'allowed' : 'denied';
  },
  startDataExport: async (w, role) => {
    const now = Date.now();
    const response = await w.call(
      role,
      'mutation M($input: StartDataExportInput!) { startDataExport(input: $input) { id } }',
      {
        input: {
          projectId: w.project.id,
          format: 'csv',
          from: new Date(now - 86_400_000).toISOString(),
          to: new Date(now).toISOString(),
          slot: 3600,
        },
      },
    );
    return outcomeOf(response);
  },
  'Project.dataExports': async (w, role) => {
    const id = await finishedExport(w, role === 'anonymous' ? await w.newUser() : w.userIds[role]);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { dataExports { id } } }', { id: w.project.id }),
      (data) => (data.project as { dataExports: Array<{ id: number }> }).dataExports.some((item) => item.id === id),
    );
  },
  'GET /api/exports/{exportId}': async (w, role) => {
    const id = await finishedExport(w, role === 'anonymous' ? await w.newUser() : w.userIds[role]);
    return exportOutcome(await w.clients[role].fetch(`/api/exports/${id}`));
  },
  "GET /api/exports/{exportId}(another's)": async (w, role) => {
    const id = await finishedExport(w, await w.newUser());
    return exportOutcome(await w.clients[role].fetch(`/api/exports/${id}`));
  },
  meters: async (w, role) =>
    outcomeOf(await w.call(role, 'query { meters { id } }'), (data) =>
      (data.meters as Array<{ id: number }>).some((item) => item.id === w.meter.id),
    ),
  meter: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { meter(id: $id) { id latest { time data } errors { missing } } }', {
        id: w.meter.id,
      }),
    ),
  'Meter.data': async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'query Q($id: Int!, $from: DateTime!, $to: DateTime!) { meter(id: $id) { data(from: $from, to: $to) { time } } }',
        {
          id: w.meter.id,
          from: '2000-01-01T00:00:00Z',
          to: '2100-01-01T00:00:00Z',
        },
      ),
    ),
  'Meter.batteryHistory': async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'query Q($id: Int!, $from: DateTime!, $to: DateTime!) { meter(id: $id) { batteryHistory(from: $from, to: $to) { day } } }',
        { id: w.meter.id, from: '2025-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' },
      ),
    ),
  'Meter.driverCommands': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { meter(id: $id) { driverCommands { id } } }', { id: w.meter.id }),
    ),
  'Organization.meters': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { meters { id } } }', { id: w.organization.id }),
    ),
  'Project.activeMeters': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { activeMeters { id } } }', { id: w.project.id }),
    ),
  drivers: async (w, role) => outcomeOf(await w.call(role, 'query { drivers { id } }')),
  datasourceFunctions: async (w, role) => outcomeOf(await w.call(role, 'query { datasourceFunctions { id } }')),
  systemErrors: async (w, role) => outcomeOf(await w.call(role, 'query { systemErrors { id } }')),
  siteStatus: async (w, role) =>
    outcomeOf(await w.call(role, 'query { siteStatus { generatedAt meterHealth { organizationId } } }')),
  siteStatusUpdated: (w, role) =>
    subscriptionOutcome(
      w,
      role,
      'subscription { siteStatusUpdated { generatedAt } }',
      {},
      { arrived: (data) => Boolean((data.siteStatusUpdated as { generatedAt?: string } | null)?.generatedAt) },
    ),
  allUsers: async (w, role) => outcomeOf(await w.call(role, 'query { allUsers(limit: 5) { total items { id } } }')),
  adminUpdateUser: async (w, role) => {
    const userId = await w.newUser();
    const outcome = outcomeOf(
      await w.call(role, 'mutation M($u: ID!) { adminUpdateUser(userId: $u, active: false, isAdmin: true) { id } }', {
        u: userId,
      }),
    );
    const [row] = await w.olo.server.database.sql<Array<{ active: boolean; is_admin: boolean }>>`
      select active, is_admin from users where id = ${userId}`;
    const changed = row?.active === false && row.is_admin;
    if (changed !== (outcome === 'allowed')) throw new Error(`adminUpdateUser as ${role}: ${JSON.stringify(row)}`);
    return outcome;
  },
  adminDeleteUser: async (w, role) => {
    const userId = await w.newUser();
    const outcome = outcomeOf(await w.call(role, 'mutation M($u: ID!) { adminDeleteUser(userId: $u) }', { u: userId }));
    const rows = await w.olo.server.database.sql`select id from users where id = ${userId}`;
    if ((rows.length === 0) !== (outcome === 'allowed')) throw new Error(`adminDeleteUser as ${role}: ${rows.length}`);
    return outcome;
  },
  findFreeMeters: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($s: [String!]!) { findFreeMeters(serials: $s) { id } }', { s: [randomSerial()] }),
    ),
  updateMeter: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { updateMeter(id: $id, name: "Checked") { id } }', { id: w.meter.id }),
    ),
  meterToStorage: async (w, role) =>
    outcomeOf(await w.call(role, 'mutation M($id: Int!) { meterToStorage(id: $id) { id } }', { id: w.meter.id })),
  meterFromStorage: async (w, role) =>
    outcomeOf(await w.call(role, 'mutation M($id: Int!) { meterFromStorage(id: $id) { id } }', { id: w.meter.id })),
  resetBattery: async (w, role) =>
    outcomeOf(await w.call(role, 'mutation M($id: Int!) { resetBattery(id: $id) { id } }', { id: w.meter.id })),
  toggleMeter: async (w, role) =>
    outcomeOf(await w.call(role, 'mutation M($id: Int!) { toggleMeter(id: $id) { id } }', { id: w.meter.id })),
  // Also leaves M active for the rows after it, however many times toggleMeter flipped it.
  'toggleMeter(active)': async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { toggleMeter(id: $id, active: true) { id } }', { id: w.meter.id }),
    ),
  releaseMeter: async (w, role) => {
    const { meter } = await w.meters.insertOrGet({ serial: randomSerial(), organizationId: w.organization.id });
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { releaseMeter(id: $id) { id } }', { id: meter.id }));
  },
  moveFreeMeters: async (w, role) => {
    const { meter } = await w.meters.insertOrGet({ serial: randomSerial() });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($s: [String!]!, $o: ID!) { moveFreeMeters(serials: $s, organizationId: $o) { id } }',
        {
          s: [meter.serial],
          o: w.organization.id,
        },
      ),
    );
  },
  deleteMeterData: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($id: Int!) { deleteMeterData(id: $id, from: "1990-01-01T00:00:00Z", to: "1990-02-01T00:00:00Z") }',
        {
          id: w.meter.id,
        },
      ),
    ),
  meterCommand: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($id: Int!) { meterCommand(meterId: $id, name: "Interval", fPort: 10, payload: "01") { status } }',
        {
          id: w.meter.id,
        },
      ),
    ),
  'meterCommand(commandId)': async (w, role) => {
    const meterId = await milesightMeterOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { meterCommand(meterId: $id, commandId: "reboot") { status } }', {
        id: meterId,
      }),
    );
  },
  meterCommands: async (w, role) => {
    const meterId = await milesightMeterOf(w);
    return outcomeOf(
      await w.call(
        role,
        'mutation M($ids: [Int!]!) { meterCommands(meterIds: $ids, commandId: "reporting-interval", interval: 600) { status } }',
        { ids: [meterId] },
      ),
    );
  },
  'SystemError.computer': async (w, role) => {
    const [error] = await w.olo.server.database.sql`
      insert into system_errors (name, type, meter_id, computer_id)
      values ('Recorded', 'meter.decode', ${w.meter.id}, ${w.olo.server.computer.id}) returning id`;
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { meter(id: $id) { systemErrors { id computer { id } } } }', {
        id: w.meter.id,
      }),
      (data) =>
        (data.meter as { systemErrors: Array<{ id: number; computer: { id: number } | null }> }).systemErrors.some(
          (item) => item.id === Number(error?.id) && item.computer?.id === w.olo.server.computer.id,
        ),
    );
  },
  acknowledgeSystemError: async (w, role) => {
    const [error] = await w.olo.server.database.sql`
      insert into system_errors (name, type, meter_id) values ('Check', 'meter.decode', ${w.meter.id}) returning id`;
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { acknowledgeSystemError(id: $id) { id } }', { id: Number(error?.id) }),
    );
  },
  metersErrorSummary: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($o: ID) { metersErrorSummary(organizationId: $o) { missing systemErrors } }', {
        o: w.organization.id,
      }),
    ),
  meterLocations: async (w, role) => outcomeOf(await w.call(role, 'query { meterLocations }')),
  meterMeta: async (w, role) =>
    outcomeOf(await w.call(role, 'query { meterMeta { key values } }'), (data) =>
      (data.meterMeta as Array<{ key: string; values: string[] }>).some(
        (entry) => entry.key === 'matrixFloor' && entry.values.includes('3'),
      ),
    ),
  'Project.meterErrorSums': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { meterErrorSums { missing } } }', {
        id: w.project.id,
      }),
    ),
  'Meter.conversions': async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { meter(id: $id) { conversions { id } } }', { id: w.meter.id })),
  'Meter.calibrations': async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { meter(id: $id) { calibrations { id } } }', { id: w.meter.id })),
  'Meter.recalculations': async (w, role) => {
    await w.olo.server.database.sql`
      insert into recalculations (meter_id, reason, status) values (${w.meter.id}, 'conversion', 'running')`;
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { meter(id: $id) { recalculations { id percent } } }', {
        id: w.meter.id,
      }),
      (data) => (data.meter as { recalculations: unknown[] }).recalculations.length > 0,
    );
  },
  createConversion: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateConversionInput!) { createConversion(input: $input) { id } }', {
        input: { meterId: w.meter.id, channel: 'temperature', expression: 'x' },
      }),
    ),
  deleteConversion: async (w, role) => {
    const [conversion] = await w.olo.server.database.sql`
      insert into meter_conversions (meter_id, channel, name, expression)
      values (${w.meter.id}, ${`spare-${randomSerial()}`}, 'Spare', 'x') returning id`;
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteConversion(id: $id) }', { id: conversion?.id }));
  },
  createCalibration: async (w, role) => {
    // Each in its own channel, starting in the future: no overlap with another row, nothing to recompute.
    const channel = `check-${randomSerial()}`;
    return outcomeOf(
      await w.call(role, 'mutation M($input: CreateCalibrationInput!) { createCalibration(input: $input) { id } }', {
        input: { meterId: w.meter.id, channel, expression: 'x + 1', startAt: '2100-01-01T00:00:00Z' },
      }),
    );
  },
  updateCalibration: async (w, role) => {
    const [calibration] = await w.olo.server.database.sql`
      insert into meter_calibrations (meter_id, channel, expression, start_at)
      values (${w.meter.id}, ${`check-${randomSerial()}`}, 'x', '2100-01-01T00:00:00Z') returning id`;
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateCalibrationInput!) { updateCalibration(input: $input) { id } }', {
        input: { id: calibration?.id, expression: 'x * 2' },
      }),
    );
  },
  deleteCalibration: async (w, role) => {
    const [calibration] = await w.olo.server.database.sql`
      insert into meter_calibrations (meter_id, channel, expression, start_at)
      values (${w.meter.id}, ${`check-${randomSerial()}`}, 'x', '2100-01-01T00:00:00Z') returning id`;
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { deleteCalibration(id: $id) }', { id: calibration?.id }),
    );
  },
  testCalibration: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: TestCalibrationInput!) { testCalibration(input: $input) { valid } }', {
        input: { meterId: w.meter.id, channel: 'co2', expression: 'x - 5' },
      }),
    ),
  'Organization.integrations': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: ID!) { organization(id: $id) { integrations { id } } }', {
        id: w.organization.id,
      }),
    ),
  createIntegration: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($o: ID!) { createIntegration(organizationId: $o, name: "ChirpStack") { secret } }',
        {
          o: w.organization.id,
        },
      ),
    ),
  deleteIntegration: async (w, role) => {
    const [integration] = await w.olo.server.database.sql`
      insert into integrations (organization_id, name, mqtt_username, secret_hash)
      values (${w.organization.id}, 'Old', ${`u-${randomSerial()}`}, ${randomSerial()}) returning id`;
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { deleteIntegration(id: $id) }', { id: integration?.id }),
    );
  },
  alarms: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { alarms(projectId: $id) { id alarmsSeries { seriesId } } }', {
        id: w.project.id,
      }),
      (data) => (data.alarms as Array<{ id: string }>).some((alarm) => alarm.id === alarmId),
    );
  },
  'Project.alarms': async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { alarms { id } } }', { id: w.project.id }),
      (data) => (data.project as { alarms: Array<{ id: string }> }).alarms.some((alarm) => alarm.id === alarmId),
    );
  },
  'Project.alarmRecipients': async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { project(id: $id) { alarmRecipients { id } } }', { id: w.project.id }),
      (data) =>
        (data.project as { alarmRecipients: Array<{ id: string }> }).alarmRecipients.some(
          (user) => user.id === w.userIds.projectViewAlarms,
        ),
    ),
  alarmsTriggered: async (w, role) => {
    const { triggeredId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { alarmsTriggered(projectId: $id) { id series { id } } }', {
        id: w.project.id,
      }),
      (data) => (data.alarmsTriggered as Array<{ id: string }>).some((row) => row.id === triggeredId),
    );
  },
  alarmsActions: async (w, role) => {
    const { actionId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { alarmsActions(projectId: $id) { id alarm { name } } }', {
        id: w.project.id,
      }),
      (data) => (data.alarmsActions as Array<{ id: string }>).some((row) => row.id === actionId),
    );
  },
  'AlarmsAction.secret': async (w, role) => {
    const { actionId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'query Q($id: Int!) { alarmsActions(projectId: $id) { id secret } }', { id: w.project.id }),
      (data) =>
        (data.alarmsActions as Array<{ id: string; secret: string | null }>).some(
          (row) => row.id === actionId && row.secret === 'secret',
        ),
    );
  },
  alarmPreview: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($input: AlarmPreviewInput!) { alarmPreview(input: $input) { time } }', {
        input: { projectId: w.project.id, rule: alarmRule, seriesIds: [w.seriesId] },
      }),
    ),
  acknowledgeAlarmsTriggered: async (w, role) => {
    const { triggeredId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { acknowledgeAlarmsTriggered(id: $id) { acknowledged } }', {
        id: triggeredId,
      }),
    );
  },
  acknowledgeAllAlarmsTriggered: async (w, role) => {
    await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { acknowledgeAllAlarmsTriggered(projectId: $id) }', {
        id: w.project.id,
      }),
    );
  },
  createAlarm: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateAlarmInput!) { createAlarm(input: $input) { id } }', {
        input: { projectId: w.project.id, rule: alarmRule, seriesIds: [w.seriesId] },
      }),
    ),
  updateAlarm: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateAlarmInput!) { updateAlarm(input: $input) { id } }', {
        input: { id: alarmId, rule: { ...alarmRule, name: 'Renamed' } },
      }),
    );
  },
  deleteAlarm: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(await w.call(role, 'mutation M($id: ID!) { deleteAlarm(id: $id) }', { id: alarmId }));
  },
  createAlarmsSeries: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: AlarmsSeriesInput!) { createAlarmsSeries(input: $input) { seriesId } }', {
        input: { alarmId, seriesId: w.otherSeriesId },
      }),
    );
  },
  deleteAlarmsSeries: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: AlarmsSeriesInput!) { deleteAlarmsSeries(input: $input) }', {
        input: { alarmId, seriesId: w.seriesId },
      }),
    );
  },
  createAlarmsAction: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: CreateAlarmsActionInput!) { createAlarmsAction(input: $input) { id } }', {
        input: { alarmId, type: 'email', email: 'huolto@example.com' },
      }),
    );
  },
  updateAlarmsAction: async (w, role) => {
    const { actionId } = await alarmOf(w);
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateAlarmsActionInput!) { updateAlarmsAction(input: $input) { id } }', {
        input: { id: actionId, type: 'email', email: 'huolto@example.com' },
      }),
    );
  },
  testAlarmsAction: async (w, role) => {
    const { alarmId } = await alarmOf(w);
    // A mail action: the test send goes to the test server's mail, not across the internet.
    const [action] = await w.olo.server.database.sql<Array<{ id: string }>>`
      insert into alarms_actions (alarm_id, type, email) values (${alarmId}, 'email', 'huolto@example.com') returning id`;
    return outcomeOf(
      await w.call(role, 'mutation M($id: ID!) { testAlarmsAction(id: $id) { deliveryStatus } }', { id: action?.id }),
    );
  },
  deleteAlarmsAction: async (w, role) => {
    const { actionId } = await alarmOf(w);
    return outcomeOf(await w.call(role, 'mutation M($id: ID!) { deleteAlarmsAction(id: $id) }', { id: actionId }));
  },
  'Project.series': async (w, role) =>
    outcomeOf(await w.call(role, 'query Q($id: Int!) { project(id: $id) { series { id } } }', { id: w.project.id })),
  seriesLatests: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query Q($id: Int!) { seriesLatests(projectId: $id) { seriesId } }', { id: w.project.id }),
    ),
  createSeries: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($input: CreateSeriesInput!) { createSeries(input: $input) { id } }', {
        input: { projectId: w.project.id, name: 'Humidity', dataType: 'Humidity' },
      }),
    ),
  updateSeries: async (w, role) => {
    const row = await w.series.insert({ projectId: w.project.id, name: 'Old', dataType: 'CO2' });
    return outcomeOf(
      await w.call(role, 'mutation M($input: UpdateSeriesInput!) { updateSeries(input: $input) { id } }', {
        input: { id: row.id, name: 'New' },
      }),
    );
  },
  deleteSeries: async (w, role) => {
    const row = await w.series.insert({ projectId: w.project.id, name: 'Old', dataType: 'CO2' });
    return outcomeOf(await w.call(role, 'mutation M($id: Int!) { deleteSeries(id: $id) }', { id: row.id }));
  },
  createSeriesDatasource: async (w, role) =>
    outcomeOf(
      await w.call(
        role,
        'mutation M($input: CreateSeriesDatasourceInput!) { createSeriesDatasource(input: $input) { id } }',
        {
          input: { seriesId: w.otherSeriesId, meterId: w.meter.id, channel: 'co2', startAt: '2100-01-01T00:00:00Z' },
        },
      ),
    ),
  updateSeriesDatasource: async (w, role) => {
    const datasource = await w.series.insertDatasource({
      seriesId: w.otherSeriesId,
      meterId: w.meter.id,
      channel: 'temperature',
      startAt: new Date('2100-01-01T00:00:00Z'),
    });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($input: UpdateSeriesDatasourceInput!) { updateSeriesDatasource(input: $input) { id } }',
        {
          input: { id: datasource.id, endAt: '2100-02-01T00:00:00Z' },
        },
      ),
    );
  },
  deleteSeriesDatasource: async (w, role) => {
    const datasource = await w.series.insertDatasource({
      seriesId: w.otherSeriesId,
      meterId: w.meter.id,
      channel: 'temperature',
      startAt: new Date('2100-01-01T00:00:00Z'),
    });
    return outcomeOf(
      await w.call(role, 'mutation M($id: Int!) { deleteSeriesDatasource(id: $id) }', { id: datasource.id }),
    );
  },
  moveSeriesDatasources: async (w, role) => {
    const datasource = await w.series.insertDatasource({
      seriesId: w.otherSeriesId,
      meterId: w.meter.id,
      channel: 'temperature',
      startAt: new Date('2100-01-01T00:00:00Z'),
    });
    return outcomeOf(
      await w.call(
        role,
        'mutation M($ids: [Int!]!, $s: Int!) { moveSeriesDatasources(ids: $ids, seriesId: $s) { id } }',
        {
          ids: [datasource.id],
          s: w.seriesId,
        },
      ),
    );
  },
  projectAddMeter: async (w, role) =>
    outcomeOf(
      await w.call(role, 'mutation M($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id } }', {
        p: w.project.id,
        m: w.meter.id,
      }),
    ),
  meterUpdated: (w, role) =>
    subscriptionOutcome(
      w,
      role,
      'subscription S($id: Int!) { meterUpdated(id: $id) { id } }',
      { id: w.meter.id },
      {
        trigger: () => w.olo.server.events.publish('meter.updated', { meterId: w.meter.id }),
        arrived: (data) => (data.meterUpdated as { id: number } | null)?.id === w.meter.id,
      },
    ),
  seriesLatestUpdated: (w, role) =>
    subscriptionOutcome(
      w,
      role,
      'subscription S($id: Int!) { seriesLatestUpdated(projectId: $id) { seriesId data } }',
      { id: w.project.id },
      {
        trigger: () =>
          w.olo.server.events.publish('series.latest', {
            projectId: w.project.id,
            values: [{ seriesId: w.seriesId, time: new Date().toISOString(), value: 612 }],
          }),
        arrived: (data) => (data.seriesLatestUpdated as Array<{ data: number }> | null)?.[0]?.data === 612,
      },
    ),
  publicSeriesLatestUpdated: async (w, role) => publicLatestOutcome(w, role, await seriesInShownSpace(w)),
  'publicSeriesLatestUpdated(hidden space)': async (w, role) =>
    publicLatestOutcome(w, role, await seriesInHiddenSpace(w)),
  publicProjectUpdated: (w, role) =>
    subscriptionOutcome(w, role, 'subscription S($id: String!) { publicProjectUpdated(publicId: $id) { id } }', {
      id: w.project.publicId,
    }),
  projectUpdated: (w, role) =>
    subscriptionOutcome(w, role, 'subscription S($id: Int!) { projectUpdated(id: $id) { id } }', { id: w.project.id }),
  projectsUpdated: (w, role) => subscriptionOutcome(w, role, 'subscription { projectsUpdated { id } }', {}),
  projectsStatusUpdated: (w, role) =>
    subscriptionOutcome(w, role, 'subscription S($ids: [Int!]!) { projectsStatusUpdated(ids: $ids) { id } }', {
      ids: [w.project.id],
    }),
  __schema: async (w, role) =>
    outcomeOf(
      await w.call(role, 'query { __schema { queryType { name } } __type(name: "Project") { name } }'),
      (data) => JSON.stringify(data).includes('"Project"'),
    ),
  // Favouriting is a change to the user's own state, which the subscription pushes.
  currentUserUpdated: (w, role) =>
    subscriptionOutcome(
      w,
      role,
      'subscription { currentUserUpdated { id } }',
      {},
      {
        trigger: () => w.olo.server.events.publish('user.updated', { userId: w.userIds[role] ?? '' }),
        arrived: (data) => (data.currentUserUpdated as { id: string } | null)?.id === w.userIds[role],
      },
    ),
};

/**
 * An admin action on X itself, so that X's own admin is checked. X is first put where the action
 * applies, and an allowed action is undone so that the other rows still find X running and shown.
 */
function adminActionOnX(action: string, before: Partial<NewProject>): Case {
  return async (w, role) => {
    await w.projects.update(w.project.id, before);
    const outcome = outcomeOf(
      await w.call(role, `mutation M($id: Int!) { projectAdminAction(id: $id, action: ${action}) { id } }`, {
        id: w.project.id,
      }),
    );
    if (outcome === 'allowed') {
      await w.projects.update(w.project.id, { ended: false, endAt: null, archivedAt: null, hidden: false });
    }
    return outcome;
  };
}

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A new project of O with a public link (on, or turned off again) and an uploaded picture. */
async function publicProjectPicture(w: World, options: { linkOn: boolean }): Promise<{ path: string }> {
  const project = await w.projects.insert({
    organizationId: w.organization.id,
    name: 'With a picture',
    publicId: crypto.randomUUID(),
  });
  const upload = await uploadAttachment(
    w.clients.siteAdmin,
    { projectId: project.id },
    { name: 'site.png', type: 'image/png', bytes: onePixelPng },
  );
  await w.asAdmin('mutation M($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
    input: { id: project.id, pictureId: upload.body.id, isPublic: options.linkOn },
  });
  return { path: upload.body.path as string };
}

/** X's data for this month in hours as `role`; undefined when refused. */
/**
 * X's weather source, an Open-Meteo point at X's location (no case asks FMI): made on first use, and linked to X again
 * when a case removed it. Its id.
 */
async function worldWeather(w: World): Promise<number> {
  const sql = w.olo.server.database.sql;
  // A backfill an allowed projectAddWeather queued runs on its own: done before the next call is fingerprinted.
  for (let waited = 0; waited < 15_000; waited += 100) {
    const [pending] = await sql<Array<{ count: number }>>`
      select count(*)::int as count from jobs where name = 'weather.backfill' and done_at is null`;
    if (!pending?.count) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await sql`update projects set latitude = 60.17, longitude = 24.94 where id = ${w.project.id} and latitude is null`;
  const [weather] = await sql<Array<{ id: number }>>`
    insert into weathers (provider, station_key, name, latitude, longitude)
    values ('open-meteo', '60.17,24.94', 'Open-Meteo 60.17, 24.94', 60.17, 24.94)
    on conflict (provider, station_key) do update set name = excluded.name returning id`;
  await sql`insert into project_weathers (project_id, weather_id) values (${w.project.id}, ${weather?.id as number})
    on conflict do nothing`;
  return weather?.id as number;
}

async function projectData(w: World, role: Role): Promise<{ series: Array<{ id: number }> } | undefined> {
  const [project] = await w.olo.server.database.sql<Array<{ dataId: string }>>`
    select data_id as "dataId" from projects where id = ${w.project.id}`;
  const month = new Date().toISOString().slice(0, 7);
  const response = await w.clients[role].fetch(`/api/data/${w.project.id}/${month}/${project?.dataId}/3600`);
  if (response.status === 200) return (await response.json()) as { series: Array<{ id: number }> };
  expect([401, 403]).toContain(response.status);
  return undefined;
}

/** The column headings of X's export of this month as `role`, or undefined when refused. */
async function exportHeadings(w: World, role: Role): Promise<string[] | undefined> {
  const now = Date.now();
  const response = await w.clients[role].fetch(
    exportUrl({
      projectId: w.project.id,
      format: 'csv',
      from: now - 86_400_000,
      to: now,
      slot: 86_400,
      mode: 'avg',
      nulls: false,
      filters: [],
      lang: 'en',
    }),
  );
  if (response.status === 200)
    return (await response.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]
      ?.split(',');
  expect([401, 403]).toContain(response.status);
  return undefined;
}

const shownSpaceSeries = new WeakMap<World, Promise<number>>();
/** A series of X in a space that X's public view shows. */
function seriesInShownSpace(w: World): Promise<number> {
  let created = shownSpaceSeries.get(w);
  if (!created) {
    created = (async () => {
      const sql = w.olo.server.database.sql;
      const [space] = await sql<Array<{ id: number }>>`
        insert into spaces (project_id, name, show) values (${w.project.id}, 'Shown', true) returning id`;
      const [series] = await sql<Array<{ id: number }>>`
        insert into series (project_id, space_id, name, data_type) values (${w.project.id}, ${space?.id as number}, 'T', 'Temperature')
        returning id`;
      return series?.id as number;
    })();
    shownSpaceSeries.set(w, created);
  }
  return created;
}

const hiddenSpaceSeries = new WeakMap<World, Promise<number>>();
/** A series of X in a space that X's public view does not show. */
function seriesInHiddenSpace(w: World): Promise<number> {
  let created = hiddenSpaceSeries.get(w);
  if (!created) {
    created = (async () => {
      const sql = w.olo.server.database.sql;
      const [space] = await sql<Array<{ id: number }>>`
        insert into spaces (project_id, name, show) values (${w.project.id}, 'Hidden', false) returning id`;
      const [series] = await sql<Array<{ id: number }>>`
        insert into series (project_id, space_id, name, data_type) values (${w.project.id}, ${space?.id as number}, 'H', 'Humidity')
        returning id`;
      return series?.id as number;
    })();
    hiddenSpaceSeries.set(w, created);
  }
  return created;
}

/** Subscribes to X's public latest values as `role`; allowed when a value of `seriesId` arrives. */
function publicLatestOutcome(w: World, role: Role, seriesId: number): Promise<Outcome> {
  return subscriptionOutcome(
    w,
    role,
    'subscription S($id: String!) { publicSeriesLatestUpdated(publicId: $id) { seriesId data } }',
    { id: w.project.publicId },
    {
      trigger: () =>
        w.olo.server.events.publish('series.latest', {
          projectId: w.project.id,
          values: [{ seriesId, time: new Date().toISOString(), value: 613 }],
        }),
      arrived: (data) =>
        (data.publicSeriesLatestUpdated as Array<{ seriesId: number; data: number }> | null)?.some(
          (value) => value.seriesId === seriesId && value.data === 613,
        ) ?? false,
    },
  );
}

/** A finished background export of X's owned by `userId`, with its file written. */
async function finishedExport(w: World, userId: string): Promise<number> {
  const now = Date.now();
  const request = { from: now - 86_400_000, to: now, slot: 3600, mode: 'avg', nulls: false, filters: [], lang: 'fi' };
  const [row] = await w.olo.server.database.sql<Array<{ id: number }>>`
    insert into data_exports (project_id, user_id, format, language, request, status, file, filename, size,
      finished_at, expires_at)
    values (${w.project.id}, ${userId}::uuid, 'csv', 'fi', ${JSON.stringify(request)}::jsonb, 'done',
      ${`matrix-${crypto.randomUUID()}.csv`}, 'x.csv', 2, now(), now() + interval '1 hour')
    returning id, file`;
  const { file } = row as unknown as { file: string };
  const dir = path.join(w.olo.server.config.dataDir, 'exports');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), 'x\n');
  return (row as { id: number }).id;
}

/** A download of a background export: 200 is allowed; not signed in, no access and not one's own are refusals. */
async function exportOutcome(response: Response): Promise<Outcome> {
  if (response.status === 200) return 'allowed';
  expect([401, 403, 404]).toContain(response.status);
  return 'denied';
}

const pdfReports = new WeakMap<World, Map<'member' | 'public', Promise<{ id: number; publicId: string }>>>();
/**
 * One report of X per world and audience for the PDF rows (the public one published): PDFs are kept by report
 * version, data, cover, template and language, not by viewer, so only the first allowed role's request renders.
 */
function pdfReport(w: World, audience: 'member' | 'public'): Promise<{ id: number; publicId: string }> {
  let reports = pdfReports.get(w);
  if (!reports) {
    reports = new Map();
    pdfReports.set(w, reports);
  }
  let report = reports.get(audience);
  if (!report) {
    report = reportOf(w, { published: audience === 'public' });
    reports.set(audience, report);
  }
  return report;
}

/** A report's PDF: 200 with a PDF is allowed; `refusals` are the statuses that refuse it. */
async function pdfOutcome(response: Response, refusals: number[]): Promise<Outcome> {
  if (response.status === 200) {
    expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    return 'allowed';
  }
  expect({ status: response.status, body: await response.text() }).toMatchObject({
    status: expect.toSatisfy((status: number) => refusals.includes(status)),
  });
  return 'denied';
}

async function attachmentOutcome(response: Response): Promise<Outcome> {
  if (response.status === 200) return 'allowed';
  expect([401, 403]).toContain(response.status);
  return 'denied';
}

/** Subscribes as `role`, triggers a change (by default of X), and reports whether it arrived within a second. */
async function subscriptionOutcome(
  w: World,
  role: Role,
  query: string,
  variables: Record<string, unknown>,
  options: { trigger?: () => Promise<void>; arrived?: (data: Record<string, unknown>) => boolean } = {},
): Promise<Outcome> {
  const trigger =
    options.trigger ?? (() => w.olo.server.events.publish('project.updated', { projectId: w.project.id }));
  const arrived =
    options.arrived ??
    ((data: Record<string, unknown>) =>
      Object.values(data).some((item) => (item as { id?: number } | null)?.id === w.project.id));
  const client = w.clients[role].websocket();
  try {
    return await new Promise<Outcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve('denied');
      }, 1000);
      const unsubscribe = client.subscribe(
        { query, variables },
        {
          next: (value) => {
            const response = { status: 200, ...(value as Omit<GraphQLResponse, 'status'>) };
            try {
              const outcome = outcomeOf(response, arrived);
              if (outcome === 'allowed' || response.errors) {
                clearTimeout(timer);
                unsubscribe();
                resolve(outcome);
              }
            } catch (error) {
              clearTimeout(timer);
              reject(error);
            }
          },
          error: (error) => {
            clearTimeout(timer);
            const messages = Array.isArray(error) ? error.map((item: { message: string }) => item.message) : [];
            if (messages.some((message) => deniedMessages.has(message))) resolve('denied');
            else reject(error);
          },
          complete: () => {},
        },
      );
      setTimeout(() => void trigger(), 300);
    });
  } finally {
    await client.dispose();
  }
}

/** A fingerprint of every tenancy table, to prove that a refused mutation changed nothing. */
async function tenancyFingerprint(olo: TestServer): Promise<string> {
  const tables = [
    'organizations',
    'organization_memberships',
    'projects',
    'project_memberships',
    'project_favourites',
    'spaces',
    'project_pages',
    'invitations',
    'attachments',
    'meters',
    'meter_readings',
    'meter_commands',
    'system_errors',
    'series',
    'series_datasources',
    'integrations',
    'meter_conversions',
    'meter_calibrations',
    'alarms',
    'alarms_series',
    'alarms_actions',
    'alarms_triggered',
    'colors',
    'limits',
    'reports',
    'report_covers',
    'translation_overrides',
    'documents',
  ];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await olo.server.database.sql.unsafe(
        `select count(*)::int as count, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as hash from ${table} t`,
      );
      return `${table}:${row?.count}:${row?.hash}`;
    }),
  );
  return parts.join(' ');
}

async function buildWorld(olo: TestServer): Promise<World> {
  const { accounts } = olo.server.services;
  const db = olo.server.database.db;
  const organizations = new OrganizationsRepository(db);
  const projects = new ProjectsRepository(db);
  const password = 'matrix-password-1';
  let sequence = 0;
  const createUser = async (label: string) => {
    sequence += 1;
    const suffix = `${label.toLowerCase()}${sequence}${crypto.randomBytes(2).toString('hex')}`;
    return accounts.createVerifiedUser({
      username: suffix,
      password,
      email: `${suffix}@example.com`,
      isAdmin: label === 'siteAdmin',
    });
  };
  const clients = {} as Record<Role, TestClient>;
  const userIds = {} as Record<Role, string>;
  for (const role of allRoles) {
    clients[role] = new TestClient(olo.url);
    if (role === 'anonymous') continue;
    const user = await createUser(role);
    userIds[role] = user.id;
  }
  await Promise.all(
    allRoles
      .filter((role) => role !== 'anonymous')
      .map(async (role) => {
        const [user] = await olo.server.database.sql`select username from users where id = ${userIds[role]}`;
        const response = await clients[role].graphql(
          'mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { id } }',
          { u: user?.username, p: password },
        );
        expect(response.errors).toBeUndefined();
      }),
  );

  const parent = await organizations.insert({ name: 'Parent P', slug: `p-${crypto.randomBytes(4).toString('hex')}` });
  const organization = await organizations.insert({
    name: 'Organization O',
    slug: `o-${crypto.randomBytes(4).toString('hex')}`,
    parentId: parent.id,
  });
  await organizations.insertMembership({ organizationId: parent.id, userId: userIds.parentAdmin, isAdmin: true });
  const organizationFlags: Partial<Record<Role, Record<string, boolean>>> = {
    orgMember: {},
    orgViewAll: { canViewAll: true },
    orgViewMeters: { canViewMeters: true },
    orgNotify: { notifyOnMeterError: true },
    orgAdmin: { isAdmin: true },
  };
  for (const [role, flags] of Object.entries(organizationFlags)) {
    await organizations.insertMembership({ organizationId: organization.id, userId: userIds[role as Role], ...flags });
  }
  const project = await projects.insert({
    organizationId: organization.id,
    name: 'Project X',
    publicId: crypto.randomUUID(),
  });
  const projectFlags: Partial<Record<Role, Record<string, boolean>>> = {
    projectMember: {},
    projectAdminAlarms: { canAdminAlarms: true },
    projectAdminReports: { canAdminReports: true },
    projectAdminSeries: { canAdminSeries: true },
    projectViewAlarms: { canViewAlarms: true },
    projectViewReports: { canViewReports: true },
    projectAdmin: { isAdmin: true },
  };
  for (const [role, flags] of Object.entries(projectFlags)) {
    await projects.insertMembership({ projectId: project.id, userId: userIds[role as Role], ...flags });
  }
  const asAdmin = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await clients.siteAdmin.graphql<T>(query, variables);
    if (response.errors) throw new Error(`site admin call failed: ${JSON.stringify(response.errors)}`);
    return response.data as T;
  };
  const attachment = await uploadAttachment(
    clients.siteAdmin,
    { projectId: project.id },
    { name: 'notes.txt', type: 'text/plain', bytes: 'Kosteusmittaukset' },
  );
  // Organization Q, a stranger to O and P, with an image of its project and its own logo.
  const foreign = await organizations.insert({
    name: 'Organization Q',
    slug: `q-${crypto.randomBytes(4).toString('hex')}`,
  });
  const foreignProject = await projects.insert({ organizationId: foreign.id, name: 'Project of Q' });
  const foreignFiles = { image: '', logo: '' };
  for (const [key, target] of [
    ['image', { projectId: foreignProject.id }],
    ['logo', { organizationId: foreign.id }],
  ] as const) {
    const upload = await uploadAttachment(clients.siteAdmin, target, {
      name: `${key}.png`,
      type: 'image/png',
      bytes: onePixelPng,
    });
    expect(upload.status).toBe(201);
    foreignFiles[key] = upload.body.id as string;
  }
  // Meter M: created by a real uplink (decoded by the network server), then moved to O.
  const serial = randomSerial();
  const uplink = {
    end_device_ids: { device_id: 'matrix-meter', application_ids: { application_id: 'matrix' }, dev_eui: serial },
    uplink_message: { f_port: 1, f_cnt: 1, frm_payload: 'AQ==', decoded_payload: { co2: 600, temperature: 21.5 } },
  };
  const ingested = await fetch(`${olo.url}/api/ingest/tts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${matrixIngestToken}` },
    body: JSON.stringify(uplink),
  });
  expect(ingested.status).toBe(202);
  const meters = new MetersRepository(db);
  const [meterRow] = await meters.findBySerials([serial]);
  const meter = await meters.update((meterRow as { id: number }).id, {
    organizationId: organization.id,
    meta: { matrixFloor: '3' },
  });
  const seriesRepository = new SeriesRepository(db);
  const mainSeries = await seriesRepository.insert({
    projectId: project.id,
    name: 'CO2',
    dataType: 'CO2',
    dataUnit: 'ppm',
  });
  const otherSeries = await seriesRepository.insert({ projectId: project.id, name: 'Spare', dataType: 'CO2' });
  await seriesRepository.insertDatasource({
    seriesId: mainSeries.id,
    meterId: meter.id,
    channel: 'co2',
    startAt: new Date(),
  });

  const world: World = {
    olo,
    meter: { id: meter.id, serial },
    seriesId: mainSeries.id,
    otherSeriesId: otherSeries.id,
    meters,
    series: seriesRepository,
    clients,
    userIds,
    parentId: parent.id,
    organization: { id: organization.id, slug: organization.slug },
    project: { id: project.id, publicId: project.publicId as string },
    attachmentId: attachment.body.id as string,
    foreignFiles,
    organizations,
    projects,
    newUser: async () => (await createUser('extra')).id,
    username: async (role) => {
      const [user] = await olo.server.database.sql`select username from users where id = ${userIds[role]}`;
      return user?.username as string;
    },
    asAdmin,
    fingerprintBeforeCall: '',
    async call(role, query, variables = {}) {
      world.fingerprintBeforeCall = await tenancyFingerprint(olo);
      return clients[role].graphql(query, variables);
    },
    async upload(role, target, file) {
      world.fingerprintBeforeCall = await tenancyFingerprint(olo);
      world.attachmentFilesBeforeCall = attachmentFiles(olo);
      return uploadAttachment(clients[role], target, file);
    },
    attachmentFilesBeforeCall: [],
  };
  return world;
}

describe('the permissions documentation', () => {
  it('is rendered from the matrix (npm run docs:permissions)', () => {
    const file = path.resolve(import.meta.dirname, '../../../../../docs/permissions.md');
    expect(fs.readFileSync(file, 'utf8')).toBe(renderPermissionsMarkdown());
  });

  it('has a case for every row and a row for every case', () => {
    expect(Object.keys(cases).sort()).toEqual(permissionMatrix.map((row) => row.operation).sort());
  });
});

describe.each(testDatabases)('permission matrix on %s', (kind) => {
  let world: World;
  let weatherProviders: WeatherProviderServer;
  beforeAll(async () => {
    // The PDF rows print the built web app's print page (built only when stale), as report-pdf.test.ts does.
    execFileSync('node', ['scripts/build.mjs'], { cwd: path.join(serverRoot, '..', '..'), stdio: 'ignore' });
    weatherProviders = await startWeatherProviderServer();
    world = await buildWorld(
      await startTestServer(kind, {
        INGEST_TOKEN: matrixIngestToken,
        FMI_URL: weatherProviders.fmiUrl,
        OPEN_METEO_URL: weatherProviders.openMeteoForecastUrl,
        OPEN_METEO_ARCHIVE_URL: weatherProviders.openMeteoArchiveUrl,
      }),
    );
  }, 300_000);
  afterAll(async () => {
    await world?.olo.close();
    await weatherProviders?.close();
  });

  it.each(permissionMatrix.map((row) => [row.operation, row] as const))(
    '%s',
    async (_name, row: MatrixRow) => {
      const run = cases[row.operation];
      if (!run) throw new Error(`no case for ${row.operation}`);
      const outcomes: Partial<Record<Role, Outcome>> = {};
      const changedWhenDenied: Role[] = [];
      for (const role of allRoles) {
        outcomes[role] = await run(world, role);
        const changes = row.kind === 'mutation' || row.operation.startsWith('POST ');
        if (changes && outcomes[role] === 'denied') {
          if ((await tenancyFingerprint(world.olo)) !== world.fingerprintBeforeCall) changedWhenDenied.push(role);
          if (row.kind === 'rest' && attachmentFiles(world.olo).join() !== world.attachmentFilesBeforeCall.join()) {
            changedWhenDenied.push(role);
          }
        }
      }
      const expected = Object.fromEntries(
        allRoles.map((role) => [role, row.allowed.includes(role) ? 'allowed' : 'denied']),
      );
      expect(outcomes).toEqual(expected);
      expect(changedWhenDenied).toEqual([]);
    },
    60_000,
  );
});
