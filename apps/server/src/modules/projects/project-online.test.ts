import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, subscribeOver } from '../../testing/factories.ts';
import { type MeterWorld, minutesFromNow, startMeterWorld } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData } from '../../testing/test-server.ts';

interface State {
  online: boolean;
  metersOnline: number;
  metersTotal: number;
  latestReadingAt: string | null;
}

describe.each(testDatabases)('whether a project is online, on %s', (kind) => {
  let world: MeterWorld;
  beforeAll(async () => {
    world = await startMeterWorld(kind);
  });
  afterAll(() => world?.close());

  async function state(projectId: number): Promise<State> {
    return expectData(
      await world.admin.graphql<{ project: { state: State } }>(
        'query P($id: Int!) { project(id: $id) { state { online metersOnline metersTotal latestReadingAt } } }',
        { id: projectId },
      ),
    ).project.state;
  }

  /** A meter of `projectId` that reported `minutesAgo`, at an observed interval of `intervalSeconds`. */
  async function meterOf(projectId: number, intervalSeconds: number | null, minutesAgo: number | null) {
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    const seen = minutesAgo === null ? null : minutesFromNow(-minutesAgo).toISOString();
    await world.sql`update meters set interval_seconds = ${intervalSeconds}, last_seen_at = ${seen} where id = ${meter.id}`;
    return { meter, seriesId };
  }

  it('is online after an uplink, with its newest reading', async () => {
    const projectId = await world.newProject();
    expect(await state(projectId)).toEqual({ online: false, metersOnline: 0, metersTotal: 0, latestReadingAt: null });
    const meter = await world.newMeter();
    await world.addDatasource(await world.newSeries(projectId), meter.id, 'co2');
    expect(await state(projectId)).toMatchObject({ online: false, metersOnline: 0, metersTotal: 1 });
    const time = minutesFromNow(-1);
    await world.send(meter.serial, [{ time, co2: 600 }]);
    expect(await state(projectId)).toEqual({
      online: true,
      metersOnline: 1,
      metersTotal: 1,
      latestReadingAt: time.toISOString(),
    });
  });

  it('counts a meter online within three of its intervals, and the project offline only when all are silent', async () => {
    const projectId = await world.newProject();
    await meterOf(projectId, 60, 2.5); // within 3 × 1 min
    await meterOf(projectId, 60, 4); // silent for more than 3 × 1 min
    await meterOf(projectId, 3600, 150); // within 3 × 1 h
    await meterOf(projectId, null, 40); // interval unknown: 10 minutes (decision 0076), so silent for more than 3 × 10 min
    await meterOf(projectId, null, null); // never seen
    expect(await state(projectId)).toMatchObject({ online: true, metersOnline: 2, metersTotal: 5 });
    // The count drops next when the first meter online (seen 2.5 min ago, every minute) passes its three minutes.
    const { project } = expectData(
      await world.admin.graphql<{ project: { state: { offlineAt: string } } }>(
        'query P($id: Int!) { project(id: $id) { state { offlineAt } } }',
        { id: projectId },
      ),
    );
    expect(Math.abs(Date.parse(project.state.offlineAt) - minutesFromNow(0.5).getTime())).toBeLessThan(5_000);

    const silent = await world.newProject();
    await meterOf(silent, 60, 10);
    await meterOf(silent, null, 31);
    expect(await state(silent)).toMatchObject({ online: false, metersOnline: 0, metersTotal: 2 });
  });

  it('counts only active meters feeding through a datasource open now, each once', async () => {
    const projectId = await world.newProject();
    const { meter } = await meterOf(projectId, 60, 1);
    // A second series of the same meter does not count it twice.
    await world.addDatasource(await world.newSeries(projectId, 'CO2 b'), meter.id, 'co2');
    const ended = await meterOf(projectId, 60, 1);
    await world.sql`update series_datasources set start_at = ${minutesFromNow(-60).toISOString()},
      end_at = ${minutesFromNow(-5).toISOString()} where meter_id = ${ended.meter.id}`;
    const later = await meterOf(projectId, 60, 1);
    await world.sql`update series_datasources set start_at = ${minutesFromNow(60).toISOString()}
      where meter_id = ${later.meter.id}`;
    const inactive = await meterOf(projectId, 60, 1);
    await world.sql`update meters set active = false where id = ${inactive.meter.id}`;
    expect(await state(projectId)).toMatchObject({ online: true, metersOnline: 1, metersTotal: 1 });
  });

  it('answers a list of projects in one statement per field', async () => {
    const first = await world.newProject();
    const second = await world.newProject();
    await meterOf(first, 60, 1);
    await meterOf(second, 60, 100);
    const projects = expectData(
      await world.admin.graphql<{ projects: Array<{ id: number; state: State }> }>(
        '{ projects { id state { online metersOnline metersTotal } } }',
      ),
    ).projects;
    const byId = new Map(projects.map((project) => [project.id, project.state]));
    expect(byId.get(first)).toEqual({ online: true, metersOnline: 1, metersTotal: 1 });
    expect(byId.get(second)).toEqual({ online: false, metersOnline: 0, metersTotal: 1 });
  });

  it('gives the last 24 hours of its main types as hourly averages over its series', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    await world.addDatasource(await world.newSeries(projectId), meter.id, 'co2');
    const other = await world.newMeter();
    await world.addDatasource(await world.newSeries(projectId, 'CO2 b'), other.id, 'co2');
    const hourAgo = minutesFromNow(-60);
    const dayAgo = minutesFromNow(-26 * 60);
    await world.send(meter.serial, [
      { time: dayAgo, co2: 2000 },
      { time: hourAgo, co2: 400 },
    ]);
    await world.send(other.serial, [{ time: hourAgo, co2: 600 }]);
    const trends = expectData(
      await world.admin.graphql<{
        project: { trends: Array<{ dataType: string; hours: string[]; values: number[] }> };
      }>('query P($id: Int!) { project(id: $id) { trends { dataType hours values } } }', { id: projectId }),
    ).project.trends;
    const hour = new Date(Math.floor(hourAgo.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(trends).toEqual([{ dataType: 'CO2', hours: [hour], values: [500] }]);
  });

  it('pushes the status of the followed projects a viewer may see, in one subscription, at most 100', async () => {
    const shared = await world.newProject();
    const other = await world.newProject();
    const sharedMeter = await world.newMeter();
    const sharedSeries = await world.newSeries(shared);
    await world.addDatasource(sharedSeries, sharedMeter.id, 'co2');
    const otherMeter = await world.newMeter();
    await world.addDatasource(await world.newSeries(other), otherMeter.id, 'co2');
    const { client: viewer, account } = await signedInClient(world.olo.url);
    expectData(
      await world.admin.graphql(
        'mutation M($input: CreateProjectMembershipInput!) { createProjectMembership(input: $input) { id } }',
        { input: { projectId: shared, userId: account.id } },
      ),
    );
    const query = `subscription S($ids: [Int!]!) {
      projectsStatusUpdated(ids: $ids) { id state { metersOnline metersTotal } seriesLatests { seriesId data } }
    }`;

    // A project the viewer may not see is refused, and so is following more than 100 at once.
    const refused = await subscribeOver(viewer, query, { ids: [shared, other] });
    expect(await refused.next).toMatchObject({ errors: [{ message: 'Permission denied' }] });
    refused.close();
    const tooMany = await subscribeOver(viewer, query, { ids: Array.from({ length: 101 }, (_, index) => index + 1) });
    expect(await tooMany.next).toMatchObject({
      errors: [{ message: 'Invalid input', extensions: { issues: [{ path: 'ids', message: 'Too many items' }] } }],
    });
    tooMany.close();

    // The other project's reading is not pushed to the viewer; their own project's is, with its state and values.
    const followed = await subscribeOver(viewer, query, { ids: [shared] });
    await world.send(otherMeter.serial, [{ time: minutesFromNow(0), co2: 900 }]);
    await world.send(sharedMeter.serial, [{ time: minutesFromNow(0), co2: 640 }]);
    const pushed = (await followed.next) as {
      data: {
        projectsStatusUpdated: {
          id: number;
          state: { metersOnline: number; metersTotal: number };
          seriesLatests: Array<{ seriesId: number; data: number }>;
        };
      };
    };
    followed.close();
    expect(pushed.data.projectsStatusUpdated).toEqual({
      id: shared,
      state: { metersOnline: 1, metersTotal: 1 },
      seriesLatests: [{ seriesId: sharedSeries, data: 640 }],
    });
  });
});
