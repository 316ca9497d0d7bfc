import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const ingestToken = 'public-series-ingest-token-0123456789';

interface PublicSeries {
  id: number;
  spaceId: number;
  name: string;
  dataType: string;
  dataUnit: string | null;
  latest: { seriesId: number; data: number; time: string } | null;
}

const publicQuery = `query P($id: String!) { projectByPublicId(publicId: $id) {
  id dataId defaults defaultSelect timeZone startAt latestDataTime showLive
  spaces { id name }
  series { id spaceId name dataType dataUnit latest { seriesId data time } }
} }`;

type Pushed = { data?: Record<string, unknown> | null; errors?: Array<{ message: string }> };

/** A subscription over a real websocket that keeps every push, and whether the server ended it. */
async function collect(client: TestClient, query: string, variables: Record<string, unknown>) {
  const socket = client.websocket();
  const pushes: Pushed[] = [];
  let completed = false;
  let failure: unknown;
  socket.subscribe(
    { query, variables },
    {
      next: (value) => {
        pushes.push(value as Pushed);
      },
      error: (error) => {
        failure = error;
      },
      complete: () => {
        completed = true;
      },
    },
  );
  // The subscription is live once the server has read the subscribe message; nothing acknowledges it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    pushes,
    get completed() {
      return completed;
    },
    get failure() {
      return failure;
    },
    close: () => socket.dispose(),
  };
}

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await settle(25);
  }
}

