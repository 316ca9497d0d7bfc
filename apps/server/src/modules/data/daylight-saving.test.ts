import { dataUrl } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';
import type { ProjectDataBody } from './data.schema.ts';

/**
 * Slots over both daylight-saving days of 2026 (decision 0055), checked against the wall clock as
 * Intl shows it rather than against the shared slot rules. Both zones change their offset on whole
 * UTC hours and every slot asked here starts on a whole hour, so walking the hours finds every
 * slot start.
 */
const zones = {
  'Europe/Helsinki': { days: ['2026-03-29', '2026-10-25'], months: ['2026-03', '2026-10'] },
  'America/New_York': { days: ['2026-03-08', '2026-11-01'], months: ['2026-03', '2026-11'] },
} as const;
type Zone = keyof typeof zones;
const slotLengths = [3600, 7200, 21_600, 43_200, 86_400];
const hour = 3600;

const formats = new Map<string, Intl.DateTimeFormat>();
/** The local date (`2026-10-25`) and the seconds since its 00:00 that the wall clock shows at `instant` (epoch s). */
function wallClock(instant: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant * 1000)).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    second: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

const hoursKept = new Map<string, number[]>();
/** The whole UTC hours (epoch s) of a local date, in order: its first is its midnight. */
function hoursOf(date: string, timeZone: string): number[] {
  const key = `${timeZone}|${date}`;
  let hours = hoursKept.get(key);
  if (!hours) {
    const noon = Date.parse(`${date}T12:00:00Z`) / 1000;
    hours = [];
    for (let instant = noon - 36 * hour; instant < noon + 36 * hour; instant += hour) {
      if (wallClock(instant, timeZone).date === date) hours.push(instant);
    }
    hoursKept.set(key, hours);
  }
  return hours;
}

/**
 * The start of the slot that holds `instant`: a slot of up to an hour counts elapsed time from its
 * day's midnight; a longer one starts at the first instant its day's clock shows a multiple of its length.
 */
function slotStartOf(instant: number, timeZone: string, slot: number): number {
  const { date, second } = wallClock(instant, timeZone);
  const hours = hoursOf(date, timeZone);
  const midnight = hours[0] as number;
  if (slot <= hour) return midnight + Math.floor((instant - midnight) / slot) * slot;
  const wall = Math.floor(second / slot) * slot;
  return hours.find((start) => wallClock(start, timeZone).second >= wall) as number;
}

/** Every slot start of a period (`YYYY-MM` or `YYYY-MM-DD`), and the end of its last day. */
function periodSlotsOf(period: string, timeZone: string, slot: number) {
  const dates: string[] = [];
  if (period.length === 10) dates.push(period);
  else {
    const [year, month] = period.split('-').map(Number) as [number, number];
    for (let day = 1; day <= new Date(Date.UTC(year, month, 0)).getUTCDate(); day++) {
      dates.push(`${period}-${String(day).padStart(2, '0')}`);
    }
  }
  const hours = dates.flatMap((date) => hoursOf(date, timeZone));
  const starts = [...new Set(hours.map((instant) => slotStartOf(instant, timeZone, slot)))];
  return { starts, to: (hours.at(-1) as number) + hour };
}

/** Values every 7 minutes from 3 past, with two decimals, over the two days either side of each daylight-saving day. */
function valuesAround(seriesId: number, days: readonly string[]): SeriesValue[] {
  const values: SeriesValue[] = [];
  for (const day of days) {
    const noon = Date.parse(`${day}T12:00:00Z`);
    for (let t = noon - 60 * hour * 1000 + 180_000, i = 0; t < noon + 60 * hour * 1000; t += 420_000, i++) {
      values.push({
        seriesId,
        time: new Date(t),
        value: Math.round((10 + 8 * Math.sin(i / 13) + (i % 5) / 4) * 100) / 100,
      });
    }
  }
  return values;
}

describe.each(testDatabases)('data slots over daylight-saving days on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  const projects = new Map<Zone, { id: number; dataId: string; seriesId: number; values: SeriesValue[] }>();

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    const organization = await createOrganization(admin);
    const sql = olo.server.database.sql;
    const readings = new ReadingsRepository(sql);
    for (const [timeZone, { days }] of Object.entries(zones) as Array<[Zone, (typeof zones)[Zone]]>) {
      const project = await createProject(admin, organization.id, { timeZone });
      const [series] = await sql<Array<{ id: number }>>`
        insert into series (project_id, name, data_type, data_unit) values (${project.id}, 'Lämpötila', 'Temperature', '°C')
        returning id`;
      const seriesId = series?.id as number;
      const values = valuesAround(seriesId, days);
      // Through the ingest's own statement, which also keeps the hourly rollup that whole-hour slots are read from.
      await readings.transaction(async (tx) => {
        await readings.ensureSeriesMonths(
          tx,
          values.map((value) => value.time),
        );
        await readings.insertSeriesValues(tx, values);
      });
      const [row] = await sql<
        Array<{ dataId: string }>
      >`select data_id as "dataId" from projects where id = ${project.id}`;
      projects.set(timeZone, { id: project.id, dataId: row?.dataId as string, seriesId, values });
    }
  });
  afterAll(() => olo?.close());

  const cases = (Object.entries(zones) as Array<[Zone, (typeof zones)[Zone]]>).flatMap(([timeZone, { days, months }]) =>
    [...days, ...months].map((period) => [timeZone, period] as const),
  );

  it.each(cases)('cuts %s %s into slots of the wall clock, a day slot one calendar day', async (timeZone, period) => {
    const project = projects.get(timeZone);
    if (!project) throw new Error('no project');
    for (const slot of slotLengths) {
      const response = await admin.fetch(
        dataUrl({ projectId: project.id, period, dataId: project.dataId, slotSeconds: slot }),
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as ProjectDataBody;
      const wanted = periodSlotsOf(period, timeZone, slot);
      expect({ slot, starts: body.slots, to: body.to }).toEqual({ slot, starts: wanted.starts, to: wanted.to });
      if (slot === 86_400) {
        const days =
          period.length === 10
            ? 1
            : new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5)), 0)).getUTCDate();
        expect(body.slots).toHaveLength(days);
      }

      // Each value in the slot the wall clock gives it; sums in hundredths, exact.
      const expected = new Map<number, { hundredths: number; min: number; max: number; count: number }>();
      for (const value of project.values) {
        const instant = value.time.getTime() / 1000;
        if (instant < (wanted.starts[0] as number) || instant >= wanted.to) continue;
        const start = slotStartOf(instant, timeZone, slot);
        const current = expected.get(start);
        expected.set(start, {
          hundredths: (current?.hundredths ?? 0) + Math.round(value.value * 100),
          min: Math.min(current?.min ?? value.value, value.value),
          max: Math.max(current?.max ?? value.value, value.value),
          count: (current?.count ?? 0) + 1,
        });
      }
      const actual = Object.fromEntries(
        Object.entries(body.data).map(([start, bySeries]) => [start, bySeries[project.seriesId]]),
      );
      expect({ slot, data: actual }).toEqual({
        slot,
        data: Object.fromEntries(
          [...expected].map(([start, { hundredths, min, max, count }]) => [
            String(start),
            [hundredths / 100, min, max, count],
          ]),
        ),
      });
    }
  });
});
