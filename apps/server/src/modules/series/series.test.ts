import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, subscribeOver } from '../../testing/factories.ts';
import { untilRecalculated } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const ingestToken = 'series-test-ingest-token-0123456789';

interface Latest {
  seriesId: number;
  data: number;
  computerId: number | null;
  active: boolean;
}

describe.each(testDatabases)('series latest values on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  const sql = () => olo.server.database.sql;

  /** A meter of the organization that reports CO2 and temperature (decoded by The Things Stack), in a new project. */
  async function meterInProject() {
    const serial = crypto.randomBytes(8).toString('hex');
    let fCnt = 0;
    /** An uplink `offsetMs` from now; its series exist from the moment the meter is added. */
    const send = async (co2: number, offsetMs = 1000) => {
      fCnt += 1;
      const response = await fetch(`${olo.url}/api/ingest/tts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
        body: JSON.stringify({
          end_device_ids: { device_id: `s-${serial}`, application_ids: { application_id: 'series' }, dev_eui: serial },
          received_at: new Date(Date.now() + offsetMs).toISOString(),
          uplink_message: { f_port: 1, f_cnt: fCnt, frm_payload: 'AQ==', decoded_payload: { co2, temperature: 21 } },
        }),
      });
      expect(response.status).toBe(202);
    };
    await send(500, -60_000);
    const [meter] =
      await sql()`update meters set organization_id = ${organizationId} where serial = ${serial} returning id`;
    const projectId = (await createProject(admin, organizationId)).id;
    const series = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ id: number; dataType: string }> }>(
        'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id dataType } }',
        { p: projectId, m: meter?.id },
      ),
    ).projectAddMeter;
    const seriesOf = (type: string) => series.find((row) => row.dataType === type)?.id as number;
    const latest = async () =>
      expectData(
        await admin.graphql<{ seriesLatests: Latest[] }>(
          'query L($p: Int!) { seriesLatests(projectId: $p) { seriesId data computerId active } }',
          { p: projectId },
        ),
      ).seriesLatests.sort((a, b) => a.seriesId - b.seriesId);
    const toggle = async (active: boolean) =>
      expectData(
        await admin.graphql('mutation T($id: Int!, $a: Boolean) { toggleMeter(id: $id, active: $a) { id } }', {
          id: meter?.id,
          a: active,
        }),
      );
    return {
      meterId: meter?.id as number,
      projectId,
      co2: seriesOf('CO2'),
      temperature: seriesOf('Temperature'),
      send,
      latest,
      toggle,
    };
  }

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
  });
  afterAll(() => olo?.close());

  it('names the instance whose ingest wrote a latest value, and none once a recomputation rewrote it', async () => {
    const meter = await meterInProject();
    await meter.send(612);
    const computerId = olo.server.computer.id;
    expect(await meter.latest()).toEqual(
      [
        { seriesId: meter.co2, data: 612, computerId, active: true },
        { seriesId: meter.temperature, data: 21, computerId, active: true },
      ].sort((a, b) => a.seriesId - b.seriesId),
    );

    // A conversion recomputes the stored values from the readings: no instance's ingest wrote the new value.
    expectData(
      await admin.graphql('mutation C($input: CreateConversionInput!) { createConversion(input: $input) { id } }', {
        input: { meterId: meter.meterId, channel: 'co2', expression: 'x + 1' },
      }),
    );
    await untilRecalculated(sql());
    const after = await meter.latest();
    expect(after.find((row) => row.seriesId === meter.co2)).toMatchObject({ data: 613, computerId: null });
    // The temperature did not change, so it keeps its instance.
    expect(after.find((row) => row.seriesId === meter.temperature)).toMatchObject({ data: 21, computerId });
    await meter.send(700);
    expect((await meter.latest()).find((row) => row.seriesId === meter.co2)).toMatchObject({ data: 701, computerId });
  });

  it('gives the admin view of datasources: ended, type and the meter as far as the viewer sees it', async () => {
    const meter = await meterInProject();
    await sql()`update meters set name = 'Luokka 12', driver = 'elsys' where id = ${meter.meterId}`;
    await sql()`update series_datasources set end_at = now() - interval '1 hour', function_id = 'dewPoint'
      where series_id = ${meter.temperature}`;
    type Datasource = {
      meterId: number;
      ended: boolean;
      type: string;
      meter: { id: number; name: string; serial: string; driver: string } | null;
    };
    const datasources = async () =>
      expectData(
        await admin.graphql<{ projectAdmin: { series: Array<{ id: number; seriesDatasources: Datasource[] }> } }>(
          `query S($p: Int!) { projectAdmin(id: $p) { series { id seriesDatasources {
            meterId ended type meter { id name serial driver } } } } }`,
          { p: meter.projectId },
        ),
      ).projectAdmin.series;
    const [serial] = await sql()`select serial from meters where id = ${meter.meterId}`;
    const shown = { id: meter.meterId, name: 'Luokka 12', serial: serial?.serial, driver: 'elsys' };
    const bySeries = (rows: Awaited<ReturnType<typeof datasources>>, id: number) =>
      rows.find((row) => row.id === id)?.seriesDatasources;
    const first = await datasources();
    expect(bySeries(first, meter.co2)).toEqual([{ meterId: meter.meterId, ended: false, type: 'meter', meter: shown }]);
    expect(bySeries(first, meter.temperature)).toEqual([
      { meterId: meter.meterId, ended: true, type: 'function', meter: shown },
    ]);

    // A meter of an organization the viewer is no member of: its id only.
    const { client: otherAdmin } = await signedInClient(olo.url);
    const other = await createOrganization(otherAdmin);
    await sql()`update meters set organization_id = ${other.id} where id = ${meter.meterId}`;
    expect(bySeries(await datasources(), meter.co2)).toEqual([
      { meterId: meter.meterId, ended: false, type: 'meter', meter: null },
    ]);
  });

  it('is active while a datasource feeds the series now from an active meter', async () => {
    const meter = await meterInProject();
    await meter.send(612);
    const activity = async () => (await meter.latest()).map((row) => [row.seriesId, row.active]);
    const both = (co2: boolean, temperature: boolean) =>
      [
        [meter.co2, co2],
        [meter.temperature, temperature],
      ].sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(await activity()).toEqual(both(true, true));

    await meter.toggle(false);
    expect(await activity()).toEqual(both(false, false));
    await meter.toggle(true);
    expect(await activity()).toEqual(both(true, true));

    // Ended a moment ago: no longer fed; ending in the future: still fed.
    await sql()`update series_datasources set end_at = now() - interval '1 second' where series_id = ${meter.temperature}`;
    expect(await activity()).toEqual(both(true, false));
    await sql()`update series_datasources set end_at = now() + interval '1 day' where series_id = ${meter.temperature}`;
    expect(await activity()).toEqual(both(true, true));
    // Starting in an hour: not yet fed.
    await sql()`update series_datasources set start_at = now() + interval '1 hour', end_at = null where series_id = ${meter.co2}`;
    expect(await activity()).toEqual(both(false, true));
  });

  it('carries the instance and the activity in the live values too', async () => {
    const meter = await meterInProject();
    const query = 'subscription S($p: Int!) { seriesLatestUpdated(projectId: $p) { seriesId data computerId active } }';
    const pushed = async () => {
      const live = await subscribeOver(admin, query, { p: meter.projectId });
      await meter.send(640);
      const value = (await live.next) as { data: { seriesLatestUpdated: Latest[] } };
      await live.close();
      return value.data.seriesLatestUpdated.find((row) => row.seriesId === meter.co2);
    };
    expect(await pushed()).toEqual({
      seriesId: meter.co2,
      data: 640,
      computerId: olo.server.computer.id,
      active: true,
    });
    await meter.toggle(false);
    expect(await pushed()).toMatchObject({ seriesId: meter.co2, computerId: olo.server.computer.id, active: false });
  });
});
