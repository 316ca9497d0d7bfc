import fs from 'node:fs';
import path from 'node:path';
import { tenancyBounds, tenancyErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(testDatabases)('attachment uploads on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let projectId: number;
  let organizationId: string;
  beforeAll(async () => {
    olo = await startTestServer(kind);
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
    projectId = (await createProject(admin, organizationId)).id;
  });
  afterAll(() => olo?.close());

  const directory = () => path.join(olo.server.config.dataDir, 'attachments');
  /** The files under DATA_DIR/attachments and the rows of the attachments table, to show a refusal left nothing. */
  const stored = async () => {
    const files = fs.existsSync(directory()) ? fs.readdirSync(directory()).sort() : [];
    const [row] = await olo.server.database.sql<
      Array<{ count: number }>
    >`select count(*)::int as count from attachments`;
    return { files, rows: row?.count };
  };

  it('stores a file streamed as multipart under DATA_DIR and serves it back', async () => {
    const before = await stored();
    const upload = await uploadAttachment(admin, { projectId }, { name: 'työmaa.png', type: 'image/png', bytes: png });
    expect(upload.status).toBe(201);
    expect(upload.body.path).toBe(`/api/attachments/${upload.body.id}/ty%C3%B6maa.png`);
    const response = await admin.fetch(upload.body.path as string);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
    expect(await stored()).toEqual({ files: [...before.files, upload.body.id].sort(), rows: (before.rows ?? 0) + 1 });
    const [row] = await olo.server.database
      .sql`select size, name, project_id from attachments where id = ${upload.body.id as string}`;
    expect(row).toEqual({ size: png.length, name: 'työmaa.png', project_id: projectId });

    const notes = await uploadAttachment(
      admin,
      { organizationId },
      { name: 'ehdot.txt', type: 'text/plain', bytes: 'Ehdot' },
    );
    expect(notes.status).toBe(201);
  });

  it('answers 404 to an id that is no uuid, signed in or not, without asking the database', async () => {
    for (const id of ['-'.repeat(36), `${'0'.repeat(8)}-${'-'.repeat(27)}`, 'not-a-uuid']) {
      for (const client of [admin, new TestClient(olo.url)]) {
        for (const path of [`/api/attachments/${id}`, `/api/attachments/${id}/kuva.png`]) {
          const response = await client.fetch(path);
          expect(response.status, path).toBe(404);
          expect(await response.json()).toEqual({ error: 'Not found' });
        }
      }
    }
  });

  it('refuses a file over 5 MB, or one that is not what it claims, in words the web app translates, and keeps nothing', async () => {
    const before = await stored();
    const exactly = Buffer.concat([png, Buffer.alloc(tenancyBounds.attachmentMaxBytes - png.length)]);
    const atLimit = await uploadAttachment(
      admin,
      { projectId },
      { name: 'iso.png', type: 'image/png', bytes: exactly },
    );
    expect(atLimit.status).toBe(201);
    const afterAtLimit = await stored();

    const huge = await uploadAttachment(
      admin,
      { projectId },
      { name: 'liian-iso.png', type: 'image/png', bytes: Buffer.concat([exactly, Buffer.alloc(1)]) },
    );
    expect(huge).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: 'Invalid input',
            extensions: {
              code: 'BAD_USER_INPUT',
              issues: [{ path: 'file', message: tenancyErrors.attachmentTooLarge }],
            },
          },
        ],
      },
    });
    const fake = await uploadAttachment(admin, { projectId }, { name: 'x.png', type: 'image/png', bytes: '<script>' });
    expect(fake.body.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'file', message: tenancyErrors.attachmentType },
    ]);
    const html = await uploadAttachment(admin, { projectId }, { name: 'x.html', type: 'text/html', bytes: '<p>x</p>' });
    expect(html.body.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'contentType', message: tenancyErrors.attachmentType },
    ]);
    const binaryText = await uploadAttachment(
      admin,
      { projectId },
      { name: 'x.txt', type: 'text/plain', bytes: 'a\0b' },
    );
    expect(binaryText.body.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'file', message: tenancyErrors.attachmentType },
    ]);
    expect(await stored()).toEqual(afterAtLimit);
    expect(afterAtLimit.rows).toBe((before.rows ?? 0) + 1);
  });

  it("refuses a file for a project the caller may not edit, a visitor's and one without the CSRF header, and keeps nothing", async () => {
    const before = await stored();
    const { client: stranger } = await signedInClient(olo.url);
    const foreign = await uploadAttachment(stranger, { projectId }, { name: 'x.png', type: 'image/png', bytes: png });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors?.[0]?.message).toBe(tenancyErrors.permissionDenied);
    const toOrganization = await uploadAttachment(
      stranger,
      { organizationId },
      { name: 'x.png', type: 'image/png', bytes: png },
    );
    expect(toOrganization.status).toBe(403);
    const noTarget = await uploadAttachment(stranger, {}, { name: 'x.png', type: 'image/png', bytes: png });
    expect(noTarget.status).toBe(403);

    const visitor = await uploadAttachment(
      new TestClient(olo.url),
      { projectId },
      {
        name: 'x.png',
        type: 'image/png',
        bytes: png,
      },
    );
    expect(visitor.status).toBe(401);

    const form = new FormData();
    form.set('projectId', String(projectId));
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const withoutCsrf = await admin.fetch('/api/attachments', { method: 'POST', body: form });
    expect(withoutCsrf.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('takes no multipart body on /graphql and no base64 upload mutation', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ __typename }' }));
    form.set('map', '{}');
    await admin.fetch('/healthz');
    const response = await admin.fetch('/graphql', {
      method: 'POST',
      headers: { 'x-csrf-token': admin.cookies.get('olo_csrf') ?? '' },
      body: form,
    });
    expect(response.status).toBe(415);
    const mutation = await admin.graphql(
      'mutation { createAttachment(projectId: 1, name: "x.txt", contentType: "text/plain", content: "eA==") { id } }',
    );
    expect(mutation.errors?.[0]?.message).toMatch(/Cannot query field "createAttachment"/);
  });
});
