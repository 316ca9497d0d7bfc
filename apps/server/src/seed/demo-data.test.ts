import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishToIngest, startDemoSimulation } from '../simulator/simulation.ts';
import { untilRecalculated } from '../testing/meter-world.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { demoAlarm, seedDemoAlarms } from './demo-alarms.ts';
import {
  demoDryingProject,
  demoOrganization,
  demoProject,
  demoPublicId,
  demoSubOrganization,
  demoUser,
  demoViewer,
  seedDemoData,
} from './demo-data.ts';
import { continueDemoStructure, demoStructureSeries, seedDemoHistory, ventilationFaultDay } from './demo-history.ts';
import { seedDemoMeters } from './demo-meters.ts';
import { demoWeatherAt, seedDemoWeather } from './demo-weather.ts';

describe.each(testDatabases)('demo data on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('creates demo users, organizations, projects and spaces once, however often it runs', async () => {
    const deps = { db: olo.server.database.db, accounts: olo.server.services.accounts };
    expect(await seedDemoData(deps)).toEqual({ created: true });
    expect(await seedDemoData(deps)).toEqual({ created: false });

    const { sql } = olo.server.database;
    const users = await sql`select username from users where username = ${demoUser.username}`;
    const organizations = await sql`select id, name from organizations where slug = ${demoOrganization.slug}`;
    const projects = await sql`select name, time_zone from projects where code = ${demoProject.code}`;
    expect(users).toHaveLength(1);
    expect(organizations.map((row) => row.name)).toEqual([demoOrganization.name]);
    expect(projects.map((row) => ({ ...row }))).toEqual([{ name: demoProject.name, time_zone: 'Europe/Helsinki' }]);

    const children = await sql`select slug from organizations where parent_id = ${organizations[0]?.id}`;
    expect(children.map((row) => row.slug)).toEqual([demoSubOrganization.slug]);
    const spaces = await sql`
      select p.code, count(s.id)::int as spaces from projects p join spaces s on s.project_id = p.id
      group by p.code order by p.code`;
    expect(spaces.map((row) => ({ ...row }))).toEqual([
      { code: demoProject.code, spaces: 3 },
      { code: demoDryingProject.code, spaces: 2 },
    ]);

    // The viewer sees only the school project, without edit rights; the demo user administers both.
    const viewer = new TestClient(olo.url);
    await viewer.graphql('mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { id } }', {
      u: demoViewer.username,
      p: demoViewer.password,
    });
    const viewed = expectData(
      await viewer.graphql<{ projects: Array<{ code: string; privileges: string[] }> }>(
        'query { projects { code privileges } }',
      ),
    );
    expect(viewed.projects).toEqual([
      { code: demoProject.code, privileges: ['view', 'viewAlarms', 'acknowledgeAlarms'] },
    ]);
    const anonymous = expectData(
      await new TestClient(olo.url).graphql<{ projectByPublicId: { name: string } }>(
        'query P($id: String!) { projectByPublicId(publicId: $id) { name } }',
        { id: demoPublicId },
      ),
    );
    expect(anonymous.projectByPublicId.name).toBe(demoProject.name);

    const client = new TestClient(olo.url);
    const login = await client.graphql<{ login: { isVerified: boolean } }>(
      'mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { isVerified } }',
      { u: demoUser.username, p: demoUser.password },
    );
    expect(expectData(login).login.isVerified).toBe(true);
    const administered = expectData(
      await client.graphql<{ projects: Array<{ code: string; privileges: string[] }> }>(
        'query { projects { code privileges } }',
      ),
    );
    expect(administered.projects.map((project) => [project.code, project.privileges.includes('admin')])).toEqual([
      [demoDryingProject.code, true],
      [demoProject.code, true],
    ]);
  });

  it('puts the demo meters in the demo projects, and the simulation gives every demo series live values', async () => {
    const deps = { db: olo.server.database.db, accounts: olo.server.services.accounts };
    await seedDemoData(deps);
    expect(await seedDemoMeters(deps.db)).toEqual({ created: 5 });
    // A demo seeded before the DL-PR26 gave Pa had an hPa → Pa conversion; seeding again removes it (decision 0094).
    const { sql: seedSql } = olo.server.database;
    await seedSql`
      insert into meter_conversions (meter_id, channel, name, expression)
      select id, 'pressure', 'hPa → Pa', 'x * 100' from meters where driver = 'decentlab-dl-pr26'`;
    expect(await seedDemoMeters(deps.db)).toEqual({ created: 0 });
    const [left] = await seedSql<Array<{ count: number }>>`
      select count(*)::int as count from meter_conversions c join meters m on m.id = c.meter_id
      where m.driver = 'decentlab-dl-pr26'`;
    expect(left?.count).toBe(0);
    expect(await seedDemoAlarms(deps.db)).toEqual({ created: true });
    expect(await seedDemoAlarms(deps.db)).toEqual({ created: false });

    const simulation = startDemoSimulation({ publish: publishToIngest(olo.server.services.ingest), historyHours: 1 });
    await simulation.historySent;
    await simulation.stop();
    const { sql } = olo.server.database;
    const rows = await sql`
      select p.code, count(s.id)::int as series, count(l.series_id)::int as with_values
      from series s join projects p on p.id = s.project_id left join series_latest l on l.series_id = s.id
      group by p.code order by p.code`;
    // Three classrooms with temperature, humidity and CO2; two stairwells with pressure difference and temperature.
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { code: demoProject.code, series: 9, with_values: 9 },
      { code: demoDryingProject.code, series: 4, with_values: 4 },
    ]);
    const [co2] = await sql`
      select l.value from series_latest l join series s on s.id = l.series_id where s.data_type = 'CO2' limit 1`;
    expect(co2?.value).toBeGreaterThanOrEqual(350);
    expect(co2?.value).toBeLessThanOrEqual(2000);
    // The demo alarm watches the school's three CO2 series.
    const [alarm] = await sql<Array<{ series: number }>>`
      select count(distinct s.series_id)::int as series
      from alarms a join alarms_series s on s.alarm_id = a.id join series x on x.id = s.series_id
      where a.name = ${demoAlarm.name} and x.data_type = 'CO2'`;
    expect(alarm).toEqual({ series: 3 });
  });

  it('stores three months of history once: night setback, weekends, a drying slab and one CO2 alarm episode', async () => {
    const deps = { db: olo.server.database.db, sql: olo.server.database.sql };
    const now = Date.now();
    const first = await seedDemoHistory(deps, { now });
    expect(first.created).toBe(true);
    expect(await seedDemoHistory(deps, { now })).toEqual({ created: false, values: 0, episodes: 0 });
    const { sql } = olo.server.database;
    const day = 86_400_000;

    // From the project start, about three months back, to where the simulator's live day begins.
    const [span] = await sql<Array<{ first: Date; start: Date }>>`
      select min(d.time) as first, min(p.start_at) as start
      from series_data d join series s on s.id = d.series_id join projects p on p.id = s.project_id`;
    expect(new Date(span?.first as Date).getTime()).toBeGreaterThanOrEqual(new Date(span?.start as Date).getTime());
    expect(now - new Date(span?.first as Date).getTime()).toBeGreaterThan(89 * day);
    // The hourly rollup is written with the values (the data API reads long ranges from it).
    const [rollup] = await sql<Array<{ hours: number }>>`select count(*)::int as hours from series_rollup_hour`;
    expect(rollup?.hours).toBeGreaterThan(13 * 80 * 24);

    // The school's temperature: heated weekdays at noon, set back at night and on Sundays (local time).
    const hours = await sql<Array<{ hour: number; dow: number; avg: number }>>`
      select extract(hour from d.time at time zone 'Europe/Helsinki')::int as hour,
             extract(dow from d.time at time zone 'Europe/Helsinki')::int as dow, avg(d.value)::float8 as avg
      from series_data d join series s on s.id = d.series_id join spaces sp on sp.id = s.space_id
      where sp.name = 'Luokka 101' and s.data_type = 'Temperature' and d.time < ${new Date(now - day).toISOString()}::timestamptz
      group by 1, 2`;
    const mean = (rows: ReadonlyArray<{ avg: number }>) => rows.reduce((sum, row) => sum + row.avg, 0) / rows.length;
    const weekdayNoon = mean(hours.filter((row) => row.dow >= 1 && row.dow <= 5 && row.hour === 12));
    const weekdayNight = mean(hours.filter((row) => row.dow >= 2 && row.dow <= 5 && row.hour === 3));
    const sundayNoon = mean(hours.filter((row) => row.dow === 0 && row.hour === 12));
    expect(weekdayNoon - weekdayNight).toBeGreaterThan(2);
    expect(weekdayNoon - sundayNoon).toBeGreaterThan(2);

    // The slab dries: its RH falls week by week in both stairwells.
    const slab = await sql<Array<{ space: string; first: number; last: number }>>`
      select sp.name as space,
             (array_agg(d.value order by d.time))[1] as first, (array_agg(d.value order by d.time desc))[1] as last
      from series_data d join series s on s.id = d.series_id join spaces sp on sp.id = s.space_id
      where s.name = ${demoStructureSeries.name} group by sp.name order by sp.name`;
    expect(slab.map((row) => row.space)).toEqual(['Porras A', 'Porras B']);
    for (const row of slab) {
      expect(row.first).toBeGreaterThan(94);
      expect(row.last).toBeLessThan(row.first - 10);
    }

    // One episode of the CO2 alarm, on the day the ventilation failed, ended and acknowledged.
    expect(first.episodes).toBe(1);
    const episodes = await sql<Array<{ time: Date; end_at: Date | null; peak: number; data: number; space: string }>>`
      select t.time, t.end_at, t.peak, t.data, sp.name as space
      from alarms_triggered t join series s on s.id = t.series_id join spaces sp on sp.id = s.space_id`;
    expect(episodes).toHaveLength(1);
    const [episode] = episodes;
    expect(episode?.space).toBe('Luokka 101');
    expect(Math.abs(new Date(episode?.time as Date).getTime() - ventilationFaultDay(now))).toBeLessThan(day / 2);
    expect(episode?.end_at).not.toBeNull();
    expect(episode?.data).toBeGreaterThan(demoAlarm.end);
    expect(episode?.peak).toBeGreaterThan(episode?.data as number);
  });

  it('keeps the slab drying after the seed: a hand reading every 3 hours, pushed live, on the same curve', async () => {
    const { sql } = olo.server.database;
    const deps = { db: olo.server.database.db, sql, events: olo.server.events };
    const newest = async () =>
      sql<Array<{ space: string; time: Date; value: number }>>`
        select sp.name as space, l.time, l.value from series_latest l join series s on s.id = l.series_id
        join spaces sp on sp.id = s.space_id where s.name = ${demoStructureSeries.name} order by sp.name`;
    const before = await newest();
    expect(before).toHaveLength(2);
    const stop = new AbortController();
    const pushed: number[] = [];
    const listening = (async () => {
      for await (const event of olo.server.events.subscribe('series.latest', stop.signal)) {
        pushed.push(...event.values.map((value) => value.value));
      }
    })();

    // Seven hours on: two readings a stairwell, each near the last (the slab dries slowly by now).
    const later = Date.now() + 7 * 3_600_000;
    expect(await continueDemoStructure(deps, later)).toBe(4);
    expect(await continueDemoStructure(deps, later)).toBe(0);
    const after = await newest();
    after.forEach((row, index) => {
      const previous = before[index] as { time: Date; value: number };
      expect(new Date(row.time).getTime()).toBe(new Date(previous.time).getTime() + 6 * 3_600_000);
      expect(Math.abs(row.value - previous.value)).toBeLessThan(1);
      expect(row.value).toBeGreaterThan(75);
      expect(row.value).toBeLessThan(90);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await listening;
    expect(pushed.sort()).toEqual(after.map((row) => row.value).sort());
  });

  it("derives a demo series' history from the meter's stored readings, so a datasource edit's recompute keeps it", async () => {
    const { sql } = olo.server.database;
    const [datasource] = await sql<Array<{ id: number; series_id: number; meter_id: number; start_at: Date }>>`
      select d.id, d.series_id, d.meter_id, d.start_at from series_datasources d join series s on s.id = d.series_id
      join projects p on p.id = s.project_id
      where p.code = ${demoProject.code} and d.channel = 'temperature' order by d.id limit 1`;
    const seriesId = datasource?.series_id ?? 0;
    // A datasource edit recomputes in the background (decision 0086): the history is read once it is done.
    const history = async () => {
      await untilRecalculated(sql);
      return (
        await sql<Array<{ rows: number; first: Date; hours: number; sum: number }>>`
          select count(*)::int as rows, min(d.time) as first, round(sum(d.value)::numeric, 3)::float8 as sum,
            (select count(*)::int from series_rollup_hour r where r.series_id = ${seriesId}) as hours
          from series_data d where d.series_id = ${seriesId}`
      ).map((row) => ({ ...row }));
    };
    const [before] = await history();
    expect(before?.rows).toBeGreaterThan(80 * 96);
    // The meter's readings reach as far back as the series: every history value has its raw reading.
    const [readings] = await sql<Array<{ first: Date }>>`
      select min(time) as first from meter_readings where meter_id = ${datasource?.meter_id ?? 0}`;
    expect(readings?.first).toEqual(before?.first);

    const demo = await olo.server.services.accounts.findUserByUsername(demoUser.username);
    const access = olo.server.services.access.forViewer(demo ?? null);
    const startAt = new Date(datasource?.start_at as Date);
    const startFrom = (days: number) =>
      olo.server.services.series.updateDatasource(access, {
        id: datasource?.id as number,
        startAt: new Date(startAt.getTime() + days * 86_400_000),
      });
    // Starting a day earlier recomputes the whole series from its readings: the same history.
    await startFrom(-1);
    expect(await history()).toEqual([before]);
    // Starting a month later drops that month like any readings' values, and starting early again brings it back.
    await startFrom(30);
    const [shortened] = await history();
    expect(new Date(shortened?.first as Date).getTime()).toBeGreaterThan(startAt.getTime() + 30 * 86_400_000);
    await startFrom(-1);
    expect(await history()).toEqual([before]);
  });

  it("gives the demo projects Kaisaniemi's weather: three months of outdoor history in weather series their spaces show", async () => {
    const { sql } = olo.server.database;
    const now = Date.now();
    expect(await seedDemoWeather({ sql }, { now })).toEqual({ created: true });
    expect(await seedDemoWeather({ sql }, { now })).toEqual({ created: false });
    const [school] = await sql<Array<{ id: number; latitude: number }>>`
      select id, latitude from projects where code = ${demoProject.code}`;
    expect(school?.latitude).toBeCloseTo(60.17, 1);
    const [outdoor] = await sql<Array<{ id: number; name: string; first: string; count: number }>>`
      select s.id, s.name, min(d.time) as first, count(d.*)::int as count
      from series s join series_data d on d.series_id = s.id
      where s.project_id = ${school?.id as number} and s.weather_channel = 'temperature' group by s.id, s.name`;
    expect(outdoor?.name).toBe('Sää - Ulkolämpötila');
    // Three months of half-hourly values, reaching back to the project's start.
    expect(outdoor?.count).toBeGreaterThan(80 * 48);
    const spaces = await sql<Array<{ weather: boolean; weatherDatatype: string }>>`
      select weather, weather_datatype as "weatherDatatype" from spaces where project_id = ${school?.id as number}`;
    expect(spaces.every((space) => space.weather && space.weatherDatatype === 'ExternalTemperature')).toBe(true);
    // November in Helsinki: the generated weather stays in the season's range.
    const values = demoWeatherAt(Date.UTC(2026, 10, 15, 12)).filter((value) => value.channel === 'temperature');
    expect(values[0]?.value).toBeGreaterThan(-15);
    expect(values[0]?.value).toBeLessThan(12);
    // Values read as an observation gives them (-2.9), with no binary rounding noise (-2.9000000000000004).
    for (let hour = 0; hour < 48; hour++) {
      for (const value of demoWeatherAt(Date.UTC(2026, 10, 1, hour))) {
        expect(value.value).toBe(Number(value.value.toFixed(2)));
      }
    }
  });
});
