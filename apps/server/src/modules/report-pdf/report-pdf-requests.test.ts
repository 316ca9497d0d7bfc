import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ReportContent, reportContentVersion } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printTemplates, reports } from '../../db/tables/index.ts';
import { serverRoot } from '../../paths.ts';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { solidPng } from '../../testing/images.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const repoRoot = path.join(serverRoot, '..', '..');

/** The pixel widths of the pictures a PDF holds (pdfimages lists them under two heading lines). */
function pictureWidths(pdf: Buffer, dir: string): number[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const lines = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return lines.map((line) => Number(line.trim().split(/\s+/)[3]));
}

/**
 * What a report's print page may reach (decision 0143): its own project's data and the files the report shows are
 * answered in-process; another project's data (even one its asker may read), another file and any other path of Olo
 * are not. A print template's CSS stored before the CSS check (inserted here as such) asks for them all.
 */
describe.each(testDatabases)("a report PDF's print page on %s", (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-report-pdf-requests-'));
  const ids = { own: 0, other: 0, otherDataId: '', report: 0, tourImage: '', foreignImage: '' };
  /** The projects whose data the PDF's page was answered, in the order asked. */
  const dataAsked: number[] = [];

  beforeAll(async () => {
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    const siteLogo = path.join(tmp, 'logo.png');
    fs.writeFileSync(siteLogo, solidPng(13, 13, [0, 160, 0]));
    olo = await startTestServer(kind, { SITE_LOGO: siteLogo });
    ({ client: admin } = await signedInClient(olo.url));
    const organization = await createOrganization(admin, { name: 'Tulostajat' });
    ids.own = (await createProject(admin, organization.id, { name: 'Oma' })).id;
    ids.other = (await createProject(admin, organization.id, { name: 'Toinen' })).id;
    const [row] = await olo.server.database.sql<Array<{ dataId: string }>>`
      select data_id as "dataId" from projects where id = ${ids.other}`;
    ids.otherDataId = row?.dataId as string;
    const upload = async (projectId: number, size: number, rgb: [number, number, number]) => {
      const { status, body } = await uploadAttachment(
        admin,
        { projectId },
        { name: `kuva-${size}.png`, type: 'image/png', bytes: solidPng(size, size, rgb) },
      );
      expect(status).toBe(201);
      return body.id as string;
    };
    ids.tourImage = await upload(ids.own, 8, [200, 0, 0]);
    // The admin may read it, but the report does not show it.
    ids.foreignImage = await upload(ids.other, 11, [0, 0, 200]);

    const css = [
      `[data-report-ready]::before { content: url(/api/attachments/${ids.foreignImage}); }`,
      '[data-report-ready]::after { content: url(/site-logo); }',
      `[data-report-ready] h1::before { content: url(/api/data/${ids.other}/2026-10/${ids.otherDataId}/86400); }`,
      'body { background-image: url(/graphql?query=%7B__typename%7D); }',
    ].join('\n');
    const [template] = await olo.server.database.db
      .insert(printTemplates)
      .values({ organizationId: organization.id, name: 'Vanha pohja', header: '', footer: '', css, margin: '15mm' })
      .returning();
    const content: ReportContent = {
      version: reportContentVersion,
      elements: [
        {
          id: 'title',
          kind: 'text',
          text: 'Kuvakierros',
          style: 'title',
          repeatPerSpace: false,
          pageBreakBefore: false,
          children: [],
        },
        {
          id: 'tour',
          kind: 'imageTour',
          repeatPerSpace: false,
          pageBreakBefore: false,
          title: null,
          images: [{ attachmentId: ids.tourImage, caption: 'Oma kuva', pins: [] }],
          data: { dataslotId: null, slot: null, mode: null, nulls: null, filters: null },
          children: [],
        },
      ],
    } as ReportContent;
    const [report] = await olo.server.database.db
      .insert(reports)
      .values({
        projectId: ids.own,
        name: 'Kierros',
        content,
        from: new Date('2026-10-03T21:00:00Z'),
        to: new Date('2026-10-20T21:00:00Z'),
        printtemplateId: template?.id,
      })
      .returning();
    ids.report = report?.id as number;

    // The real data service, its answers unchanged: only which project each call asks is noted.
    const data = olo.server.services.data;
    const projectData = data.projectData.bind(data);
    data.projectData = (access, input) => {
      dataAsked.push(input.projectId);
      return projectData(access, input);
    };
  }, 300_000);
  afterAll(async () => {
    await olo?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("shows the report's own picture, and never another project's data or file or another path of Olo", async () => {
    const response = await admin.fetch(`/api/reports/${ids.report}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    // The tour's 8 px picture, not the other project's (11 px) nor the site logo (13 px).
    const widths = pictureWidths(pdf, tmp);
    expect(widths).toContain(8);
    expect.soft(widths, "another project's file").not.toContain(11);
    expect.soft(widths, 'the site logo').not.toContain(13);
    expect.soft(dataAsked, "another project's data").not.toContain(ids.other);
    // The same file and data are the admin's to read directly: only the print page was refused them.
    const direct = await admin.fetch(`/api/attachments/${ids.foreignImage}`);
    expect(direct.status).toBe(200);
    await direct.arrayBuffer();
  });
});
