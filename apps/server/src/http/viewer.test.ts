import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../testing/factories.ts';
import { solidPng } from '../testing/images.ts';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';

/** A client naming rights by the in-process header gets none: only this process's own keys stand for any (0170). */
describe('rights of an in-process request', () => {
  let olo: TestServer;

  beforeAll(async () => {
    olo = await startTestServer('pglite');
  });
  afterAll(() => olo?.close());

  it('are not given to a client sending its header', async () => {
    const { client: admin } = await signedInClient(olo.url);
    const organization = await createOrganization(admin);
    const project = await createProject(admin, organization.id);
    const { body } = await uploadAttachment(
      admin,
      { projectId: project.id },
      { name: 'kuva.png', type: 'image/png', bytes: solidPng(4, 4, [0, 0, 0]) },
    );
    const visitor = new TestClient(olo.url);
    const plain = await visitor.fetch(`/api/attachments/${body.id}`);
    const named = await visitor.fetch(`/api/attachments/${body.id}`, { headers: { 'x-olo-in-process': 'anything' } });
    expect(plain.status).toBeGreaterThanOrEqual(400);
    expect(named.status).toBe(plain.status);
    expect((await admin.fetch(`/api/attachments/${body.id}`)).status).toBe(200);
  });
});
