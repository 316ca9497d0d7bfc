import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import type { DatabaseKind } from '../../testing/test-databases.ts';
import {
  expectData,
  type GraphQLResponse,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../testing/test-server.ts';

// Shared by the reports' tests (reports*.test.ts, report-context.test.ts, report-covers.test.ts).

export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

export const reportFields = `id projectId name content dataslots from to landscape coverId printtemplateId publicId published
  template summary version`;
export const createReport = `mutation Create($input: CreateReportInput!) {
  createReport(input: $input) { report { ${reportFields} } unmapped { elementId spaceName dataType } }
}`;
export const updateReport = `mutation Update($input: UpdateReportInput!) { updateReport(input: $input) { ${reportFields} } }`;
export const cloneReport = `mutation Clone($input: CloneReportInput!) {
  cloneReport(input: $input) { report { ${reportFields} } unmapped { elementId spaceName dataType } }
}`;
export const readReport = `query Read($id: Int!) { report(id: $id) { ${reportFields} } }`;
export const publicReport = `query Public($publicId: String!) {
  publicReport(publicId: $publicId) {
    publicId name content from to
    context { projectName spaces { id name } series { id name } alarmEpisodes { id seriesId } }
  }
}`;

export interface ReportData {
  id: number;
  projectId: number;
  name: string;
  content: { version: number; elements: Array<Record<string, unknown>> };
  dataslots: unknown[];
  coverId: number | null;
  printtemplateId: number | null;
  publicId: string | null;
  published: boolean;
  template: boolean;
  summary: boolean;
  landscape: boolean;
  version: number;
}
export interface ContextData {
  projectName: string;
  spaces: Array<Record<string, unknown>>;
  series: Array<Record<string, unknown>>;
  alarmEpisodes: Array<Record<string, unknown>>;
}
export interface Creation {
  report: ReportData;
  unmapped: Array<{ elementId: string; spaceName: string; dataType: string | null }>;
}

export const range = { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' };

export const summaryOf = (id: string, spaceRef: Record<string, unknown>, dataType: string | null) => ({
  id,
  kind: 'summary',
  series: [{ space: spaceRef, dataType }],
});

/** The first input issue's message, as the web app shows it. */
export const issueOf = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.issues?.[0]?.message;

/**
 * A server with two tenants: the owner, admin of P and (through it) of its child O; and admin of another
 * organization T. A of P holds the template; B of O receives it; Z of T is the other tenant's.
 */
export async function startReportsWorld(kind: DatabaseKind) {
  const olo: TestServer = await startTestServer(kind);
  const sql = () => olo.server.database.sql;

  async function spaceOf(projectId: number, name: string, show = true): Promise<number> {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${projectId}, ${name}, ${show}) returning id`;
    return row?.id as number;
  }
  async function seriesOf(projectId: number, spaceId: number | null, name: string, dataType: string): Promise<number> {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${projectId}, ${spaceId}, ${name}, ${dataType}, 'ppm') returning id`;
    return row?.id as number;
  }
  async function create(client: TestClient, input: Record<string, unknown>): Promise<Creation> {
    return expectData(await client.graphql<{ createReport: Creation }>(createReport, { input: { ...range, ...input } }))
      .createReport;
  }
  async function update(client: TestClient, input: Record<string, unknown>) {
    return client.graphql<{ updateReport: ReportData }>(updateReport, { input });
  }
  async function stored(id: number): Promise<{ name: string; version: number; content: unknown; dataslots: unknown }> {
    const [row] = await sql()<Array<{ name: string; version: number; content: unknown; dataslots: unknown }>>`
      select name, version, content, dataslots from reports where id = ${id}`;
    return row as { name: string; version: number; content: unknown; dataslots: unknown };
  }

  const { client: owner } = await signedInClient(olo.url);
  const { client: tenant } = await signedInClient(olo.url);
  const parentId = (await createOrganization(owner, { name: 'Kiinteistöt Oy' })).id;
  const organizationId = (await createOrganization(owner, { name: 'Koulut', parentId })).id;
  const tenantOrganizationId = (await createOrganization(tenant, { name: 'Toinen' })).id;
  const projectA = (await createProject(owner, parentId, { name: 'Mallikoulu' })).id;
  const projectB = (await createProject(owner, organizationId, { name: 'Kirkonkylän koulu' })).id;
  const projectZ = (await createProject(tenant, tenantOrganizationId, { name: 'Vieras' })).id;
  const spaces: Record<string, number> = {
    a101: await spaceOf(projectA, 'Luokka 101'),
    aHall: await spaceOf(projectA, 'Sali'),
    b101: await spaceOf(projectB, ' luokka 101 '),
    bHall: await spaceOf(projectB, 'Sali'),
    bHidden: await spaceOf(projectB, 'Ullakko', false),
  };
  const series: Record<string, number> = {
    a101co2: await seriesOf(projectA, spaces.a101 as number, 'CO2', 'CO2'),
    a101temp: await seriesOf(projectA, spaces.a101 as number, 'Lämpötila', 'Temperature'),
    aHallCo2: await seriesOf(projectA, spaces.aHall as number, 'CO2', 'CO2'),
    b101co2: await seriesOf(projectB, spaces.b101 as number, 'CO2', 'CO2'),
    bHallTemp: await seriesOf(projectB, spaces.bHall as number, 'Lämpötila', 'Temperature'),
    bHiddenCo2: await seriesOf(projectB, spaces.bHidden as number, 'CO2', 'CO2'),
  };
  return {
    olo,
    owner,
    tenant,
    parentId,
    organizationId,
    tenantOrganizationId,
    projectA,
    projectB,
    projectZ,
    spaces,
    series,
    sql,
    spaceOf,
    seriesOf,
    create,
    update,
    stored,
  };
}

export type ReportsWorld = Awaited<ReturnType<typeof startReportsWorld>>;
