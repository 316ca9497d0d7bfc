import { type DataPeriod, parseDataPeriod, periodSlots } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';
import { DataRepository } from './data.repository.ts';
import type { ProjectDataBody } from './data.schema.ts';

/** Values every 7 minutes with a wandering level: irregular against every slot length asked. */
function valuesOf(seriesId: number, fromIso: string, toIso: string, seed: number): SeriesValue[] {
  const values: SeriesValue[] = [];
  for (let t = Date.parse(fromIso), i = 0; t < Date.parse(toIso); t += 7 * 60_000, i++) {
    values.push({
      seriesId,
      time: new Date(t),
      value: Math.round((20 + 5 * Math.sin(i / 9 + seed) + (i % 7) / 10) * 100) / 100,
    });
  }
  return values;
}

/**
 * The same aggregation, done here over the raw values: [sum, min, max, count] per slot start and
 * series. The values have two decimals, so sums are added exactly, in hundredths: the body's sums
 * (rounded to 12 significant digits, decision 0036) must be these decimals, not merely near them.
 */
function expected(values: SeriesValue[], slots: number[], to: number): ProjectDataBody['data'] {
  const data: ProjectDataBody['data'] = {};
  const hundredths = new Map<string, number>();
  const bounds = [...slots, to];
  for (const value of values) {
    const seconds = value.time.getTime() / 1000;
    const index = bounds.findIndex(
      (start, i) => i < slots.length && seconds >= start && seconds < (bounds[i + 1] as number),
    );
    if (index < 0) continue;
    const key = String(slots[index]);
    const slot = data[key] ?? {};
    data[key] = slot;
    const current = slot[value.seriesId];
    const exactKey = `${key}/${value.seriesId}`;
    const exact = (hundredths.get(exactKey) ?? 0) + Math.round(value.value * 100);
    hundredths.set(exactKey, exact);
    slot[value.seriesId] = current
      ? [exact / 100, Math.min(current[1], value.value), Math.max(current[2], value.value), current[3] + 1]
      : [value.value, value.value, value.value, 1];
  }
  return data;
}

function expectSameAggregates(actual: ProjectDataBody['data'], wanted: ProjectDataBody['data']) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(wanted).sort());
  for (const [slot, bySeries] of Object.entries(wanted)) {
    expect(Object.keys(actual[slot] ?? {}).sort()).toEqual(Object.keys(bySeries).sort());
    for (const [seriesId, aggregate] of Object.entries(bySeries)) {
      expect(actual[slot]?.[seriesId]).toEqual(aggregate);
    }
  }
}

