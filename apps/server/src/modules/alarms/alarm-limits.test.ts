import { alarmPreviewInput, type Language } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MeterWorld, minutesFromNow, startMeterWorld } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { alarmMail } from './alarm-mails.ts';
import { AlarmNotificationsRepository } from './alarm-notifications.repository.ts';

/**
 * Active-limit alarms through the real HTTP ingest: the condition is the value outside the normal
 * range of the limit the series follows (its own, else its organization's, else the global default).
 */
describe.each(testDatabases)('active-limit alarms on %s', (kind) => {
  let world: MeterWorld;
  let projectId: number;
  let minute = -600;
  const sql = () => world.sql;

  beforeAll(async () => {
    world = await startMeterWorld(kind);
    projectId = await world.newProject();
  });
  afterAll(() => world?.close());

  /** A CO2 series fed by a meter of its own and watched by an active-limit alarm (given columns besides). */
  const watched = async (alarm: { inside?: boolean; rangeStart?: number; rangeEnd?: number; hysteresis?: number }) => {
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    const [row] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, active_limit, inside, range_start, range_end, hysteresis)
      values (${projectId}, 'Normaalialue', true, ${alarm.inside ?? false}, ${alarm.rangeStart ?? null},
              ${alarm.rangeEnd ?? null}, ${alarm.hysteresis ?? null})
      returning id`;
    const alarmId = row?.id as string;
    await sql()`insert into alarms_series (alarm_id, series_id) values (${alarmId}, ${seriesId})`;
    /** Sends one reading (a minute after the previous one) through the ingest; the series' episodes after it. */
    const send = async (co2: number) => {
      minute += 1;
      await world.send(meter.serial, [{ time: minutesFromNow(minute), co2 }]);
      return episodes();
    };
    const episodes = () =>
      sql()<Array<{ data: number; ended: boolean; peak: number | null }>>`
        select data, end_at is not null as ended, peak from alarms_triggered
        where alarm_id = ${alarmId} and series_id = ${seriesId} order by time`;
    return { seriesId, alarmId, send };
  };
  const newLimit = async (
    name: string,
    normal: { min: number | null; max: number | null },
    organizationId: string | null = null,
  ) => {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into limits (name, data_type, "order", organization_id, min, max, limits, colors, maxcolor, opacity,
                          normal_min, normal_max)
      values (${name}, 'CO2', 50, ${organizationId}, 0, 5000, '[1000]', '["#2b8a3e"]', '#c92a2a', 0.3,
              ${normal.min}, ${normal.max})
      returning id`;
    return row?.id as number;
  };

  it("follows the global default (CO2 S2: at most 950 ppm), bounds normal, with the alarm's hysteresis, whatever its own range and inside say", async () => {
    // Stored as an inside alarm on 0..100: an active-limit alarm ignores both.
    const series = await watched({ inside: true, rangeStart: 0, rangeEnd: 100, hysteresis: 20 });
    expect(await series.send(50)).toEqual([]);
    expect(await series.send(950)).toEqual([]);
    expect(await series.send(951)).toEqual([{ data: 951, ended: false, peak: null }]);
    // Back at 940 is within the hysteresis of 20; 930 ends it.
    expect(await series.send(1200)).toEqual([{ data: 951, ended: false, peak: null }]);
    expect(await series.send(940)).toEqual([{ data: 951, ended: false, peak: null }]);
    expect(await series.send(930)).toEqual([{ data: 951, ended: true, peak: 1200 }]);
  });

  it("follows the series' own limit over the global one, and an edit of that limit from the next reading on", async () => {
    const series = await watched({});
    const own = await newLimit('Tiukka', { min: 400, max: 600 });
    await sql()`update series set limit_id = ${own} where id = ${series.seriesId}`;
    expect(await series.send(700)).toEqual([{ data: 700, ended: false, peak: null }]);
    // Widened while the episode is open: the next reading, still 700, is normal now.
    await sql()`update limits set normal_max = 800 where id = ${own}`;
    expect(await series.send(700)).toEqual([{ data: 700, ended: true, peak: 700 }]);
    // The lower end counts too.
    expect((await series.send(399)).at(-1)).toEqual({ data: 399, ended: false, peak: null });
  });

  it('is inert on a series whose limit has no normal range', async () => {
    const series = await watched({});
    const bandsOnly = await newLimit('Vain värit', { min: null, max: null });
    await sql()`update series set limit_id = ${bandsOnly} where id = ${series.seriesId}`;
    expect(await series.send(-100)).toEqual([]);
    expect(await series.send(5000)).toEqual([]);
  });

  it("previews the rule on each series' own effective range, and says in notifications which range the value left", async () => {
    const series = await watched({});
    const own = await newLimit('Luokka', { min: null, max: 1000 });
    await sql()`update series set limit_id = ${own} where id = ${series.seriesId}`;
    await series.send(990);
    const opened = await series.send(1010);
    expect(opened).toEqual([{ data: 1010, ended: false, peak: null }]);

    const preview = await world.olo.server.services.alarms.preview(
      await world.adminAccess(),
      alarmPreviewInput.parse({
        projectId,
        rule: { name: 'Esikatselu', activeLimit: true },
        seriesIds: [series.seriesId],
      }),
    );
    expect(preview.map((episode) => [episode.data, episode.endAt])).toEqual([[1010, null]]);

    const [action] = await sql()<Array<{ id: string }>>`
      insert into alarms_actions (alarm_id, type, email) values (${series.alarmId}, 'email', 'huolto@example.com')
      returning id`;
    const [triggered] = await sql()<Array<{ id: string }>>`
      select id from alarms_triggered where alarm_id = ${series.alarmId}`;
    const [context] = await new AlarmNotificationsRepository(sql()).actionContexts([
      { actionId: action?.id as string, triggeredId: triggered?.id as string },
    ]);
    expect(context?.limit).toEqual({ name: 'Luokka', nameKey: null, normalMin: null, normalMax: 1000 });
    const intro = (language: Language) =>
      alarmMail({
        to: 'huolto@example.com',
        language,
        siteName: 'Olo',
        notice: {
          kind: 'triggered',
          missingData: false,
          alarmName: 'Normaalialue',
          projectName: 'Koulu',
          spaceName: null,
          seriesName: 'CO2',
          dataType: 'CO2',
          unit: 'ppm',
          limit: context?.limit ?? null,
          value: 1010,
          time: new Date(),
          startedAt: null,
          peak: null,
          lastedMs: null,
          timeZone: 'Europe/Helsinki',
          link: 'https://olo.example/p/1/alarms',
        },
      }).text.split('\n')[0];
    expect(intro('en')).toBe(
      'The alarm "Normaalialue" went off. The value is outside the normal range (at most 1000 ppm) of the limit "Luokka".',
    );
    expect(intro('fi')).toContain('normaalialueen (enintään 1000 ppm) ulkopuolella');
  });

  it("follows its organization's limit of the type over the global one, from the next reading after it is added", async () => {
    const series = await watched({});
    expect(await series.send(900)).toEqual([]);
    await newLimit('Organisaation CO2', { min: null, max: 850 }, world.organizationId);
    expect(await series.send(900)).toEqual([{ data: 900, ended: false, peak: null }]);
    expect(await series.send(850)).toEqual([{ data: 900, ended: true, peak: 900 }]);
  });
});
