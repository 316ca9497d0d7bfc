import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '../testing/test-databases.ts';

/** A copy of the migrations folder that stops after migration `lastIndex`: the database of an older Olo. */
function migrationsUpTo(lastIndex: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-migrations-'));
  fs.cpSync(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// An upgrade runs on the operator's stored data: on the PostgreSQL an installation would use.
describeOnPostgres('upgrading a postgres database', () => {
  const kind = 'postgres';
  let database: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    sql = postgres(database.databaseUrl as string, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('moves stored series values into monthly partitions (migration 0007), losing none', async () => {
    const older = migrationsUpTo(6);
    await migrate(drizzle(sql), { migrationsFolder: older });
    fs.rmSync(older, { recursive: true, force: true });
    const [organization] = await sql<Array<{ id: string }>>`
      insert into organizations (name, slug) values ('Upgrade test', 'upgrade-test') returning id`;
    const [project] = await sql<Array<{ id: number }>>`
      insert into projects (organization_id, name) values (${organization?.id as string}, 'Kuivuminen') returning id`;
    const [series] = await sql<Array<{ id: number }>>`
      insert into series (project_id, name, data_type) values (${project?.id as number}, 'RH', 'Humidity') returning id`;
    const seriesId = series?.id as number;
    const stored = [
      ['1999-12-31T23:59:59.999Z', 41.5],
      ['2026-10-31T23:59:59Z', 80.25],
      ['2026-11-01T00:00:00Z', 80.5],
    ] as const;
    for (const [time, value] of stored) {
      await sql`insert into series_data (series_id, time, value) values (${seriesId}, ${time}, ${value})`;
    }

    await migrate(drizzle(sql), { migrationsFolder: migrationsDir });

    const rows = await sql<Array<{ partition: string; time: Date | string; value: number }>>`
      select tableoid::regclass::text as partition, time, value from series_data
      where series_id = ${seriesId} order by time`;
    expect(rows.map((row) => [row.partition, new Date(row.time).toISOString(), row.value])).toEqual([
      ['series_data_1999_12', '1999-12-31T23:59:59.999Z', 41.5],
      ['series_data_2026_10', '2026-10-31T23:59:59.000Z', 80.25],
      ['series_data_2026_11', '2026-11-01T00:00:00.000Z', 80.5],
    ]);
    // The series' values still go with it, now through the trigger rather than a foreign key.
    await sql`delete from projects where id = ${project?.id as number}`;
    expect((await sql`select count(*)::int as n from series_data where series_id = ${seriesId}`)[0]?.n).toBe(0);
  });
});

describeOnPostgres('upgrading to migration 0016 on postgres', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    sql = postgres(database.databaseUrl as string, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it("gives a limit's empty scale columns the values the API showed for them, and requires them from then on", async () => {
    const older = migrationsUpTo(15);
    await migrate(drizzle(sql), { migrationsFolder: older });
    fs.rmSync(older, { recursive: true, force: true });
    const [limit] = await sql<Array<{ id: number }>>`
      insert into limits (name, data_type) values ('Vanha', 'CO2') returning id`;

    await migrate(drizzle(sql), { migrationsFolder: migrationsDir });

    const [row] = await sql`select min, max, maxcolor, opacity from limits where id = ${limit?.id as number}`;
    expect(row).toEqual({ min: 0, max: 0, maxcolor: '#000000', opacity: 0 });
    await expect(sql`insert into limits (name, data_type) values ('Uusi', 'CO2')`).rejects.toThrow(/null value/);
  });
});

describeOnPostgres('upgrading to migration 0021 on postgres', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    sql = postgres(database.databaseUrl as string, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it("binds every application an organization's meters were routed to, so their network servers keep them", async () => {
    const older = migrationsUpTo(20);
    await migrate(drizzle(sql), { migrationsFolder: older });
    fs.rmSync(older, { recursive: true, force: true });
    const organizations = await sql<Array<{ id: string }>>`
      insert into organizations (name, slug) values ('Rakentaja', 'rakentaja'), ('Kiinteistö', 'kiinteisto') returning id`;
    const [first, second] = organizations.map((organization) => organization.id) as [string, string];
    const meter = (serial: string, organizationId: string | null, provider: string, route: Record<string, string>) =>
      sql`insert into meters (serial, organization_id, provider, provider_info)
          values (${serial}, ${organizationId}, ${provider}, ${JSON.stringify(route)}::jsonb)`;
    await meter('a1', first, 'chirpstack', { applicationId: 'app-1' });
    await meter('a2', first, 'chirpstack', { applicationId: 'app-1' });
    await meter('a3', second, 'chirpstack', { applicationId: 'app-1' });
    await meter('a4', first, 'tts', { applicationId: 'site', topicApplication: 'site@ttn', deviceId: 'a4' });
    await meter('a5', second, 'tts', { applicationId: 'hook', deviceId: 'a5' });
    // A free meter makes nobody an owner, nor does a meter without a route.
    await meter('a6', null, 'chirpstack', { applicationId: 'app-free' });
    await meter('a7', second, 'http', {});

    await migrate(drizzle(sql), { migrationsFolder: migrationsDir });

    const key = (row: Record<string, unknown>) => `${row.provider} ${row.application} ${row.organization_id}`;
    const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
      [...rows].sort((x, y) => (key(x) < key(y) ? -1 : 1));
    const bindings = await sql`select provider, application, organization_id, integration_id from application_bindings`;
    const expected = [
      { provider: 'chirpstack', application: 'app-1', organization_id: first, integration_id: null },
      { provider: 'chirpstack', application: 'app-1', organization_id: second, integration_id: null },
      { provider: 'tts', application: 'hook', organization_id: second, integration_id: null },
      { provider: 'tts', application: 'site@ttn', organization_id: first, integration_id: null },
    ];
    expect(sorted([...bindings])).toEqual(sorted(expected));
    // Routes learned before stay the site's allocation.
    expect(await sql`select distinct route_from_organization from meters`).toEqual([
      { route_from_organization: false },
    ]);
  });
});

describeOnPostgres('upgrading to migration 0022 on postgres', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    sql = postgres(database.databaseUrl as string, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('moves the shipped drying limits, and the series that chose one, to structure humidity (decision 0154)', async () => {
    const older = migrationsUpTo(21);
    await migrate(drizzle(sql), { migrationsFolder: older });
    fs.rmSync(older, { recursive: true, force: true });
    const limitOf = async (normalMax: number, normalMin: number | null) =>
      (
        await sql<Array<{ id: number }>>`
          select id from limits where organization_id is null and data_type = 'Humidity' and normal_max = ${normalMax}
          and normal_min is not distinct from ${normalMin}`
      )[0]?.id as number;
    const drying = await limitOf(85, null);
    const indoor = await limitOf(60, 20);
    const [organization] = await sql<Array<{ id: string }>>`
      insert into organizations (name, slug) values ('Kuivatus', 'kuivatus-upgrade') returning id`;
    const [project] = await sql<Array<{ id: number }>>`
      insert into projects (organization_id, name) values (${organization?.id as string}, 'Laatta') returning id`;
    const seriesOf = async (name: string, limitId: number | null) =>
      (
        await sql<Array<{ id: number }>>`
          insert into series (project_id, name, data_type, limit_id)
          values (${project?.id as number}, ${name}, 'Humidity', ${limitId}) returning id`
      )[0]?.id as number;
    const slab = await seriesOf('Laatan RH', drying);
    const room = await seriesOf('Huoneen RH', indoor);
    const plain = await seriesOf('Kosteus', null);

    await migrate(drizzle(sql), { migrationsFolder: migrationsDir });

    const types = await sql<Array<{ id: number; data_type: string }>>`
      select id, data_type from series where id in (${slab}, ${room}, ${plain}) order by id`;
    expect(types.map((row) => row.data_type)).toEqual(['Structure humidity', 'Humidity', 'Humidity']);
    const limits = await sql<Array<{ normal_max: number; data_type: string }>>`
      select normal_max, data_type from limits where organization_id is null and normal_min is null
      and normal_max in (80, 85) order by normal_max`;
    expect(limits.map((row) => [row.normal_max, row.data_type])).toEqual([
      [80, 'Structure humidity'],
      [85, 'Structure humidity'],
    ]);
    const [followed] = await sql<Array<{ id: number }>>`
      select olo_effective_limit_id(null, ${organization?.id as string}::uuid, 'Structure humidity') as id`;
    expect(followed?.id).toBe(drying);
  });
});
