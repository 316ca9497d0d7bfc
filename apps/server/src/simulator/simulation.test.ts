import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseUplink, providerOfTopic } from '../modules/ingest/uplink-formats.ts';
import { demoDryingProject, demoProject } from '../seed/demo-data.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { demoMeters, publishToIngest, startDemoSimulation, startSimulation } from './simulation.ts';
import { simulatedMeters } from './uplinks.ts';

interface Published {
  serial: string;
  fCnt: number;
  time: number;
  topic: string;
  payload: string;
}

function recorder() {
  const published: Published[] = [];
  const publish = (topic: string, payload: string) => {
    const provider = providerOfTopic(topic);
    if (!provider) throw new Error(`not an uplink topic: ${topic}`);
    const uplink = parseUplink(provider, JSON.parse(payload));
    published.push({ serial: uplink.serial, fCnt: uplink.fCnt ?? -1, time: uplink.time.getTime(), topic, payload });
  };
  return { published, publish };
}

describe('simulation schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the history in time order, then each meter once an interval with rising frame counters', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 9, 0, 0) });
    const meters = simulatedMeters({ count: 4, seed: 'schedule' });
    const { published, publish } = recorder();
    const simulation = startSimulation({ meters, intervalSeconds: 60, historyHours: 1, publish });
    await simulation.historySent;
    // One hour of 60 s slots, and the current one.
    expect(published.length).toBeGreaterThanOrEqual(4 * 60);
    expect(published.length).toBeLessThanOrEqual(4 * 61);
    const times = published.map((item) => item.time);
    // Oldest first, up to the jitter of a second that meters of nearby phases may swap by.
    for (let index = 1; index < times.length; index++) {
      expect(times[index] as number).toBeGreaterThan((times[index - 1] as number) - 1000);
    }
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 3_600_000 - 1000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());

    const before = published.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(published.length - before).toBe(4 * 5);
    for (const meter of meters) {
      const counters = published.filter((item) => item.serial === meter.serial).map((item) => item.fCnt);
      expect(counters).toEqual(counters.map((_, index) => (counters[0] as number) + index));
    }
    await simulation.stop();
    const stoppedAt = published.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(published.length).toBe(stoppedAt);
    expect(simulation.stats).toEqual({ published: stoppedAt, failed: 0 });
  });

  it('repeats the very same uplinks after a restart, so the server stores them once', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 9, 0, 0) });
    const meters = simulatedMeters({ count: 3, seed: 'restart' });
    const first = recorder();
    const one = startSimulation({ meters, intervalSeconds: 30, historyHours: 0.5, publish: first.publish });
    await one.historySent;
    await one.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const second = recorder();
    const two = startSimulation({ meters, intervalSeconds: 30, historyHours: 0.5, publish: second.publish });
    await two.historySent;
    await two.stop();
    const firstPayloads = new Set(first.published.map((item) => item.payload));
    const repeated = second.published.filter((item) => firstPayloads.has(item.payload));
    // The 20 minutes both histories cover: the same messages, byte for byte.
    expect(repeated.length).toBeGreaterThanOrEqual(3 * 39);
    expect(second.published.length - repeated.length).toBeLessThanOrEqual(3 * 21);
  });

  it('counts failed publishes and goes on', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 9, 0, 0) });
    const errors: unknown[] = [];
    let calls = 0;
    const simulation = startSimulation({
      meters: simulatedMeters({ count: 2, seed: 'failing' }),
      intervalSeconds: 10,
      publish: async () => {
        if (calls++ % 2 === 0) throw new Error('broker away');
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    await simulation.stop();
    expect(simulation.stats.failed).toBeGreaterThan(0);
    expect(simulation.stats.published).toBeGreaterThan(0);
    expect(errors).toHaveLength(simulation.stats.failed);
  });
});

