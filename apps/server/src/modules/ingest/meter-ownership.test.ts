import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { untilRecalculated } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { chirpstackUplinkOf } from '../../testing/uplink-examples.ts';

/*
 * A meter first heard through an organization's own integration is that organization's at once
 * (decision 0150); one first heard through the site-wide credentials stays free for the site admin.
 */

const ingestToken = 'meter-ownership-test-token-0123456789';
const newSerial = () => crypto.randomBytes(8).toString('hex');

interface Tenant {
  admin: TestClient;
  organizationId: string;
  token: string;
}

/** An uplink the network server decoded itself (a device profile no driver knows): read by the generic JSON driver. */
function decodedUplink(application: string, serial: string, fCnt: number, object: Record<string, number>) {
  const { body } = chirpstackUplinkOf(application, serial, fCnt);
  (body.deviceInfo as Record<string, unknown>).deviceProfileName = 'Own sensor';
  return { ...body, object };
}

describe.each(testDatabases)('meters first seen through an integration on %s', (database) => {
  let olo: TestServer;
  const sql = () => olo.server.database.sql;
  const post = async (token: string, body: unknown) => {
    const response = await fetch(`${olo.url}/api/ingest/chirpstack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const ownerOf = async (serial: string) =>
    (await sql()`select organization_id from meters where serial = ${serial}`)[0]?.organization_id ?? null;
  const newMeters = async (client: TestClient) =>
    expectData(
      await client.graphql<{ meters: Array<{ serial: string }> }>(
        'query { meters(filter: { unplaced: true }) { serial } }',
      ),
    ).meters.map((meter) => meter.serial);
  const meterIdOf = async (serial: string) =>
    (await sql()`select id from meters where serial = ${serial}`)[0]?.id as number;

  async function tenant(): Promise<Tenant> {
    const admin = (await signedInClient(olo.url)).client;
    const organizationId = (await createOrganization(admin)).id;
    const created = expectData(
      await admin.graphql<{ createIntegration: { secret: string } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "ChirpStack") { secret } }',
        { o: organizationId },
      ),
    ).createIntegration;
    return { admin, organizationId, token: created.secret };
  }

  beforeAll(async () => {
    olo = await startTestServer(database, { INGEST_TOKEN: ingestToken });
  });
  afterAll(() => olo?.close());

  it("makes a meter first heard through A's integration A's new meter, which B neither sees nor feeds", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const serial = newSerial();
    const application = crypto.randomUUID();
    const first = decodedUplink(application, serial, 1, { temperature: 21.5 });
    expect(await post(a.token, first)).toEqual({ status: 202, body: { stored: 1, refused: 0 } });
    expect(await ownerOf(serial)).toBe(a.organizationId);
    expect(await newMeters(a.admin)).toEqual([serial]);
    expect(await newMeters(b.admin)).toEqual([]);
    const asB = await b.admin.graphql('query M($id: Int!) { meter(id: $id) { id } }', { id: await meterIdOf(serial) });
    expect(asB.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // B's credentials, on the same application id or another, never feed or take A's meter.
    expect(await post(b.token, decodedUplink(application, serial, 2, { temperature: 99 }))).toEqual({
      status: 202,
      body: { stored: 0, refused: 1 },
    });
    expect(await ownerOf(serial)).toBe(a.organizationId);
    expect(
      await sql()`select count(*)::int as n from meter_readings where meter_id = ${await meterIdOf(serial)}`,
    ).toEqual([{ n: 1 }]);
  });

  it('keeps a meter first heard through the site-wide credentials free: a later uplink of an organization takes nothing', async () => {
    const a = await tenant();
    const serial = newSerial();
    const application = crypto.randomUUID();
    expect((await post(ingestToken, decodedUplink(application, serial, 1, { temperature: 20 }))).status).toBe(202);
    expect(await ownerOf(serial)).toBeNull();
    expect(await post(a.token, decodedUplink(application, serial, 2, { temperature: 20 }))).toEqual({
      status: 202,
      body: { stored: 1, refused: 0 },
    });
    expect(await ownerOf(serial)).toBeNull();
    expect(await newMeters(a.admin)).toEqual([]);
  });

  it('adds a new meter to a space with its room measurements only, showing the reading already received', async () => {
    const a = await tenant();
    const serial = newSerial();
    const application = crypto.randomUUID();
    await post(a.token, decodedUplink(application, serial, 1, { temperature: 21.5, battery_voltage: 3.6 }));
    const project = await createProject(a.admin, a.organizationId);
    const space = expectData(
      await a.admin.graphql<{ createSpace: { id: number } }>(
        'mutation S($p: Int!) { createSpace(input: { projectId: $p, name: "Hall" }) { id } }',
        { p: project.id },
      ),
    ).createSpace;
    const added = expectData(
      await a.admin.graphql<{ projectAddMeter: Array<{ id: number; dataType: string }> }>(
        'mutation A($p: Int!, $m: Int!, $s: Int) { projectAddMeter(projectId: $p, meterId: $m, spaceId: $s) { id dataType } }',
        { p: project.id, m: await meterIdOf(serial), s: space.id },
      ),
    ).projectAddMeter;
    expect(added.map((serie) => serie.dataType)).toEqual(['Temperature']);
    await untilRecalculated(sql());
    expect(await sql()`select value from series_latest where series_id = ${added[0]?.id as number}`).toEqual([
      { value: 21.5 },
    ]);
    // In a space now: no longer new.
    expect(await newMeters(a.admin)).toEqual([]);
  });
});