describe.each(testDatabases)('the public live view on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  const anonymous = () => new TestClient(olo.url);
  const sql = () => olo.server.database.sql;

  /**
   * A shared project with a shown space "Näkyvä" (CO2 of a meter), a hidden space "Piilotettu" (its temperature) and a
   * series in no space; `send` delivers an uplink of the meter with both channels.
   */
  async function sharedProject(options: { showLive?: boolean } = {}) {
    const serial = crypto.randomBytes(8).toString('hex');
    let fCnt = 0;
    const send = async (co2: number, temperature = 21, offsetMs = 1000) => {
      fCnt += 1;
      const response = await fetch(`${olo.url}/api/ingest/tts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
        body: JSON.stringify({
          end_device_ids: { device_id: `p-${serial}`, application_ids: { application_id: 'public' }, dev_eui: serial },
          received_at: new Date(Date.now() + offsetMs).toISOString(),
          uplink_message: { f_port: 1, f_cnt: fCnt, frm_payload: 'AQ==', decoded_payload: { co2, temperature } },
        }),
      });
      expect(response.status).toBe(202);
    };
    await send(500, 20, -60_000);
    const [meter] =
      await sql()`update meters set organization_id = ${organizationId} where serial = ${serial} returning id`;
    const project = await createProject(admin, organizationId, {
      isPublic: true,
      showLive: options.showLive ?? true,
      defaults: { slot: 3600, mode: 'avg' },
    });
    const space = async (name: string, show: boolean) =>
      expectData(
        await admin.graphql<{ createSpace: { id: number } }>(
          'mutation S($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
          { input: { projectId: project.id, name, show } },
        ),
      ).createSpace.id;
    const shownSpace = await space('Näkyvä', true);
    const hiddenSpace = await space('Piilotettu', false);
    const series = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ id: number; dataType: string }> }>(
        'mutation A($p: Int!, $m: Int!, $s: Int) { projectAddMeter(projectId: $p, meterId: $m, spaceId: $s) { id dataType } }',
        { p: project.id, m: meter?.id, s: shownSpace },
      ),
    ).projectAddMeter;
    const co2 = series.find((row) => row.dataType === 'CO2')?.id as number;
    const temperature = series.find((row) => row.dataType === 'Temperature')?.id as number;
    const moveSeries = async (id: number, spaceId: number | null) =>
      expectData(
        await admin.graphql('mutation U($input: UpdateSeriesInput!) { updateSeries(input: $input) { id } }', {
          input: { id, spaceId },
        }),
      );
    await moveSeries(temperature, hiddenSpace);
    const spaceless = expectData(
      await admin.graphql<{ createSeries: { id: number } }>(
        'mutation C($input: CreateSeriesInput!) { createSeries(input: $input) { id } }',
        { input: { projectId: project.id, name: 'Irrallinen', dataType: 'Humidity' } },
      ),
    ).createSeries.id;
    const updateProject = async (input: Record<string, unknown>) =>
      expectData(
        await admin.graphql('mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
          input: { id: project.id, ...input },
        }),
      );
    const updateSpace = async (id: number, show: boolean) =>
      expectData(
        await admin.graphql('mutation U($input: UpdateSpaceInput!) { updateSpace(input: $input) { id } }', {
          input: { id, show },
        }),
      );
    const view = async () =>
      expectData(
        await anonymous().graphql<{
          projectByPublicId: {
            id: number;
            dataId: string;
            defaults: Record<string, unknown>;
            latestDataTime: string | null;
            spaces: Array<{ id: number; name: string }>;
            series: PublicSeries[];
          };
        }>(publicQuery, { id: project.publicId }),
      ).projectByPublicId;
    return {
      projectId: project.id,
      publicId: project.publicId as string,
      shownSpace,
      hiddenSpace,
      co2,
      temperature,
      spaceless,
      send,
      view,
      updateProject,
      updateSpace,
      moveSeries,
    };
  }

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
  });
  afterAll(() => olo?.close());

  it('gives anybody the series of shown spaces with their newest values, and what a summary needs', async () => {
    const project = await sharedProject();
    await project.send(640, 22.5);
    const view = await project.view();
    expect(view.spaces.map((space) => space.name)).toEqual(['Näkyvä']);
    expect(view.series).toEqual([
      {
        id: project.co2,
        spaceId: project.shownSpace,
        name: 'CO2',
        dataType: 'CO2',
        dataUnit: 'ppm',
        latest: { seriesId: project.co2, data: 640, time: expect.any(String) },
      },
    ]);
    // The hidden space's temperature is newer than nothing, but the public view tells nothing of it.
    expect(JSON.stringify(view)).not.toMatch(/"data":22\.5\b|Temperature|Piilotettu/);
    expect(view.latestDataTime).toBe(view.series[0]?.latest?.time);
    expect(view.defaults).toEqual({ slot: 3600, mode: 'avg' });
    const [row] = await sql()`select data_id from projects where id = ${project.projectId}`;
    expect(view.dataId).toBe(row?.data_id);
  });

  it('reaches no meter, datasource or member series type from the public project', async () => {
    // The schema is one for all; reading it takes a signed-in user (decision 0146).
    const introspection = expectData(
      await admin.graphql<{
        __schema: { types: Array<{ name: string; fields: Array<{ type: unknown }> | null }> };
      }>(
        `query I { __schema { types { name fields { type { name kind ofType { name kind ofType { name kind ofType { name } } } } } } } }`,
      ),
    ).__schema.types;
    const byName = new Map(introspection.map((type) => [type.name, type]));
    const named = (type: unknown): string | undefined => {
      const value = type as { name: string | null; ofType?: unknown };
      return value.name ?? named(value.ofType);
    };
    const reached = new Set<string>();
    const visit = (name: string) => {
      if (reached.has(name)) return;
      reached.add(name);
      for (const field of byName.get(name)?.fields ?? []) {
        const next = named(field.type);
        if (next) visit(next);
      }
    };
    visit('PublicProject');
    for (const forbidden of ['Serie', 'SeriesDatasource', 'SeriesLatest', 'Meter', 'MeterLatest', 'Project']) {
      expect(reached.has(forbidden), forbidden).toBe(false);
    }
    expect(reached.has('PublicSeries')).toBe(true);

    const project = await sharedProject();
    const response = await anonymous().graphql(
      'query P($id: String!) { projectByPublicId(publicId: $id) { series { id seriesDatasources { meterId } } } }',
      { id: project.publicId },
    );
    expect(response.errors?.[0]?.message).toContain('Cannot query field "seriesDatasources"');
  });

  it('shows nothing of a project that is not shared, nor of one whose link was turned off', async () => {
    const closed = await createProject(admin, organizationId);
    expect(closed.publicId).toBeNull();
    const project = await sharedProject();
    await project.updateProject({ isPublic: false });
    for (const id of [project.publicId, crypto.randomUUID()]) {
      const response = await anonymous().graphql(publicQuery, { id });
      expect(response.errors?.[0]?.message).toBe('Not found');
      expect(response.data).toBeNull();
    }
    const live = await collect(
      anonymous(),
      'subscription S($id: String!) { publicSeriesLatestUpdated(publicId: $id) { seriesId data } }',
      { id: project.publicId },
    );
    await project.send(700);
    await settle();
    // Refused when subscribing, as the query is: one answer with the error and no data, then nothing.
    expect(live.pushes).toHaveLength(1);
    expect(live.pushes[0]?.errors?.[0]?.message).toBe('Not found');
    expect(live.pushes[0]?.data ?? null).toBeNull();
    await live.close();
  });

  it('pushes a new reading of a shown series to an anonymous client, and none of a hidden one', async () => {
    const project = await sharedProject();
    const live = await collect(
      anonymous(),
      'subscription S($id: String!) { publicSeriesLatestUpdated(publicId: $id) { seriesId data time } }',
      { id: project.publicId },
    );
    await project.send(812, 23.5);
    await until(() => live.pushes.length > 0);
    expect(live.pushes[0]?.data?.publicSeriesLatestUpdated).toEqual([
      { seriesId: project.co2, data: 812, time: expect.any(String) },
    ]);

    // The shown space is hidden later: its values stop.
    await project.updateSpace(project.shownSpace, false);
    await project.send(900, 25);
    await settle();
    expect(live.pushes).toHaveLength(1);

    // Shown again, and the hidden one too: both flow.
    await project.updateSpace(project.shownSpace, true);
    await project.updateSpace(project.hiddenSpace, true);
    await project.send(950, 26);
    await until(() => live.pushes.length > 1);
    const both = live.pushes[1]?.data?.publicSeriesLatestUpdated as Array<{ seriesId: number }>;
    expect(both.map((value) => value.seriesId).sort()).toEqual([project.co2, project.temperature].sort());

    // Sharing turned off: the subscription ends.
    await project.updateProject({ isPublic: false });
    await project.send(990, 27);
    await until(() => live.completed);
    expect(live.pushes).toHaveLength(2);
    await live.close();
  });

  it('with showLive off shows no series and pushes no values, but still dates the public data', async () => {
    const project = await sharedProject({ showLive: false });
    await project.send(640);
    const view = await project.view();
    expect(view.spaces).toEqual([]);
    expect(view.series).toEqual([]);
    // The public summary reads the shown spaces' data whether or not live values show (decision 0029).
    expect(view.latestDataTime).not.toBeNull();

    const live = await collect(
      anonymous(),
      'subscription S($id: String!) { publicSeriesLatestUpdated(publicId: $id) { seriesId data } }',
      { id: project.publicId },
    );
    await project.send(700);
    await settle();
    expect(live.pushes).toEqual([]);

    // Turned on while subscribed: the next reading arrives.
    await project.updateProject({ showLive: true });
    await project.send(720);
    await until(() => live.pushes.length > 0);
    expect(live.pushes[0]?.data?.publicSeriesLatestUpdated).toEqual([{ seriesId: project.co2, data: 720 }]);
    await live.close();
  });

  it('pushes the public project after its changes, a new dataId included, until the link is turned off', async () => {
    const project = await sharedProject();
    const live = await collect(
      anonymous(),
      'subscription S($id: String!) { publicProjectUpdated(publicId: $id) { id name dataId showLive series { id } } }',
      { id: project.publicId },
    );
    await project.updateProject({ name: 'Uusi nimi' });
    await until(() => live.pushes.length > 0);
    expect(live.pushes[0]?.data?.publicProjectUpdated).toMatchObject({ id: project.projectId, name: 'Uusi nimi' });

    // Deleting a series changes stored data other than by appending: a new dataId.
    const dataIdOf = (push: Pushed | undefined) =>
      (push?.data?.publicProjectUpdated as { dataId?: string } | undefined)?.dataId;
    const before = dataIdOf(live.pushes[0]);
    expect(before).toBeTruthy();
    expectData(await admin.graphql('mutation D($id: Int!) { deleteSeries(id: $id) }', { id: project.spaceless }));
    await until(() => live.pushes.length > 1);
    expect(dataIdOf(live.pushes.at(-1))).not.toBe(before);

    await project.updateProject({ isPublic: false });
    await until(() => live.completed);
    await live.close();
  });
});
