import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { AlarmEngineRepository, alarmStatesLockNamespace } from './alarm-engine.repository.ts';
import { checkMissingData, evaluateAlarmsOnValues, type WatchedValue } from './alarm-engine.ts';

const minute = 60_000;
const t0 = Date.parse('2026-11-02T08:00:00Z');

describe.each(testDatabases)('alarms on stored values, on %s', (kind) => {
  let olo: TestServer;
  let projectId: number;
  let seriesId: number;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    projectId = (await createProject(client, organization.id)).id;
    const [row] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit) values (${projectId}, 'Lämpötila', 'Temperature', '°C')
      returning id`;
    seriesId = row?.id as number;
  });
  afterAll(() => olo?.close());

  /** Values given as [minutes after t0, value], evaluated in one transaction by a repository of their own (as after a restart). */
  const store = (values: Array<[number, number]>) => {
    const repository = new AlarmEngineRepository(sql());
    const batch: WatchedValue[] = values.map(([at, value]) => ({ seriesId, time: new Date(t0 + at * minute), value }));
    return sql().begin((tx) => evaluateAlarmsOnValues(repository, tx, batch));
  };
  const episodes = () =>
    sql()<Array<{ time: number; data: number; endAt: number | null; peak: number | null; acknowledged: boolean }>>`
      select (extract(epoch from time) * 1000)::float8 as time, data, (extract(epoch from end_at) * 1000)::float8 as "endAt",
             peak, acknowledged
      from alarms_triggered where series_id = ${seriesId} order by time`;

  /** A new series of the project watched by an alarm on values above `rangeEnd`. */
  const watchedSeries = async (seriesName: string, alarmName: string, rangeEnd: number) => {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit) values (${projectId}, ${seriesName}, 'Temperature', '°C')
      returning id`;
    const seriesId = row?.id as number;
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, ${alarmName}, ${rangeEnd}) returning id`;
    const alarmId = alarm?.id as string;
    await sql()`insert into alarms_series (alarm_id, series_id) values (${alarmId}, ${seriesId})`;
    return { seriesId, alarmId };
  };

  // PGlite is one session: there, batches and the check take turns anyway.
  it.runIf(kind === 'postgres')(
    "checks for missing data without waiting on the ingest's batches while no alarm watches for it",
    async () => {
      const [{ count } = { count: -1 }] = await sql()<Array<{ count: number }>>`
      select count(*)::int as count from alarms where missing_after is not null`;
      expect(count).toBe(0);
      // A batch in flight holds the alarm states shared, as every ingest batch does.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const holds = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const batch = sql().begin(async (tx) => {
        await tx`select pg_advisory_xact_lock_shared(${alarmStatesLockNamespace}::int, 0)`;
        holding();
        await held;
      });
      await holds;
      const repository = new AlarmEngineRepository(sql());
      const checked = await Promise.race([
        sql().begin((tx) => checkMissingData(repository, tx, Date.now())),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 2000)),
      ]);
      release();
      await batch;
      expect(checked).toEqual([]);
    },
  );

  it('keeps a pending duration and an open episode across batches and restarts, opening one row per episode', async () => {
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end, duration, repeat_after, hysteresis)
      values (${projectId}, 'Liian lämmin', 25, ${JSON.stringify({ years: 0, months: 0, days: 0, hours: 0, minutes: 10, seconds: 0 })}::jsonb,
              ${JSON.stringify({ years: 0, months: 0, days: 0, hours: 1, minutes: 0, seconds: 0 })}::jsonb, 0.5)
      returning id`;
    await sql()`insert into alarms_series (alarm_id, series_id) values (${alarm?.id as string}, ${seriesId})`;

    // Pending for 6 minutes when the batch ends: nothing yet.
    expect(
      await store([
        [0, 26],
        [6, 26.5],
      ]),
    ).toEqual([]);
    // A later batch, as after a restart: 10 minutes after the first reading it triggers, once.
    const triggered = await store([
      [10, 27],
      [20, 28],
    ]);
    expect(triggered.map((outcome) => [outcome.event.kind, (outcome.event.time - t0) / minute])).toEqual([
      ['triggered', 10],
    ]);
    // The same values again (a redelivered batch) set off nothing.
    expect(await store([[20, 28]])).toEqual([]);
    // An hour after the trigger it repeats; back under 24.5 (25 less the hysteresis) it ends.
    const later = await store([
      [40, 24.8],
      [70, 26],
      [80, 24.4],
    ]);
    expect(later.map((outcome) => [outcome.event.kind, (outcome.event.time - t0) / minute])).toEqual([
      ['repeated', 70],
      ['ended', 80],
    ]);
    expect(new Set(later.map((outcome) => outcome.triggeredId)).size).toBe(1);
    expect(await episodes()).toEqual([
      {
        time: t0 + 10 * minute,
        data: 27,
        endAt: t0 + 80 * minute,
        peak: 28,
        acknowledged: false,
      },
    ]);
  });

  it('evaluates a batch over hundreds of watched series in one pass', async () => {
    const count = 300;
    const ids = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit)
      select ${projectId}, 'S' || g, 'CO2', 'ppm' from generate_series(1, ${count}) g returning id`;
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'Monta', 1000) returning id`;
    await sql()`
      insert into alarms_series (alarm_id, series_id)
      select ${alarm?.id as string}, id from unnest(${sql().array(ids.map((row) => row.id))}::int[]) as id`;
    const repository = new AlarmEngineRepository(sql());
    const outcomes = await sql().begin((tx) =>
      evaluateAlarmsOnValues(
        repository,
        tx,
        ids.map((row) => ({ seriesId: row.id, time: new Date(t0), value: 1500 })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.event.kind === 'triggered')).toHaveLength(count);
  });

  it("evaluates a meter's catching-up readings in time order, however they arrived", async () => {
    const { seriesId: watched } = await watchedSeries('Kellari', 'Kellari lämmin', 25);
    await sql()`
      insert into series_latest (series_id, time, value) values (${watched}, ${new Date(t0 + 5 * minute).toISOString()}, 20)`;
    const repository = new AlarmEngineRepository(sql());
    const batch = (
      [
        [30, 27],
        [3, 30],
        [10, 26],
        [20, 24],
      ] as const
    ).map(([at, value]) => ({ seriesId: watched, time: new Date(t0 + at * minute), value }));
    const outcomes = await sql().begin((tx) => evaluateAlarmsOnValues(repository, tx, batch));
    // Minute 3 is older than the stored minute 5: not evaluated. Then 10 opens, 20 ends, 30 opens again.
    expect(outcomes.map((outcome) => [outcome.event.kind, (outcome.event.time - t0) / minute])).toEqual([
      ['triggered', 10],
      ['ended', 20],
      ['triggered', 30],
    ]);
  });

  it("takes a changed rule at the next batch, and leaves values older than the series' newest stored one unevaluated", async () => {
    const { seriesId: watched, alarmId } = await watchedSeries('Välitila', 'Vaihtuva', 25);
    // One repository throughout, as one server's ingest: its cached rules must follow the change.
    const repository = new AlarmEngineRepository(sql());
    const run = (at: number, value: number) =>
      sql().begin((tx) =>
        evaluateAlarmsOnValues(repository, tx, [{ seriesId: watched, time: new Date(t0 + at * minute), value }]),
      );
    // No actions: nothing to notify of.
    expect((await run(0, 26)).map((outcome) => [outcome.event.kind, outcome.actionIds])).toEqual([['triggered', []]]);
    await sql()`update alarms set range_end = 30 where id = ${alarmId}`;
    const [action] = await sql()<Array<{ id: string }>>`
      insert into alarms_actions (alarm_id, type, email, trigger_at_end)
      values (${alarmId}, 'email', 'huolto@example.com', true) returning id`;
    // 29 is inside the new range: the episode ends, and the new action is told.
    expect((await run(10, 29)).map((outcome) => [outcome.event.kind, outcome.actionIds])).toEqual([
      ['ended', [action?.id]],
    ]);

    // The series has a value stored at minute 30; one from minute 20 arriving now is late.
    await sql()`
      insert into series_latest (series_id, time, value) values (${watched}, ${new Date(t0 + 30 * minute).toISOString()}, 20)
      on conflict (series_id) do update set time = excluded.time, value = excluded.value`;
    expect(await run(20, 40)).toEqual([]);
    expect((await run(31, 40)).map((outcome) => outcome.event.kind)).toEqual(['triggered']);
  });
});
