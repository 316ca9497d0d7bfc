import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyReportCoverContent, reportContentVersion } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printTemplates, reportCovers, reports } from '../../db/tables/index.ts';
import { serverRoot } from '../../paths.ts';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const repoRoot = path.join(serverRoot, '..', '..');

/** A 1×1 PNG, small enough to be inlined as a print template's `{organization.logo}`. */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The cover's logo in a PDF's header (decision 0139): only a file of the cover's own organization
 * is inlined, so a cover stored before that rule, naming another tenant's file, prints no logo.
 */
describe.each(testDatabases)("a cover's logo in the PDF on %s", (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-report-logo-'));
  const reportIds = { own: 0, foreign: 0 };

  /**
   * The bitmaps on the pages after the cover (whose header shows the logo) of a report's PDF:
   * pdfimages lists each under two heading lines, its page first.
   */
  async function headerImagesOf(id: number): Promise<string[]> {
    const response = await admin.fetch(`/api/reports/${id}.pdf?lang=fi`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    const file = path.join(tmp, `${id}.pdf`);
    fs.writeFileSync(file, bytes);
    const lines = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    return lines.filter((line) => Number(line.trim().split(/\s+/)[0]) > 1);
  }

  beforeAll(async () => {
    // The print page is the built web app's (built only when stale).
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    const { client: other } = await signedInClient(olo.url);
    const organization = await createOrganization(admin, { name: 'Oma Oy' });
    const otherOrganization = await createOrganization(other, { name: 'Toinen Oy' });
    const project = await createProject(admin, organization.id, { name: 'Työmaa' });
    const upload = async (client: TestClient, organizationId: string) =>
      (await uploadAttachment(client, { organizationId }, { name: 'logo.png', type: 'image/png', bytes: logoPng })).body
        .id as string;
    const ownLogo = await upload(admin, organization.id);
    const foreignLogo = await upload(other, otherOrganization.id);
    const db = olo.server.database.db;
    // Written straight into the table, as a cover stored before the logo was checked could be.
    const covers = await db
      .insert(reportCovers)
      .values(
        [ownLogo, foreignLogo].map((logoAttachmentId, index) => ({
          organizationId: organization.id,
          name: `Kansi ${index}`,
          cover: { ...emptyReportCoverContent, logoAttachmentId },
        })),
      )
      .returning();
    const [template] = await db
      .insert(printTemplates)
      .values({ organizationId: organization.id, name: 'Logolla', header: '{organization.logo}', footer: '{page}' })
      .returning();
    const range = { from: new Date('2026-10-03T21:00:00Z'), to: new Date('2026-10-04T21:00:00Z') };
    const content = {
      version: reportContentVersion,
      elements: [{ id: 't', kind: 'text', text: 'Logon raportti', style: 'title', children: [] }],
    };
    const inserted = await db
      .insert(reports)
      .values(
        (covers ?? []).map((cover) => ({
          projectId: project.id,
          name: cover.name,
          content,
          dataslots: [],
          ...range,
          coverId: cover.id,
          printtemplateId: template?.id,
        })),
      )
      .returning();
    [reportIds.own, reportIds.foreign] = inserted.map((report) => report.id) as [number, number];
  }, 300_000);
  afterAll(async () => {
    await olo?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("prints the organization's own logo, and no logo of another tenant's file", async () => {
    expect((await headerImagesOf(reportIds.own)).length).toBeGreaterThan(0);
    expect(await headerImagesOf(reportIds.foreign)).toEqual([]);
  }, 120_000);
});
