import { dataViewErrors, reportErrors, tenancyErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import {
  expectData,
  type GraphQLResponse,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../testing/test-server.ts';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const reportFields = `id projectId name content dataslots from to landscape coverId printtemplateId publicId published
  template summary version`;
const createReport = `mutation Create($input: CreateReportInput!) {
  createReport(input: $input) { report { ${reportFields} } unmapped { elementId spaceName dataType } }
}`;
const updateReport = `mutation Update($input: UpdateReportInput!) { updateReport(input: $input) { ${reportFields} } }`;
const cloneReport = `mutation Clone($input: CloneReportInput!) {
  cloneReport(input: $input) { report { ${reportFields} } unmapped { elementId spaceName dataType } }
}`;
const readReport = `query Read($id: Int!) { report(id: $id) { ${reportFields} } }`;
const publicReport = `query Public($publicId: String!) {
  publicReport(publicId: $publicId) {
    publicId name content from to
    context { projectName spaces { id name } series { id name } alarmEpisodes { id seriesId } }
  }
}`;

interface ReportData {
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
interface ContextData {
  projectName: string;
  spaces: Array<Record<string, unknown>>;
  series: Array<Record<string, unknown>>;
  alarmEpisodes: Array<Record<string, unknown>>;
}
interface Creation {
  report: ReportData;
  unmapped: Array<{ elementId: string; spaceName: string; dataType: string | null }>;
}

const range = { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' };

const summaryOf = (id: string, spaceRef: Record<string, unknown>, dataType: string | null) => ({
  id,
  kind: 'summary',
  series: [{ space: spaceRef, dataType }],
});

/** The first input issue's message, as the web app shows it. */
const issueOf = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.issues?.[0]?.message;

describe.each(testDatabases)('reports on %s', (kind) => {
  let olo: TestServer;
  /** Admin of P and (through it) of its child O. */
  let owner: TestClient;
  /** Admin of another organization T, with project Z: a second tenant. */
  let tenant: TestClient;
  let parentId: string;
  let organizationId: string;
  let tenantOrganizationId: string;
  /** A of P holds the template; B of O receives it; Z of T is the other tenant's. */
  let projectA: number;
  let projectB: number;
  let projectZ: number;
  let spaces: Record<string, number>;
  let series: Record<string, number>;
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

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: owner } = await signedInClient(olo.url));
    ({ client: tenant } = await signedInClient(olo.url));
    parentId = (await createOrganization(owner, { name: 'Kiinteistöt Oy' })).id;
    organizationId = (await createOrganization(owner, { name: 'Koulut', parentId })).id;
    tenantOrganizationId = (await createOrganization(tenant, { name: 'Toinen' })).id;
    projectA = (await createProject(owner, parentId, { name: 'Mallikoulu' })).id;
    projectB = (await createProject(owner, organizationId, { name: 'Kirkonkylän koulu' })).id;
    projectZ = (await createProject(tenant, tenantOrganizationId, { name: 'Vieras' })).id;
    spaces = {
      a101: await spaceOf(projectA, 'Luokka 101'),
      aHall: await spaceOf(projectA, 'Sali'),
      b101: await spaceOf(projectB, ' luokka 101 '),
      bHall: await spaceOf(projectB, 'Sali'),
      bHidden: await spaceOf(projectB, 'Ullakko', false),
    };
    series = {
      a101co2: await seriesOf(projectA, spaces.a101 as number, 'CO2', 'CO2'),
      a101temp: await seriesOf(projectA, spaces.a101 as number, 'Lämpötila', 'Temperature'),
      aHallCo2: await seriesOf(projectA, spaces.aHall as number, 'CO2', 'CO2'),
      b101co2: await seriesOf(projectB, spaces.b101 as number, 'CO2', 'CO2'),
      bHallTemp: await seriesOf(projectB, spaces.bHall as number, 'Lämpötila', 'Temperature'),
      bHiddenCo2: await seriesOf(projectB, spaces.bHidden as number, 'CO2', 'CO2'),
    };
  });
  afterAll(() => olo?.close());

  it('saves with the version it read, and refuses a stale version without changing anything', async () => {
    const { report } = await create(owner, { projectId: projectB, name: 'Syksy' });
    expect(report).toMatchObject({
      name: 'Syksy',
      content: { version: 1, elements: [] },
      dataslots: [],
      published: false,
      publicId: null,
      template: false,
      version: 1,
    });
    const content = { version: 1, elements: [{ id: 'title', kind: 'text', text: '{project.name}', style: 'title' }] };
    const saved = expectData(await update(owner, { id: report.id, version: 1, name: 'Syksy 2026', content }));
    expect(saved.updateReport).toMatchObject({ name: 'Syksy 2026', version: 2 });
    // Defaults filled in as stored.
    expect(saved.updateReport.content.elements[0]).toMatchObject({ repeatPerSpace: false, children: [] });

    // Another tab still holds version 1.
    const stale = await update(owner, {
      id: report.id,
      version: 1,
      name: 'Vanha',
      content: { version: 1, elements: [] },
    });
    expect(stale.errors?.[0]).toMatchObject({
      message: reportErrors.changedElsewhere,
      extensions: { code: 'CONFLICT' },
    });
    expect(await stored(report.id)).toMatchObject({ name: 'Syksy 2026', version: 2 });

    const reread = expectData(await owner.graphql<{ report: ReportData }>(readReport, { id: report.id })).report;
    expect(reread.content.elements).toHaveLength(1);
    expect(
      expectData(
        await owner.graphql<{ deleteReport: boolean }>('mutation D($id: Int!) { deleteReport(id: $id) }', {
          id: report.id,
        }),
      ).deleteReport,
    ).toBe(true);
    expect(expectData(await owner.graphql<{ report: null }>(readReport, { id: report.id })).report).toBeNull();
  });

  it('refuses oversized and hostile content with its message, and changes nothing', async () => {
    const { report } = await create(owner, { projectId: projectB, name: 'Rajat' });
    const before = await stored(report.id);
    const text = (id: string) => ({ id, kind: 'text', text: 'x' });
    let nested: Record<string, unknown> = text('leaf');
    for (let depth = 0; depth < 6; depth++) nested = { ...text(`level${depth}`), children: [nested] };
    let deepJson: unknown = [];
    for (let depth = 0; depth < 200; depth++) deepJson = [deepJson];
    const javascriptLink = {
      id: 'intro',
      kind: 'richText',
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Klikkaa', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            ],
          },
        ],
      },
    };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { content: { version: 1, elements: Array.from({ length: 301 }, (_, index) => text(`t${index}`)) } },
        reportErrors.tooManyElements,
      ],
      [{ content: { version: 1, elements: [nested] } }, reportErrors.tooDeep],
      [{ content: { version: 1, elements: [{ ...text('deep'), extra: deepJson }] } }, reportErrors.tooDeep],
      [
        { content: { version: 1, elements: [{ ...text('big'), text: 'x'.repeat(600 * 1024) }] } },
        reportErrors.tooLarge,
      ],
      [{ content: { version: 1, elements: [javascriptLink] } }, reportErrors.invalidLink],
      [{ content: { version: 1, elements: [text('same'), text('same')] } }, reportErrors.duplicateElementId],
      [{ content: { version: 2, elements: [] } }, reportErrors.unsupportedVersion],
      [
        {
          dataslots: Array.from({ length: 21 }, (_, index) => ({
            id: `slot${index}`,
            name: `Jakso ${index}`,
            ...range,
            slot: 3600,
          })),
        },
        dataViewErrors.tooManyViews,
      ],
      // Against the stored start.
      [{ to: '2026-09-01T00:00:00Z' }, dataViewErrors.toBeforeFrom],
    ];
    for (const [fields, message] of refusals) {
      const response = await update(owner, { id: report.id, version: 1, ...fields });
      expect(response.errors?.[0]?.extensions?.code, message).toBe('BAD_USER_INPUT');
      expect(issueOf(response)).toBe(message);
    }
    expect(await stored(report.id)).toEqual(before);
  });

  it('opens a report stored under content version 0 (a bare array of elements)', async () => {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into reports (project_id, name, content, from_at, to_at)
      values (${projectB}, 'Vanha raportti',
        ${JSON.stringify([{ kind: 'text', text: 'Otsikko', children: [{ kind: 'richText' }] }])}::jsonb,
        ${range.from}, ${range.to})
      returning id`;
    const report = expectData(await owner.graphql<{ report: ReportData }>(readReport, { id: row?.id })).report;
    expect(report.content.version).toBe(1);
    expect(report.content.elements).toMatchObject([
      { kind: 'text', text: 'Otsikko', children: [{ kind: 'richText', doc: { type: 'doc' } }] },
    ]);
    // Each element got an id, and saving the upgraded content back stores the current version.
    const id = report.content.elements[0]?.id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expectData(await update(owner, { id: row?.id, version: 1, content: report.content }));
    expect((await stored(row?.id as number)).content).toMatchObject({ version: 1, elements: [{ id }] });
  });

  it('makes a report from a template of the organization chain, maps its spaces by name and lists what it could not', async () => {
    const cover = expectData(
      await owner.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        { input: { organizationId: parentId, name: 'Kansi' } },
      ),
    ).createReportCover;
    const { report: template } = await create(owner, { projectId: projectA, name: 'Sisäilma' });
    const content = {
      version: 1,
      elements: [
        summaryOf('co2', { kind: 'space', id: spaces.a101, name: 'Luokka 101' }, 'CO2'),
        summaryOf('hallTemp', { kind: 'space', id: spaces.aHall, name: 'Sali' }, 'Temperature'),
        {
          id: 'rooms',
          kind: 'text',
          text: '{space.name}',
          repeatPerSpace: true,
          children: [summaryOf('each', { kind: 'current' }, null)],
        },
        summaryOf('gone', { kind: 'space', id: 999999, name: 'Kellari' }, 'CO2'),
      ],
    };
    const dataslots = [{ id: 'school', name: 'Kouluaika', ...range, slot: 3600, filters: [] }];
    expectData(
      await update(owner, { id: template.id, content, dataslots, template: true, landscape: true, coverId: cover.id }),
    );

    const extras = expectData(
      await owner.graphql<{
        reportExtras: { covers: Array<{ id: number }>; templates: Array<Record<string, unknown>> };
      }>(
        'query E($id: Int!) { reportExtras(projectId: $id) { covers { id } printTemplates { id } templates { id name projectName organizationName } } }',
        { id: projectB },
      ),
    ).reportExtras;
    expect(extras.covers.map((item) => item.id)).toContain(cover.id);
    expect(extras.templates).toContainEqual({
      id: template.id,
      name: 'Sisäilma',
      projectName: 'Mallikoulu',
      organizationName: 'Kiinteistöt Oy',
    });

    const made = await create(owner, { projectId: projectB, name: 'Kirkonkylä syksy', templateId: template.id });
    expect(made.report).toMatchObject({
      projectId: projectB,
      template: false,
      published: false,
      landscape: true,
      coverId: cover.id,
      dataslots: [expect.objectContaining({ id: 'school', name: 'Kouluaika' })],
    });
    const elements = made.report.content.elements;
    expect(elements[0]).toMatchObject({ series: [{ space: { kind: 'space', id: spaces.b101 }, dataType: 'CO2' }] });
    // Sali is there but measures no temperature in A's sense... it does here: kept and mapped.
    expect(elements[1]).toMatchObject({
      series: [{ space: { kind: 'space', id: spaces.bHall }, dataType: 'Temperature' }],
    });
    expect(elements[2]).toMatchObject({ children: [{ series: [{ space: { kind: 'current' } }] }] });
    // Kellari is missing: the selection is dropped and listed.
    expect(elements[3]).toMatchObject({ series: [] });
    expect(made.unmapped).toEqual([{ elementId: 'gone', spaceName: 'Kellari', dataType: null }]);

    // A template whose type a space lacks: kept, and listed with its type.
    const { report: other } = await create(owner, { projectId: projectA, name: 'Lämpö' });
    expectData(
      await update(owner, {
        id: other.id,
        template: true,
        content: {
          version: 1,
          elements: [summaryOf('t', { kind: 'space', id: spaces.a101, name: 'Luokka 101' }, 'Temperature')],
        },
      }),
    );
    const partly = await create(owner, { projectId: projectB, name: 'Lämpö B', templateId: other.id });
    expect(partly.unmapped).toEqual([{ elementId: 't', spaceName: ' luokka 101 ', dataType: 'Temperature' }]);

    // The other tenant neither sees the template nor can use it; B's template is not offered up to A.
    const tenantExtras = expectData(
      await tenant.graphql<{ reportExtras: { templates: Array<{ id: number }> } }>(
        'query E($id: Int!) { reportExtras(projectId: $id) { templates { id } } }',
        { id: projectZ },
      ),
    ).reportExtras;
    expect(tenantExtras.templates).toEqual([]);
    const stolen = await tenant.graphql(createReport, {
      input: { ...range, projectId: projectZ, name: 'Kopio', templateId: template.id },
    });
    expect(stolen.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } });
    const { report: childTemplate } = await create(owner, { projectId: projectB, name: 'Lapsen pohja' });
    expectData(await update(owner, { id: childTemplate.id, template: true }));
    const upward = await owner.graphql(createReport, {
      input: { ...range, projectId: projectA, name: 'Ylös', templateId: childTemplate.id },
    });
    expect(upward.errors?.[0]?.message).toBe('Not found');

    // The organization's admins list its own templates.
    const listed = expectData(
      await owner.graphql<{ organization: { reportTemplates: Array<{ id: number }> } }>(
        'query O($id: ID!) { organization(id: $id) { reportTemplates { id } } }',
        { id: organizationId },
      ),
    ).organization.reportTemplates;
    expect(listed.map((item) => item.id)).toEqual([childTemplate.id]);
  });

  it('clones into another project: mapped, its images copied there, a cover outside the chain dropped, unpublished', async () => {
    const upload = await uploadAttachment(
      owner,
      { projectId: projectB },
      { name: 'pohja.png', type: 'image/png', bytes: png },
    );
    const attachmentId = upload.body.id as string;
    const childCover = expectData(
      await owner.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        { input: { organizationId, name: 'Koulujen kansi' } },
      ),
    ).createReportCover;
    const { report: source } = await create(owner, { projectId: projectB, name: 'Lähde' });
    // B's report shows an image of B and O's cover.
    await sql()`update reports set content = ${JSON.stringify({
      version: 1,
      elements: [
        {
          id: 'tour',
          kind: 'imageTour',
          images: [
            {
              attachmentId,
              caption: 'Pohjapiirros',
              pins: [{ space: { kind: 'space', id: spaces.b101, name: ' luokka 101 ' }, x: 0.5, y: 0.5 }],
            },
          ],
        },
      ],
    })}::jsonb, cover_id = ${childCover.id}, published = true, template = true where id = ${source.id}`;

    // Into A (of P, above O): O's cover is not in A's chain; the pin maps to A's Luokka 101.
    const clone = expectData(
      await owner.graphql<{ cloneReport: Creation }>(cloneReport, {
        input: { id: source.id, projectId: projectA, name: 'Kopio' },
      }),
    ).cloneReport;
    expect(clone.report).toMatchObject({
      projectId: projectA,
      name: 'Kopio',
      published: false,
      publicId: null,
      template: false,
      coverId: null,
    });
    expect(clone.unmapped).toEqual([]);
    const image = (clone.report.content.elements[0] as { images: Array<{ attachmentId: string; pins: unknown[] }> })
      .images[0];
    expect(image?.pins).toEqual([{ space: { kind: 'space', id: spaces.a101, name: 'Luokka 101' }, x: 0.5, y: 0.5 }]);
    // B's file is not A's: A's report gets a copy of its own that A's viewers may read.
    const copiedId = image?.attachmentId as string;
    expect(copiedId).not.toBe(attachmentId);
    const [copy] = await sql()<Array<{ project_id: number; name: string; size: number }>>`
      select project_id, name, size from attachments where id = ${copiedId}`;
    expect(copy).toEqual({ project_id: projectA, name: 'pohja.png', size: png.length });
    const viewer = (await signedInClient(olo.url)).client;
    const [viewerRow] = await sql()<Array<{ id: string }>>`select id from users order by created_at desc limit 1`;
    await sql()`insert into project_memberships (project_id, user_id, can_view_reports) values (${projectA}, ${viewerRow?.id as string}, true)`;
    const served = await viewer.fetch(`/api/attachments/${copiedId}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // Into B itself: the same ids, the cover kept.
    const same = expectData(
      await owner.graphql<{ cloneReport: Creation }>(cloneReport, { input: { id: source.id, projectId: projectB } }),
    ).cloneReport;
    expect(same.report).toMatchObject({ name: 'Lähde', coverId: childCover.id, published: false });
    const keptImage = (same.report.content.elements[0] as { images: Array<{ attachmentId: string }> }).images[0];
    expect(keptImage?.attachmentId).toBe(attachmentId);
  });

  it('publishes under a new public id each time; the public view shows only what the report references', async () => {
    const { report } = await create(owner, { projectId: projectB, name: 'Julkinen' });
    expectData(
      await update(owner, {
        id: report.id,
        content: { version: 1, elements: [summaryOf('co2', { kind: 'all' }, 'CO2')] },
      }),
    );
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectB}, 'CO2 yli 1200', 1200) returning id`;
    await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, end_at, data, peak) values
      (${alarm?.id as string}, ${series.b101co2 as number}, ${projectB}, '2026-10-05T08:00:00Z', '2026-10-05T09:00:00Z', 1300, 1450),
      (${alarm?.id as string}, ${series.bHallTemp as number}, ${projectB}, '2026-10-05T08:00:00Z', null, 30, null)`;
    const anonymous = new TestClient(olo.url);

    const first = expectData(
      await owner.graphql<{ publishReport: ReportData }>(
        'mutation P($id: Int!) { publishReport(id: $id) { publicId published version } }',
        { id: report.id },
      ),
    ).publishReport;
    expect(first).toMatchObject({ published: true, version: 2 });
    const seen = expectData(
      await anonymous.graphql<{ publicReport: { context: ContextData } }>(publicReport, { publicId: first.publicId }),
    ).publicReport;
    expect(seen).toMatchObject({
      publicId: first.publicId,
      name: 'Julkinen',
      context: { projectName: 'Kirkonkylän koulu' },
    });
    // Only the shown spaces' CO2: not the hall's temperature, not the hidden attic's CO2.
    expect(seen.context.series).toEqual([{ id: series.b101co2, name: 'CO2' }]);
    expect(seen.context.spaces).toEqual([{ id: spaces.b101, name: ' luokka 101 ' }]);
    expect(seen.context.alarmEpisodes).toEqual([{ id: expect.any(String), seriesId: series.b101co2 }]);

    const second = expectData(
      await owner.graphql<{ publishReport: ReportData }>(
        'mutation P($id: Int!) { publishReport(id: $id) { publicId } }',
        { id: report.id },
      ),
    ).publishReport;
    expect(second.publicId).not.toBe(first.publicId);
    const old = await anonymous.graphql(publicReport, { publicId: first.publicId });
    expect(old.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } });
    expectData(await anonymous.graphql(publicReport, { publicId: second.publicId }));

    const unpublished = expectData(
      await owner.graphql<{ unpublishReport: ReportData }>(
        'mutation U($id: Int!) { unpublishReport(id: $id) { publicId published } }',
        { id: report.id },
      ),
    ).unpublishReport;
    expect(unpublished).toEqual({ publicId: null, published: false });
    expect((await anonymous.graphql(publicReport, { publicId: second.publicId })).errors?.[0]?.message).toBe(
      'Not found',
    );
    expect((await anonymous.graphql(publicReport, { publicId: 'not-a-uuid' })).errors?.[0]?.message).toBe('Not found');
  });

  it("keeps a second tenant out of another's reports: no reading, writing, cloning out or in", async () => {
    const { report } = await create(owner, { projectId: projectB, name: 'Salainen' });
    const { report: own } = await create(tenant, { projectId: projectZ, name: 'Oma' });
    const before = await stored(report.id);
    const denied = [
      await tenant.graphql(readReport, { id: report.id }),
      await tenant.graphql('query L($id: Int!) { reports(projectId: $id) { id } }', { id: projectB }),
      await update(tenant, { id: report.id, name: 'Minun' }),
      await tenant.graphql('mutation D($id: Int!) { deleteReport(id: $id) }', { id: report.id }),
      await tenant.graphql('mutation P($id: Int!) { publishReport(id: $id) { id } }', { id: report.id }),
      await tenant.graphql(cloneReport, { input: { id: report.id, projectId: projectZ } }),
      await tenant.graphql(cloneReport, { input: { id: own.id, projectId: projectB } }),
      await tenant.graphql(createReport, { input: { ...range, projectId: projectB, name: 'Tunkeutuja' } }),
    ];
    for (const response of denied) expect(response.errors?.[0]?.message).toBe('Permission denied');
    expect(await stored(report.id)).toEqual(before);
    const [count] = await sql()<
      Array<{ count: number }>
    >`select count(*)::int as count from reports where project_id = ${projectB} and name = 'Tunkeutuja'`;
    expect(count?.count).toBe(0);
  });

  it("keeps covers to their organization's admins, and refuses a cover or print template outside the project's chain", async () => {
    const tenantCover = expectData(
      await tenant.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        { input: { organizationId: tenantOrganizationId, name: 'Vieras kansi' } },
      ),
    ).createReportCover;
    const [printTemplate] = await sql()<Array<{ id: number }>>`
      insert into print_templates (organization_id, name) values (${tenantOrganizationId}, 'Vieras pohja') returning id`;
    const { report } = await create(owner, { projectId: projectB, name: 'Kansi' });
    for (const field of [{ coverId: tenantCover.id }, { printtemplateId: printTemplate?.id }]) {
      const response = await update(owner, { id: report.id, ...field });
      expect(response.errors?.[0]?.message).toBe(reportErrors.outsideOrganization);
    }
    expect((await stored(report.id)).version).toBe(1);
    const [ownTemplate] = await sql()<Array<{ id: number }>>`
      insert into print_templates (organization_id, name) values (${parentId}, 'Oma pohja') returning id`;
    const chosen = expectData(await update(owner, { id: report.id, printtemplateId: ownTemplate?.id })).updateReport;
    expect(chosen.printtemplateId).toBe(ownTemplate?.id);
    const cleared = expectData(await update(owner, { id: report.id, printtemplateId: null })).updateReport;
    expect(cleared.printtemplateId).toBeNull();

    // The other tenant's admin neither changes nor lists a cover of O.
    const ours = expectData(
      await owner.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        {
          input: {
            organizationId,
            name: 'Oma kansi',
            cover: { version: 1, elements: [{ id: 'title', kind: 'text', text: '{project.name}', style: 'title' }] },
          },
        },
      ),
    ).createReportCover;
    const refused = await tenant.graphql(
      'mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }',
      { input: { id: ours.id, name: 'Varastettu' } },
    );
    expect(refused.errors?.[0]?.message).toBe('Permission denied');
    // A cover holds only texts and rich texts, and its logo is a file of its own organization.
    const graph = await owner.graphql(
      'mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }',
      { input: { id: ours.id, cover: { version: 1, elements: [{ id: 'g', kind: 'graph' }] } } },
    );
    expect(issueOf(graph)).toBe(reportErrors.coverElements);
    const foreignLogo = await uploadAttachment(
      tenant,
      { organizationId: tenantOrganizationId },
      { name: 'logo.png', type: 'image/png', bytes: png },
    );
    const logo = await owner.graphql(
      'mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }',
      { input: { id: ours.id, cover: { version: 1, logoAttachmentId: foreignLogo.body.id } } },
    );
    expect(logo.errors?.[0]?.message).toBe(tenancyErrors.noSuchFile);
    const covers = expectData(
      await owner.graphql<{ organization: { reportCovers: Array<{ id: number; name: string; cover: unknown }> } }>(
        'query O($id: ID!) { organization(id: $id) { reportCovers { id name cover } } }',
        { id: organizationId },
      ),
    ).organization.reportCovers;
    expect(covers).toContainEqual({
      id: ours.id,
      name: 'Oma kansi',
      cover: {
        version: 1,
        logoAttachmentId: null,
        elements: [expect.objectContaining({ id: 'title', kind: 'text', text: '{project.name}' })],
      },
    });
    expectData(await owner.graphql('mutation D($id: Int!) { deleteReportCover(id: $id) }', { id: ours.id }));
  });

  it("gives the context's spaces and series with colours and limits, and the episodes of the report's and its data slots' ranges", async () => {
    const [color] = await sql()<Array<{ id: number; color: string }>>`
      select id, color from colors where organization_id is null order by id limit 1`;
    await sql()`update spaces set color_id = ${color?.id as number} where id = ${spaces.bHall as number}`;
    const [limit] = await sql()<
      Array<{ id: number }>
    >`select id from limits where data_type = 'CO2' order by id limit 1`;
    await sql()`update series set limit_id = ${limit?.id as number} where id = ${series.b101co2 as number}`;
    const { report } = await create(owner, { projectId: projectB, name: 'Konteksti' });
    expectData(
      await update(owner, {
        id: report.id,
        dataslots: [
          { id: 'jan', name: 'Tammikuu', from: '2027-01-01T00:00:00Z', to: '2027-02-01T00:00:00Z', slot: 3600 },
        ],
      }),
    );
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectB}, 'Konteksti', 1000) returning id`;
    const [inSlot] = await sql()<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, end_at, data, peak)
      values (${alarm?.id as string}, ${series.bHiddenCo2 as number}, ${projectB}, '2027-01-10T00:00:00Z', '2027-01-10T02:00:00Z', 1100, 1250)
      returning id`;
    await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, end_at, data, peak)
      values (${alarm?.id as string}, ${series.bHiddenCo2 as number}, ${projectB}, '2026-12-10T00:00:00Z', '2026-12-10T02:00:00Z', 1100, 1250)`;
    const context = expectData(
      await owner.graphql<{ report: { context: ContextData } }>(
        `query C($id: Int!) { report(id: $id) { context {
          projectId projectName organizationName timeZone dataId defaultSelect
          spaces { id name show color } series { id spaceId dataType dataUnit color limit { id } }
          alarmEpisodes { id alarmName seriesId time endAt peak }
        } } }`,
        { id: report.id },
      ),
    ).report.context;
    expect(context).toMatchObject({
      projectId: projectB,
      projectName: 'Kirkonkylän koulu',
      organizationName: 'Koulut',
      timeZone: 'Europe/Helsinki',
    });
    // Every space and series of the project, hidden ones too (the editor picks from them).
    expect(context.spaces).toContainEqual({ id: spaces.bHall, name: 'Sali', show: true, color: color?.color });
    expect(context.spaces).toContainEqual({ id: spaces.bHidden, name: 'Ullakko', show: false, color: null });
    expect(context.series).toContainEqual({
      id: series.b101co2,
      spaceId: spaces.b101,
      dataType: 'CO2',
      dataUnit: 'ppm',
      color: null,
      limit: { id: limit?.id },
    });
    const mine = (context.alarmEpisodes as Array<{ alarmName: string }>).filter(
      (item) => item.alarmName === 'Konteksti',
    );
    expect(mine).toEqual([
      {
        id: inSlot?.id,
        alarmName: 'Konteksti',
        seriesId: series.bHiddenCo2,
        time: '2027-01-10T00:00:00.000Z',
        endAt: '2027-01-10T02:00:00.000Z',
        peak: 1250,
      },
    ]);
  });
});

