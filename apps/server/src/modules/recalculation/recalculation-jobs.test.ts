import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/factories.ts';
import { type MeterWorld, startMeterWorld } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData } from '../../testing/test-server.ts';
import { JobsRepository } from '../jobs/jobs.repository.ts';
import { JobQueue } from '../jobs/jobs.service.ts';
import { RecalculationRepository, RecalculationTasksRepository } from './recalculation.repository.ts';
import { RecalculationService } from './recalculation.service.ts';

const createConversion = `mutation C($input: CreateConversionInput!) { createConversion(input: $input) { id } }`;
const createCalibration = `mutation C($input: CreateCalibrationInput!) { createCalibration(input: $input) { id } }`;
const meterRecalculations = `query Q($id: Int!) {
  meter(id: $id) { recalculations { id status reason percent readingsDone readingsTotal error finishedAt } }
}`;
const seriesRecalculations = `query Q($id: Int!) {
  project(id: $id) { recalculations { id status } series { id recalculations { id status } } }
}`;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDatabases)('recomputing in the background on %s', (kind) => {
  let world: MeterWorld;
  const queues: JobQueue[] = [];
  let sequence = 0;

  beforeAll(async () => {
    world = await startMeterWorld(kind);
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await world?.close();
  });

  /** A project with a CO2 series fed by a new meter's co2 channel, and readings of it. */
  async function fedSeries(values: number[]) {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    await world.send(
      meter.serial,
      values.map((co2, index) => ({ time: new Date(Date.UTC(2026, 1, 1, 10, index * 10)), co2 })),
    );
    return { projectId, meter, seriesId };
  }

  it('shows the progress on the meter and its series, and the values once ready', async () => {
    const { projectId, meter, seriesId } = await fedSeries([100, 200, 300]);
    const dataIdBefore = await world.dataId(projectId);
    expectData(
      await world.admin.graphql(createConversion, {
        input: { meterId: meter.id, channel: 'co2', target: 'CO2', expression: 'x + 1' },
      }),
    );
    // The mutation answers with the recomputation queued; the real job runner does it.
    expect(await world.data(seriesId)).toEqual([
      ['2026-02-01T10:00:00.000Z', 101],
      ['2026-02-01T10:10:00.000Z', 201],
      ['2026-02-01T10:20:00.000Z', 301],
    ]);
    expect(await world.latest(seriesId)).toEqual(['2026-02-01T10:20:00.000Z', 301]);
    expect(await world.dataId(projectId)).not.toBe(dataIdBefore);
    const { meter: shown } = expectData(
      await world.admin.graphql<{ meter: { recalculations: Array<Record<string, unknown>> } }>(meterRecalculations, {
        id: meter.id,
      }),
    );
    expect(shown.recalculations).toEqual([
      expect.objectContaining({
        status: 'done',
        reason: 'conversion',
        percent: 100,
        readingsDone: 3,
        readingsTotal: 3,
        error: null,
        finishedAt: expect.any(String),
      }),
    ]);
    const { project } = expectData(
      await world.admin.graphql<{
        project: { recalculations: unknown[]; series: Array<{ id: number; recalculations: unknown[] }> };
      }>(seriesRecalculations, { id: projectId }),
    );
    const recalculation = { id: (shown.recalculations[0] as { id: number }).id, status: 'done' };
    expect(project.series.find((series) => series.id === seriesId)?.recalculations).toEqual([recalculation]);
    expect(project.recalculations).toEqual([recalculation]);
  });

  it('a page that fails marks the recomputation failed with its error, and the retry goes on from there', async () => {
    sequence += 1;
    const tasks = new RecalculationTasksRepository(world.sql);
    const jobs = new JobQueue(new JobsRepository(world.sql), world.olo.server.logger, {
      pollMs: 50,
      concurrency: 1,
      leaseMs: 60_000,
    });
    queues.push(jobs);
    // One reading a page, a queue of its own (the server's runs the usual job name).
    const service = new RecalculationService({
      repository: new RecalculationRepository(world.sql),
      tasks,
      jobs,
      events: world.olo.server.events,
      logger: world.olo.server.logger,
      pageSize: 1,
      jobName: `test.recalculation-${sequence}`,
      retryDelayMs: () => 400,
    });
    jobs.define(service.job);
    await jobs.start();
    const { meter, seriesId } = await fedSeries([100, 200, 300, 665, 500]);
    await world.sql`insert into meter_conversions (meter_id, channel, name, expression)
      values (${meter.id}, 'co2', 'co2', 'x + 1')`;
    // The database refuses the fourth reading's new value (666), as a full disk would.
    await world.sql`create or replace function test_refuse_666() returns trigger language plpgsql as $$
      begin if new.value = 666 then raise exception 'no space left on device'; end if; return new; end $$`;
    await world.sql`create trigger test_refuse_666 before insert on series_data
      for each row execute function test_refuse_666()`;
    try {
      const [id] = await world.sql.begin((tx) =>
        service.enqueue(tx, [{ meterId: meter.id, channel: 'co2', from: null, to: null }], {
          reason: 'conversion',
          userId: null,
        }),
      );
      service.queued();
      await until(async () => (await tasks.find(id as number))?.status === 'failed');
      const failed = await tasks.find(id as number);
      // Three pages committed before the fourth failed: 60 % of the way.
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'no space left on device',
        readingsDone: 3,
        readingsTotal: 5,
        finishedAt: null,
      });
      expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([101, 201, 301, 665, 500]);
      await world.sql`drop trigger test_refuse_666 on series_data`;
      await until(async () => (await tasks.find(id as number))?.status === 'done');
      expect(await tasks.find(id as number)).toMatchObject({ readingsDone: 5, error: null });
      expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([101, 201, 301, 666, 501]);
      expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
      expect(await world.latest(seriesId)).toEqual(['2026-02-01T10:40:00.000Z', 501]);
    } finally {
      await world.sql`drop trigger if exists test_refuse_666 on series_data`;
    }
  });

  it('a second change while the first is being recomputed gets its own recomputation; the newest values win', async () => {
    const { meter, seriesId } = await fedSeries([100, 200, 300, 400]);
    for (const expression of ['x + 1', 'x + 2']) {
      expectData(
        await world.admin.graphql(createConversion, {
          input: { meterId: meter.id, channel: 'co2', target: 'CO2', expression },
        }),
      );
    }
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([102, 202, 302, 402]);
    const { meter: shown } = expectData(
      await world.admin.graphql<{ meter: { recalculations: Array<{ status: string }> } }>(meterRecalculations, {
        id: meter.id,
      }),
    );
    expect(shown.recalculations.map((row) => row.status)).toEqual(['done', 'done']);
  });

  it('a refused change queues no recomputation', async () => {
    const { meter } = await fedSeries([100]);
    const input = { meterId: meter.id, channel: 'co2', expression: 'x', startAt: '2026-01-01T00:00:00Z' };
    expectData(await world.admin.graphql(createCalibration, { input: { ...input, endAt: '2026-01-20T00:00:00Z' } }));
    await world.recalculated();
    const before = await world.sql`select id from recalculations where meter_id = ${meter.id}`;
    // Starting at the same time as the other one: refused, nothing recomputed.
    const refused = await world.admin.graphql(createCalibration, { input: { ...input, expression: 'x * 2' } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await world.sql`select id from recalculations where meter_id = ${meter.id}`).toHaveLength(before.length);
  });

  it("keeps a meter's recomputations from another organization's user", async () => {
    const { projectId, meter } = await fedSeries([100, 200]);
    expectData(
      await world.admin.graphql(createConversion, {
        input: { meterId: meter.id, channel: 'co2', target: 'CO2', expression: 'x * 3' },
      }),
    );
    await world.recalculated();
    const { client: stranger } = await signedInClient(world.olo.url);
    const byMeter = await stranger.graphql(meterRecalculations, { id: meter.id });
    expect(byMeter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(byMeter.data ?? null)).not.toContain('conversion');
    const bySeries = await stranger.graphql(seriesRecalculations, { id: projectId });
    expect(bySeries.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(bySeries.data ?? null)).not.toContain('done');
  });
});