describe('demo meters', () => {
  it('are three Elsys ERS CO2 in the school project and two DL-PR26 in the drying project, with fixed DevEUIs', () => {
    expect(demoMeters.map((demo) => [demo.projectCode, demo.space, demo.driver, demo.meter.format])).toEqual([
      [demoProject.code, 'Luokka 101', 'elsys', 'tts'],
      [demoProject.code, 'Luokka 102', 'elsys', 'chirpstack'],
      [demoProject.code, 'Liikuntasali', 'elsys', 'tts'],
      [demoDryingProject.code, 'Porras A', 'decentlab-dl-pr26', 'tts'],
      [demoDryingProject.code, 'Porras B', 'decentlab-dl-pr26', 'chirpstack'],
    ]);
    // Demo data created once keeps receiving these: changing them orphans existing demo meters.
    expect(demoMeters.map((demo) => demo.serial)).toEqual([
      'a81758fffefe2fa4',
      'a81758fffe9c671d',
      'a81758fffe3a9e96',
      '70b3d57ba0b55def',
      '70b3d57ba0539568',
    ]);
  });
});

describe.each(testDatabases)('demo simulation into the ingest on %s', (kind) => {
  let olo: TestServer;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const [organization] = await sql()`insert into organizations (name, slug) values ('Demo', 'demo') returning id`;
    const projects = new Map<string, number>();
    for (const code of new Set(demoMeters.map((demo) => demo.projectCode))) {
      const [project] =
        await sql()`insert into projects (organization_id, name, code) values (${organization?.id}, ${code}, ${code}) returning id`;
      projects.set(code, project?.id);
    }
    // What the demo seed is to do: the meters with their drivers, a series per channel, conversions.
    for (const demo of demoMeters) {
      const [meter] = await sql()`
        insert into meters (serial, name, driver, organization_id) values (${demo.serial}, ${demo.name}, ${demo.driver}, ${organization?.id})
        returning id`;
      for (const channel of demo.channels) {
        const [series] = await sql()`
          insert into series (project_id, name, data_type, data_unit)
          values (${projects.get(demo.projectCode) ?? null}, ${`${demo.space} ${channel.seriesName}`}, ${channel.dataType}, ${channel.dataUnit})
          returning id`;
        await sql()`insert into series_datasources (series_id, meter_id, channel) values (${series?.id}, ${meter?.id}, ${channel.channel})`;
        if (channel.conversion) {
          await sql()`
            insert into meter_conversions (meter_id, channel, name, expression)
            values (${meter?.id}, ${channel.channel}, ${channel.conversion.name}, ${channel.conversion.expression})`;
        }
      }
    }
  });
  afterAll(() => olo?.close());

  it('fills the demo series with an hour of history and keeps them live; a restart stores no repeats', async () => {
    const live: unknown[] = [];
    const stopLive = new AbortController();
    void (async () => {
      for await (const event of olo.server.events.subscribe('series.latest', stopLive.signal)) live.push(event);
    })();
    const publish = publishToIngest(olo.server.services.ingest);
    const simulation = startDemoSimulation({ publish, historyHours: 1 });
    await simulation.historySent;
    await simulation.stop();
    stopLive.abort();
    expect(simulation.stats.failed).toBe(0);
    expect(simulation.stats.published).toBeGreaterThanOrEqual(5 * 60);

    const perSeries = await sql()`
      select s.data_type, count(d.*)::int as n, min(d.value) as min, max(d.value) as max
      from series s join series_data d on d.series_id = s.id group by s.id, s.data_type`;
    expect(perSeries).toHaveLength(3 * 3 + 2 * 2);
    for (const row of perSeries) {
      expect(row.n).toBeGreaterThanOrEqual(60);
      const ranges: Record<string, [number, number]> = {
        Temperature: [15, 24],
        Humidity: [25, 55],
        CO2: [400, 1400],
        'Paine-ero': [-40, -5],
      };
      const [min, max] = ranges[row.data_type] ?? [Number.NaN, Number.NaN];
      expect(row.min).toBeGreaterThanOrEqual(min);
      expect(row.max).toBeLessThanOrEqual(max);
    }
    expect(live.length).toBeGreaterThan(0);
    const errors = await sql()`select type, name, count(*)::int as n from system_errors group by 1, 2`;
    expect(errors).toEqual([]);

    const readings = async () => (await sql()`select count(*)::int as n from meter_readings`)[0]?.n as number;
    const stored = await readings();
    const again = startDemoSimulation({ publish, historyHours: 1 });
    await again.historySent;
    await again.stop();
    // At most the slot that came due meanwhile is new.
    expect((await readings()) - stored).toBeLessThanOrEqual(demoMeters.length);
  });
});
