import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tenancyErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createProject,
  imageTourContent,
  signedInClient,
  uploadAttachment,
} from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import {
  expectData,
  type GraphQLResponse,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../testing/test-server.ts';

/**
 * The files a report's image tours and a cover's logo name (decision 0139): on saving, only files
 * the report's project (a cover: its organization) may show; on cloning or making a report from a
 * template, a copy only of a file the user may read through the source. Another tenant's file is
 * answered as a file that does not exist, and nothing is stored or copied.
 */

const png = (fill: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, fill)]);

const range = { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' };
const reportFields = 'id projectId content version';
const createReport = `mutation Create($input: CreateReportInput!) { createReport(input: $input) { report { ${reportFields} } } }`;
const updateReport = `mutation Update($input: UpdateReportInput!) { updateReport(input: $input) { ${reportFields} } }`;
const cloneReport = `mutation Clone($input: CloneReportInput!) { cloneReport(input: $input) { report { ${reportFields} } } }`;
const createCover = `mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id cover } }`;
const updateCover = `mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id cover } }`;

interface ReportData {
  id: number;
  projectId: number;
  content: { version: number; elements: Array<{ images?: Array<{ attachmentId: string }> }> };
  version: number;
}

/** What the web app shows of a refusal: its message and code (the path of the error aside). */
const refusalOf = (response: GraphQLResponse) => ({
  data: response.data ?? null,
  message: response.errors?.[0]?.message,
  code: response.errors?.[0]?.extensions?.code,
});
const noSuchFile = { data: null, message: tenancyErrors.noSuchFile, code: 'BAD_USER_INPUT' };

describe.each(testDatabases)("another tenant's files in reports and covers on %s", (kind) => {
  let olo: TestServer;
  /** Admin of organization A (project A1): the tenant whose files are aimed at. */
  let victim: TestClient;
  /** Admin of organization B (projects B1, B2): a report admin of their own organization. */
  let attacker: TestClient;
  let organizationA: string;
  let organizationB: string;
  let projectA: number;
  let projectB1: number;
  let projectB2: number;
  /** A's files: an image of its project, a PDF and its logo of the organization. */
  const victimFiles = { image: '', pdf: '', logo: '' };
  /** B1's own image. */
  let ownImage = '';
  const sql = () => olo.server.database.sql;
  const directory = () => path.join(olo.server.config.dataDir, 'attachments');

  /** Files on disk, attachment rows and reports: a refusal leaves all three as they were. */
  async function stock() {
    const files = fs.existsSync(directory()) ? fs.readdirSync(directory()).sort() : [];
    const [counts] = await sql()<Array<{ attachments: number; reports: number }>>`
      select (select count(*)::int from attachments) as attachments, (select count(*)::int from reports) as reports`;
    return { files, attachments: counts?.attachments ?? 0, reports: counts?.reports ?? 0 };
  }
  async function create(client: TestClient, input: Record<string, unknown>) {
    return client.graphql<{ createReport: { report: ReportData } }>(createReport, { input: { ...range, ...input } });
  }
  async function blank(client: TestClient, projectId: number, name: string): Promise<ReportData> {
    return expectData(await create(client, { projectId, name })).createReport.report;
  }
  /** A report whose content was stored before these checks: written straight into the table. */
  async function storedWith(projectId: number, name: string, attachmentIds: string[], template = false) {
    const report = await blank(attacker, projectId, name);
    await sql()`update reports set content = ${JSON.stringify(imageTourContent(...attachmentIds))}::jsonb, template = ${template}
      where id = ${report.id}`;
    return report;
  }
  const imagesOf = (report: ReportData) => report.content.elements[0]?.images?.map((image) => image.attachmentId);

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: victim } = await signedInClient(olo.url));
    ({ client: attacker } = await signedInClient(olo.url));
    organizationA = (await createOrganization(victim, { name: 'Uhri Oy' })).id;
    organizationB = (await createOrganization(attacker, { name: 'Tunkeilija Oy' })).id;
    projectA = (await createProject(victim, organizationA, { name: 'Salainen työmaa' })).id;
    projectB1 = (await createProject(attacker, organizationB, { name: 'Oma työmaa' })).id;
    projectB2 = (await createProject(attacker, organizationB, { name: 'Toinen oma työmaa' })).id;
    const upload = async (
      client: TestClient,
      target: { projectId?: number; organizationId?: string },
      type = 'image/png',
      bytes: Buffer | string = png(1),
      name = 'kuva.png',
    ) => {
      const answer = await uploadAttachment(client, target, { name, type, bytes });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    };
    victimFiles.image = await upload(victim, { projectId: projectA }, 'image/png', png(2));
    victimFiles.pdf = await upload(
      victim,
      { projectId: projectA },
      'application/pdf',
      '%PDF-1.4 salainen',
      'sopimus.pdf',
    );
    victimFiles.logo = await upload(victim, { organizationId: organizationA }, 'image/png', png(3), 'logo.png');
    ownImage = await upload(attacker, { projectId: projectB1 }, 'image/png', png(4));
  });
  afterAll(() => olo?.close());

  it("refuses another tenant's file in an image tour as it refuses an unknown id, and saves nothing", async () => {
    const report = await blank(attacker, projectB1, 'Kuvakierros');
    const before = await stock();
    const answers = [];
    for (const id of [victimFiles.image, victimFiles.pdf, victimFiles.logo, crypto.randomUUID()]) {
      answers.push(
        refusalOf(
          await attacker.graphql(updateReport, { input: { id: report.id, content: imageTourContent(ownImage, id) } }),
        ),
      );
    }
    expect(answers).toEqual([noSuchFile, noSuchFile, noSuchFile, noSuchFile]);
    // A file of another project of the same organization is not this report's either.
    const other = await uploadAttachment(
      attacker,
      { projectId: projectB2 },
      { name: 'b2.png', type: 'image/png', bytes: png(5) },
    );
    const before2 = await stock();
    expect(
      refusalOf(
        await attacker.graphql(updateReport, {
          input: { id: report.id, content: imageTourContent(other.body.id as string) },
        }),
      ),
    ).toEqual(noSuchFile);
    expect(before2.attachments).toBe(before.attachments + 1);
    expect(await stock()).toEqual(before2);
    const [row] = await sql()<
      Array<{ version: number; content: unknown }>
    >`select version, content from reports where id = ${report.id}`;
    expect(row?.version).toBe(1);
    expect(JSON.stringify(row?.content)).not.toContain(victimFiles.image);

    // The project's own image is taken.
    const saved = expectData(
      await attacker.graphql<{ updateReport: ReportData }>(updateReport, {
        input: { id: report.id, content: imageTourContent(ownImage) },
      }),
    ).updateReport;
    expect(imagesOf(saved)).toEqual([ownImage]);
  });

  it("takes its organization's file only from a user who may see the organization", async () => {
    const orgFile = (
      await uploadAttachment(
        attacker,
        { organizationId: organizationB },
        { name: 'yleinen.png', type: 'image/png', bytes: png(6) },
      )
    ).body.id as string;
    const report = await blank(attacker, projectB1, 'Organisaation kuva');
    expectData(await attacker.graphql(updateReport, { input: { id: report.id, content: imageTourContent(orgFile) } }));
    // A report admin of B1 alone does not see B's files.
    const { client: reporter, account } = await signedInClient(olo.url);
    await sql()`insert into project_memberships (project_id, user_id, can_admin_reports) values (${projectB1}, ${account.id}, true)`;
    const mine = await blank(reporter, projectB1, 'Raportoijan');
    expect(
      refusalOf(await reporter.graphql(updateReport, { input: { id: mine.id, content: imageTourContent(orgFile) } })),
    ).toEqual(noSuchFile);
    expectData(await reporter.graphql(updateReport, { input: { id: mine.id, content: imageTourContent(ownImage) } }));
  });

  it("refuses to clone a report naming another tenant's file, as one naming an unknown id, and copies nothing", async () => {
    const foreign = await storedWith(projectB1, 'Vanha vieras', [ownImage, victimFiles.image]);
    const foreignPdf = await storedWith(projectB1, 'Vanha PDF', [victimFiles.pdf]);
    const unknown = await storedWith(projectB1, 'Vanha tuntematon', [crypto.randomUUID()]);
    const before = await stock();
    const answers = [];
    for (const source of [foreign, foreignPdf, unknown]) {
      for (const projectId of [projectB1, projectB2]) {
        answers.push(refusalOf(await attacker.graphql(cloneReport, { input: { id: source.id, projectId } })));
      }
    }
    expect(answers).toEqual(Array(6).fill(noSuchFile));
    expect(await stock()).toEqual(before);

    // What the stored id opens: nothing, to the report's members or at its public link.
    const published = expectData(
      await attacker.graphql<{ publishReport: { publicId: string } }>(
        'mutation P($id: Int!) { publishReport(id: $id) { publicId } }',
        { id: foreign.id },
      ),
    ).publishReport;
    const anonymous = new TestClient(olo.url);
    const publicAnswer = await anonymous.fetch(
      `/api/public-reports/${published.publicId}/attachments/${victimFiles.image}`,
    );
    expect(publicAnswer.status).toBe(404);
    await publicAnswer.arrayBuffer();
    const memberAnswer = await attacker.fetch(`/api/attachments/${victimFiles.image}`);
    expect(memberAnswer.status).toBe(403);
    await memberAnswer.arrayBuffer();
    const ownAnswer = await anonymous.fetch(`/api/public-reports/${published.publicId}/attachments/${ownImage}`);
    expect(ownAnswer.status).toBe(200);
    await ownAnswer.arrayBuffer();
  });

  it('still clones its own images: kept in the same project, copied into another', async () => {
    const source = await blank(attacker, projectB1, 'Oma lähde');
    expectData(await attacker.graphql(updateReport, { input: { id: source.id, content: imageTourContent(ownImage) } }));
    const same = expectData(
      await attacker.graphql<{ cloneReport: { report: ReportData } }>(cloneReport, {
        input: { id: source.id, projectId: projectB1 },
      }),
    ).cloneReport.report;
    expect(imagesOf(same)).toEqual([ownImage]);
    const before = await stock();
    const moved = expectData(
      await attacker.graphql<{ cloneReport: { report: ReportData } }>(cloneReport, {
        input: { id: source.id, projectId: projectB2 },
      }),
    ).cloneReport.report;
    const [copy] = imagesOf(moved) ?? [];
    expect(copy).not.toBe(ownImage);
    const [row] = await sql()<
      Array<{ project_id: number }>
    >`select project_id from attachments where id = ${copy as string}`;
    expect(row?.project_id).toBe(projectB2);
    expect(fs.readFileSync(path.join(directory(), copy as string))).toEqual(png(4));
    expect((await stock()).attachments).toBe(before.attachments + 1);
  });

  it("refuses a report from a template naming another tenant's file, as one naming an unknown id, and copies nothing", async () => {
    const foreign = await storedWith(projectB1, 'Vieras pohja', [ownImage, victimFiles.image], true);
    const logo = await storedWith(projectB1, 'Logopohja', [victimFiles.logo], true);
    const unknown = await storedWith(projectB1, 'Tuntematon pohja', [crypto.randomUUID()], true);
    const before = await stock();
    const answers = [];
    for (const template of [foreign, logo, unknown]) {
      answers.push(
        refusalOf(await create(attacker, { projectId: projectB2, name: 'Pohjasta', templateId: template.id })),
      );
    }
    expect(answers).toEqual([noSuchFile, noSuchFile, noSuchFile]);
    expect(await stock()).toEqual(before);
  });

  it("still copies a template's own images, also for a report admin who may not see the template's project", async () => {
    // The victim's own chain: a template in the parent's project, used in a child organization's project.
    const child = (await createOrganization(victim, { name: 'Tytär', parentId: organizationA })).id;
    const childProject = (await createProject(victim, child, { name: 'Tyttären työmaa' })).id;
    const template = await blank(victim, projectA, 'Pohja');
    expectData(
      await victim.graphql(updateReport, {
        input: { id: template.id, content: imageTourContent(victimFiles.image), template: true },
      }),
    );
    const { client: reporter, account } = await signedInClient(olo.url);
    await sql()`insert into project_memberships (project_id, user_id, can_admin_reports) values (${childProject}, ${account.id}, true)`;
    const made = expectData(
      await create(reporter, { projectId: childProject, name: 'Pohjasta', templateId: template.id }),
    ).createReport.report;
    const [copy] = imagesOf(made) ?? [];
    expect(copy).not.toBe(victimFiles.image);
    const [row] = await sql()<
      Array<{ project_id: number }>
    >`select project_id from attachments where id = ${copy as string}`;
    expect(row?.project_id).toBe(childProject);
    const served = await reporter.fetch(`/api/attachments/${copy}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png(2));
  });

  it("refuses another tenant's logo on a cover as it refuses an unknown id, and takes its own organization's", async () => {
    const before = await stock();
    const answers = [];
    for (const logoAttachmentId of [victimFiles.logo, victimFiles.image, ownImage, crypto.randomUUID()]) {
      const cover = { version: 1, logoAttachmentId };
      answers.push(
        refusalOf(
          await attacker.graphql(createCover, { input: { organizationId: organizationB, name: 'Kansi', cover } }),
        ),
      );
    }
    expect(answers).toEqual(Array(4).fill(noSuchFile));
    const own = (
      await uploadAttachment(
        attacker,
        { organizationId: organizationB },
        { name: 'oma-logo.png', type: 'image/png', bytes: png(7) },
      )
    ).body.id as string;
    const cover = expectData(
      await attacker.graphql<{ createReportCover: { id: number } }>(createCover, {
        input: { organizationId: organizationB, name: 'Oma kansi', cover: { version: 1, logoAttachmentId: own } },
      }),
    ).createReportCover;
    const changed = refusalOf(
      await attacker.graphql(updateCover, {
        input: { id: cover.id, cover: { version: 1, logoAttachmentId: victimFiles.logo } },
      }),
    );
    expect(changed).toEqual(noSuchFile);
    const [row] = await sql()<
      Array<{ cover: { logoAttachmentId: string } }>
    >`select cover from report_covers where id = ${cover.id}`;
    expect(row?.cover.logoAttachmentId).toBe(own);
    const [covers] = await sql()<
      Array<{ count: number }>
    >`select count(*)::int as count from report_covers where organization_id = ${organizationB}`;
    expect(covers?.count).toBe(1);
    expect((await stock()).attachments).toBe(before.attachments + 1);
  });
});