/** A list of reports with their contexts reads through loaders: more reports, spaces and series cost no more statements. */
describe('SQL statements of a list of reports', () => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  const statements: string[] = [];
  const sql = () => olo.server.database.sql;
  const query = `query L($id: Int!) { reports(projectId: $id) {
    id content cover { id name }
    context { projectName organizationName timeZone spaces { id color } series { id color limit { id } }
      alarmEpisodes { id alarmName peak } }
  } }`;

  async function projectOfSize(size: number): Promise<number> {
    const projectId = (await createProject(admin, organizationId)).id;
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'CO2', 1200) returning id`;
    const [cover] = await sql()<Array<{ id: number }>>`
      insert into report_covers (organization_id, name, cover)
      values (${organizationId}, 'Kansi', '{"version":1,"logoAttachmentId":null,"elements":[]}'::jsonb) returning id`;
    for (let index = 0; index < size; index++) {
      const [space] = await sql()<Array<{ id: number }>>`
        insert into spaces (project_id, name, color_id)
        values (${projectId}, ${`Luokka ${index}`}, (select id from colors where organization_id is null order by id limit 1))
        returning id`;
      const [series] = await sql()<Array<{ id: number }>>`
        insert into series (project_id, space_id, name, data_type, limit_id)
        values (${projectId}, ${space?.id as number}, 'CO2', 'CO2', (select id from limits where data_type = 'CO2' order by id limit 1))
        returning id`;
      await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
        values (${alarm?.id as string}, ${series?.id as number}, ${projectId}, '2026-10-10T00:00:00Z', 1500)`;
      await sql()`insert into reports (project_id, name, content, from_at, to_at, cover_id, dataslots)
        values (${projectId}, ${`Raportti ${index}`}, '{"version":1,"elements":[]}'::jsonb,
          '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', ${cover?.id as number},
          '[{"id":"s","name":"Jakso","from":"2026-12-01T00:00:00Z","to":"2026-12-02T00:00:00Z","slot":3600,"filters":[],"nulls":false,"mode":"avg"}]'::jsonb)`;
    }
    return projectId;
  }

  async function statementsOf(projectId: number): Promise<number> {
    const counts: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statements.length = 0;
      const data = expectData(await admin.graphql<{ reports: unknown[] }>(query, { id: projectId }));
      expect(data.reports.length).toBeGreaterThan(0);
      counts.push(statements.length);
    }
    return Math.min(...counts);
  }

  beforeAll(async () => {
    olo = await startTestServer('pglite');
    ({ client: admin } = await signedInClient(olo.url));
    organizationId = (await createOrganization(admin)).id;
    sql().options.debug = (_connection, statement) => void statements.push(statement);
  });
  afterAll(() => olo?.close());

  it('does not grow with the reports listed, nor with the spaces, series and episodes of their project', async () => {
    const small = await statementsOf(await projectOfSize(2));
    const large = await statementsOf(await projectOfSize(6));
    // The session, the rights, the reports, and one statement per loaded field.
    expect(small).toBeGreaterThan(4);
    expect(large).toBe(small);
  });
});