describe.each(testDatabases)('the data API on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let project: { id: number; dataId: string };
  let shown: number;
  let hidden: number;
  const stored: SeriesValue[] = [];
  const sql = () => olo.server.database.sql;
  const get = (client: TestClient, path: string, headers: Record<string, string> = {}) =>
    client.fetch(path, { headers });
  const path = (period: string, slot: number, dataId = project.dataId) =>
    `/api/data/${project.id}/${period}/${dataId}/${slot}`;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    const organization = await createOrganization(admin);
    const created = await createProject(admin, organization.id, { timeZone: 'Europe/Helsinki' });
    const [outdoors, cellar] = await sql()<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${created.id}, 'Piha', true), (${created.id}, 'Kellari', false)
      returning id`;
    const series = await sql()<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${created.id}, ${outdoors?.id as number}, 'Lämpötila', 'Temperature', '°C'),
             (${created.id}, ${cellar?.id as number}, 'Kosteus', 'Humidity', '%')
      returning id`;
    shown = series[0]?.id as number;
    hidden = series[1]?.id as number;
    // Across the end of October, with its 25-hour day (Helsinki falls back on 25 October 2026).
    stored.push(
      ...valuesOf(shown, '2026-10-23T20:00:00Z', '2026-11-02T03:00:00Z', 1),
      ...valuesOf(hidden, '2026-10-24T21:03:00Z', '2026-11-01T23:00:00Z', 2),
    );
    // Through the ingest's own statement, which also keeps the hourly rollup.
    const readings = new ReadingsRepository(sql());
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(
        tx,
        stored.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, stored);
    });
    const [row] = await sql()<
      Array<{ dataId: string }>
    >`select data_id as "dataId" from projects where id = ${created.id}`;
    project = { id: created.id, dataId: row?.dataId as string };
  });
  afterAll(() => olo?.close());

  it.each([
    ['2026-10', 3600],
    ['2026-10', 7200],
    ['2026-10-25', 3600],
    ['2026-10-25', 600],
    ['2026-11', 3600],
    ['2026-11', 86_400],
    ['2026-11-01', 120],
  ])('aggregates %s in %i s slots from local midnight exactly as the raw values give', async (period, slot) => {
    const response = await get(admin, path(period, slot));
    expect(response.status).toBe(200);
    const body = (await response.json()) as ProjectDataBody;
    expect(body.series.map((series) => series.id)).toEqual([shown, hidden]);
    expect(body.spaces.map((space) => space.name)).toEqual(['Kellari', 'Piha']);
    if (period === '2026-10-25') expect(body.slots).toHaveLength((25 * 3600) / slot);
    expect(new Date(body.from * 1000).toISOString()).toBe(
      period.startsWith('2026-11')
        ? '2026-10-31T22:00:00.000Z'
        : period === '2026-10'
          ? '2026-09-30T21:00:00.000Z'
          : '2026-10-24T21:00:00.000Z',
    );
    expectSameAggregates(body.data, expected(stored, body.slots, body.to));
  });

  it('answers a settled period as immutable, the current one as changing, and 304 to a known ETag', async () => {
    const settled = await get(admin, path('2026-10', 3600));
    expect(settled.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = settled.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(admin, path('2026-10', 3600), { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const today = new Date().toISOString().slice(0, 10);
    const current = await get(admin, path(today, 3600));
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('private, no-cache');
    // Another slot length is another answer.
    expect((await get(admin, path('2026-10', 7200))).headers.get('etag')).not.toBe(etag);
  });

  it.each([
    // Months of one-hour slots have gzip ready (joined from kept pieces), so it goes first.
    [3600, 'gzip'],
    // Nothing compressed yet: brotli first.
    [10_800, 'br'],
  ])(
    'sends %i s slots in brotli or gzip as asked, each decoding to the same body, and 304 to the ETag of any of them',
    async (slot, preferred) => {
      const answers = new Map<string, { body: string; etag: string; encoding: string | null; vary: string | null }>();
      for (const accept of ['gzip, deflate, br', 'br', 'gzip', 'identity', 'br;q=0, gzip;q=0.5']) {
        const response = await get(admin, path('2026-10', slot), { 'accept-encoding': accept });
        expect(response.status).toBe(200);
        answers.set(accept, {
          body: await response.text(),
          etag: response.headers.get('etag') as string,
          encoding: response.headers.get('content-encoding'),
          vary: response.headers.get('vary'),
        });
      }
      type Answer = { body: string; etag: string; encoding: string | null; vary: string | null };
      const [any, br, gzip, identity, gzipOnly] = [...answers.values()] as [Answer, Answer, Answer, Answer, Answer];
      expect([any.encoding, br.encoding, gzip.encoding, identity.encoding, gzipOnly.encoding]).toEqual([
        preferred,
        'br',
        'gzip',
        null,
        'gzip',
      ]);
      expect(br.vary).toBe('Cookie, Accept-Encoding');
      expect(gzip.body).toBe(identity.body);
      expect(br.body).toBe(identity.body);
      expectSameAggregates(
        (JSON.parse(br.body) as ProjectDataBody).data,
        (JSON.parse(identity.body) as ProjectDataBody).data,
      );
      // Each coding is its own representation with its own tag; any of them is the same data.
      expect(new Set([br.etag, gzip.etag, identity.etag]).size).toBe(3);
      const revalidated = await get(admin, path('2026-10', slot), {
        'accept-encoding': 'identity',
        'if-none-match': `"other", W/${br.etag}`,
      });
      expect(revalidated.status).toBe(304);
      // The current period is compressed when it is computed, too.
      const today = new Date().toISOString().slice(0, 10);
      const current = await get(admin, path(today, 60), { 'accept-encoding': 'br' });
      expect(current.status).toBe(200);
      expect((JSON.parse(await current.text()) as ProjectDataBody).slots).toHaveLength(1440);
    },
  );

  it('keeps a settled answer (slots other than one hour) until the dataId changes, but never with outdated series names', async () => {
    const first = await get(admin, path('2026-09', 7200));
    const firstBody = (await first.json()) as ProjectDataBody;
    expect(firstBody.data).toEqual({});
    // A value written without a new dataId (as only a bug would): the settled answer stands.
    const readings = new ReadingsRepository(sql());
    const late = { seriesId: shown, time: new Date('2026-09-10T12:00:00Z'), value: 7.5 };
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(tx, [late.time]);
      await readings.insertSeriesValues(tx, [late]);
    });
    const again = await get(admin, path('2026-09', 7200));
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    await sql()`update series set name = 'Ulkolämpötila' where id = ${shown}`;
    try {
      const renamed = (await (await get(admin, path('2026-09', 7200))).json()) as ProjectDataBody;
      expect(renamed.series.find((series) => series.id === shown)?.name).toBe('Ulkolämpötila');
      const [row] = await sql()<Array<{ dataId: string }>>`
        update projects set data_id = gen_random_uuid() where id = ${project.id} returning data_id as "dataId"`;
      expect((await get(admin, path('2026-09', 7200))).status).toBe(409);
      project.dataId = row?.dataId as string;
      const fresh = (await (await get(admin, path('2026-09', 7200))).json()) as ProjectDataBody;
      // Two-hour slots from local midnight (21:00 UTC): 12:00 UTC falls in the one from 11:00.
      const slot = String(Date.parse('2026-09-10T11:00:00Z') / 1000);
      expect(fresh.data[slot]?.[shown]).toEqual([7.5, 7.5, 7.5, 1]);
    } finally {
      await sql()`update series set name = 'Lämpötila' where id = ${shown}`;
    }
  });

  it('answers months of one-hour slots from kept series months that follow every change of the rollup, byte for byte as the database groups them', async () => {
    const repository = new DataRepository(sql());
    const dataOf = (body: string) => body.slice(body.indexOf(',"data":') + ',"data":'.length, -1);
    const databaseData = (period: string, seriesIds: number[]) => {
      const slots = periodSlots(parseDataPeriod(period) as DataPeriod, 'Europe/Helsinki', 3600);
      return repository.aggregateJson(seriesIds, [...slots.starts, slots.to], 'rollup');
    };
    const month = async (period: string) => {
      const response = await get(admin, path(period, 3600), { 'accept-encoding': 'gzip' });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const text = await response.text();
      const body = JSON.parse(text) as ProjectDataBody;
      // October in Helsinki starts on 30 September 21:00 UTC, November on 31 October 22:00 UTC:
      // each takes hours from two UTC months.
      expect(dataOf(text)).toBe(
        await databaseData(
          period,
          body.series.map((series) => series.id),
        ),
      );
      return { body, etag: response.headers.get('etag') };
    };
    const october = await month('2026-10');
    await month('2026-11');
    expect((await month('2026-10')).etag).toBe(october.etag);

    // A late value (the ingest's own statement), then its hour rebuilt without it, as a
    // recomputation does: each shows at once, under the same dataId too.
    const late = { seriesId: hidden, time: new Date('2026-10-05T10:30:00Z'), value: 3.25 };
    const hour = String(Date.parse('2026-10-05T10:00:00Z') / 1000);
    const readings = new ReadingsRepository(sql());
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(tx, [late.time]);
      await readings.insertSeriesValues(tx, [late]);
    });
    try {
      const withLate = await month('2026-10');
      expect(withLate.body.data[hour]?.[hidden]).toEqual([3.25, 3.25, 3.25, 1]);
      expect(withLate.etag).not.toBe(october.etag);
      await sql()`delete from series_rollup_hour where series_id = ${hidden} and hour = ${'2026-10-05T10:00:00Z'}`;
      const rebuilt = await month('2026-10');
      expect(rebuilt.body.data[hour]).toBeUndefined();
      expect(rebuilt.body.data).toEqual(october.body.data);
      // The ETag follows the rollup's versions, which only move forward.
      expect(new Set([october.etag, withLate.etag, rebuilt.etag]).size).toBe(3);
    } finally {
      await sql()`delete from series_data where series_id = ${hidden} and time = ${late.time.toISOString()}`;
      await sql()`delete from series_rollup_hour where series_id = ${hidden} and hour = ${'2026-10-05T10:00:00Z'}`;
    }

    // A new series joins the month; deleted, it leaves with its rollup rows and their versions.
    const [added] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit) values (${project.id}, 'Poistuva', 'CO2', 'ppm')
      returning id`;
    const addedId = added?.id as number;
    try {
      await readings.transaction(async (tx) => {
        await readings.insertSeriesValues(tx, [
          { seriesId: addedId, time: new Date('2026-10-06T08:00:00Z'), value: 420 },
        ]);
      });
      const withAdded = await month('2026-10');
      expect(withAdded.body.data[String(Date.parse('2026-10-06T08:00:00Z') / 1000)]).toEqual({
        [addedId]: [420, 420, 420, 1],
      });
    } finally {
      await sql()`delete from series where id = ${addedId}`;
    }
    expect(await sql()`select 1 from series_rollup_versions where series_id = ${addedId}`).toHaveLength(0);
    expect((await month('2026-10')).body.data).toEqual(october.body.data);
  });

  it("raises a series month's rollup version on late and changed values, but not for the ingest's values of the last 47 hours", async () => {
    const version = async () => {
      const [row] = await sql()<Array<{ version: string }>>`
        select coalesce(sum(version), 0)::text as version from series_rollup_versions where series_id = ${hidden}`;
      return Number(row?.version);
    };
    const readings = new ReadingsRepository(sql());
    const write = (time: Date) =>
      readings.transaction(async (tx) => {
        await readings.ensureSeriesMonths(tx, [time]);
        await readings.insertSeriesValues(tx, [{ seriesId: hidden, time, value: 1 }]);
      });
    // Within the two days a period is served as changing, and older than them.
    const recent = new Date(Date.now() - 46 * 3600_000);
    const late = new Date(Date.now() - 49 * 3600_000);
    try {
      const before = await version();
      await write(recent);
      expect(await version()).toBe(before);
      await write(late);
      expect(await version()).toBe(before + 1);
      await sql()`delete from series_rollup_hour where series_id = ${hidden} and hour >= ${recent.toISOString()}::timestamptz - interval '1 hour'`;
      expect(await version()).toBeGreaterThan(before + 1);
    } finally {
      await sql()`delete from series_data where series_id = ${hidden} and time in (${recent.toISOString()}, ${late.toISOString()})`;
      await sql()`delete from series_rollup_hour where series_id = ${hidden} and hour >= ${late.toISOString()}::timestamptz - interval '1 hour'`;
    }
  });

  it('refuses a stale data id with the current one, so that the client fetches again', async () => {
    const response = await get(admin, path('2026-10', 3600, '00000000-0000-4000-8000-000000000000'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'Stale data id', dataId: project.dataId });
  });

  it('refuses malformed requests with a reason, and unknown projects', async () => {
    for (const [bad, message] of [
      [path('2026-13', 3600), 'Invalid period: expected YYYY-MM or YYYY-MM-DD'],
      [path('2026-02-30', 3600), 'Invalid period: expected YYYY-MM or YYYY-MM-DD'],
      [path('2026-10', 700), 'Invalid slot: seconds from 60 to 86400 that divide a day'],
      [`/api/data/${project.id}/2026-10/not-a-uuid/3600`, 'Invalid data id'],
    ] as const) {
      const response = await get(admin, bad);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; issues: Array<{ message: string }> };
      expect(body.issues.map((issue) => issue.message)).toEqual([message]);
    }
    expect((await get(admin, `/api/data/999999/2026-10/${project.dataId}/3600`)).status).toBe(404);
  });

  it('shows a private project to its members only, and a public link the series of its shown spaces', async () => {
    const anonymous = new TestClient(olo.url);
    const { client: stranger } = await signedInClient(olo.url);
    expect((await get(anonymous, path('2026-10', 3600))).status).toBe(401);
    expect((await get(stranger, path('2026-10', 3600))).status).toBe(403);

    await sql()`update projects set public_id = gen_random_uuid() where id = ${project.id}`;
    try {
      for (const visitor of [anonymous, stranger]) {
        const response = await get(visitor, path('2026-10', 3600));
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const body = (await response.json()) as ProjectDataBody;
        expect(body.series.map((series) => series.id)).toEqual([shown]);
        expect(body.spaces.map((space) => space.name)).toEqual(['Piha']);
        const onlyShown = stored.filter((value) => value.seriesId === shown);
        expectSameAggregates(body.data, expected(onlyShown, body.slots, body.to));
      }
      // A member still gets every series at the same address, privately.
      const member = await get(admin, path('2026-10', 3600));
      expect(member.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(((await member.json()) as ProjectDataBody).series).toHaveLength(2);
    } finally {
      await sql()`update projects set public_id = null where id = ${project.id}`;
    }
  });
});
