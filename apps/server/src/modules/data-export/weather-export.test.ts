import { exportUrl } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';

const minute = 60_000;
/** The one outdoor observation: 1 Nov 2026 12:00 UTC. */
const observedAt = Date.UTC(2026, 10, 1, 12);

describe.each(testDatabases)('an export matches weather to readings (spec section 9) on %s', (kind) => {
  let olo: TestServer;
  let client: TestClient;
  let projectId: number;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    client = (await signedInClient(olo.url)).client;
    const organization = await createOrganization(client);
    projectId = (await createProject(client, organization.id, { language: 'en' })).id;
    const sql = olo.server.database.sql;
    const [weather] = await sql<Array<{ id: number }>>`
      insert into weathers (provider, station_key, name, latitude, longitude)
      values ('fmi', '100971', 'Helsinki Kaisaniemi', 60.175, 24.945) returning id`;
    await sql`insert into project_weathers (project_id, weather_id) values (${projectId}, ${weather?.id as number})`;
    const [indoor] = await sql<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit) values (${projectId}, 'Temperature', 'Temperature', '°C')
      returning id`;
    const [outdoor] = await sql<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit, type, weather_id, weather_channel)
      values (${projectId}, 'Weather - Outdoor temperature', 'ExternalTemperature', '°C', 'weather', ${weather?.id as number},
        'temperature') returning id`;
    const readings = new ReadingsRepository(sql);
    const indoorValues: SeriesValue[] = [];
    for (let time = observedAt - 3 * 60 * minute; time < observedAt + 3 * 60 * minute; time += 10 * minute) {
      indoorValues.push({ seriesId: indoor?.id as number, time: new Date(time), value: 21 });
    }
    await readings.transaction(async (tx) => {
      const values = [...indoorValues, { seriesId: outdoor?.id as number, time: new Date(observedAt), value: -4.2 }];
      await readings.ensureSeriesMonths(
        tx,
        values.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, values);
    });
  });
  afterAll(() => olo?.close());

  /** The outdoor column of a CSV export of 09:00–15:00 UTC at 10-minute slots, by slot start (epoch ms). */
  async function outdoorColumn(): Promise<Map<number, string>> {
    const from = observedAt - 3 * 60 * minute;
    const response = await client.fetch(
      exportUrl({
        projectId,
        format: 'csv',
        from,
        to: observedAt + 3 * 60 * minute - 1,
        slot: 600,
        mode: 'avg',
        nulls: true,
        filters: [],
        lang: 'en',
      }),
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = (lines[0] as string).split(',');
    const column = header.findIndex((heading) => heading.includes('Outdoor temperature'));
    expect(column).toBeGreaterThan(0);
    const rows = lines.slice(1, lines.indexOf(''));
    return new Map(rows.map((row, index) => [from + index * 10 * minute, row.split(',')[column] ?? '']));
  }

  it('gives each slot within 2 hours of the observation its value, none at 2 h 10 min', async () => {
    const column = await outdoorColumn();
    expect(column.size).toBe(36);
    expect(column.get(observedAt)).toBe('-4.2');
    expect(column.get(observedAt + 110 * minute)).toBe('-4.2');
    expect(column.get(observedAt - 120 * minute)).toBe('-4.2');
    expect(column.get(observedAt + 130 * minute)).toBe('');
    expect(column.get(observedAt - 130 * minute)).toBe('');
  });

  it('matches nothing past the project end', async () => {
    await olo.server.database.sql`
      update projects set end_at = ${new Date(observedAt + 30 * minute).toISOString()}::timestamptz where id = ${projectId}`;
    const column = await outdoorColumn();
    expect(column.get(observedAt + 30 * minute)).toBe('-4.2');
    expect(column.get(observedAt + 40 * minute)).toBe('');
    expect(column.get(observedAt - 60 * minute)).toBe('-4.2');
  });
});
