import { alarmErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, subscribeOver } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { AlarmEngineRepository } from './alarm-engine.repository.ts';
import { evaluateAlarmsOnValues } from './alarm-engine.ts';

const hour = 3_600_000;

const createAlarm = `mutation M($input: CreateAlarmInput!) {
  createAlarm(input: $input) { id name inside range { start { value inclusive } end { value inclusive } }
    duration { days hours } alarmsSeries { seriesId series { name } } }
}`;

describe.each(testDatabases)('alarms through the API, on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let projectId: number;
  let otherProjectId: number;
  let co2: number;
  let temperature: number;
  const sql = () => olo.server.database.sql;
  const repository = () => new AlarmEngineRepository(sql());

  const newSeries = async (project: number, name: string, dataType: string, unit: string) => {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit) values (${project}, ${name}, ${dataType}, ${unit})
      returning id`;
    return row?.id as number;
  };
  const count = async () =>
    expectData(
      await admin.graphql<{ project: { alarmsTriggeredCount: number } }>(
        'query Q($id: Int!) { project(id: $id) { alarmsTriggeredCount } }',
        { id: projectId },
      ),
    ).project.alarmsTriggeredCount;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    const organization = await createOrganization(admin);
    projectId = (await createProject(admin, organization.id)).id;
    otherProjectId = (await createProject(admin, organization.id)).id;
    co2 = await newSeries(projectId, 'Luokka 101 CO2', 'CO2', 'ppm');
    temperature = await newSeries(projectId, 'Luokka 101 lämpötila', 'Temperature', '°C');
  });
  afterAll(() => olo?.close());

  it('creates an alarm with its range, duration and series; a reversed range or a foreign series changes nothing', async () => {
    const created = expectData(
      await admin.graphql<{ createAlarm: Record<string, unknown> }>(createAlarm, {
        input: {
          projectId,
          rule: {
            name: 'CO2 koholla',
            start: null,
            end: { value: 1200, inclusive: false },
            duration: { years: 0, months: 0, days: 0, hours: 1, minutes: 0, seconds: 0 },
          },
          seriesIds: [co2],
        },
      }),
    ).createAlarm;
    expect(created).toMatchObject({
      name: 'CO2 koholla',
      inside: false,
      range: { start: null, end: { value: 1200, inclusive: false } },
      duration: { days: 0, hours: 1 },
      alarmsSeries: [{ seriesId: co2, series: { name: 'Luokka 101 CO2' } }],
    });

    const reversed = await admin.graphql(createAlarm, {
      input: {
        projectId,
        rule: { name: 'Lämpö', start: { value: 25, inclusive: true }, end: { value: 18, inclusive: true } },
        seriesIds: [temperature],
      },
    });
    expect(reversed.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'rule.end', message: alarmErrors.rangeReversed },
    ]);
    const foreign = await admin.graphql(createAlarm, {
      input: {
        projectId,
        rule: { name: 'Vieras', end: { value: 1000, inclusive: true } },
        seriesIds: [await newSeries(otherProjectId, 'Muu', 'CO2', 'ppm')],
      },
    });
    expect(foreign.errors?.[0]?.extensions?.issues).toEqual([{ path: 'seriesIds', message: 'Unknown series' }]);
    const [{ alarms } = { alarms: -1 }] = await sql()<Array<{ alarms: number }>>`
      select count(*)::int as alarms from alarms where project_id = ${projectId}`;
    expect(alarms).toBe(1);
  });

  it('lists triggered alarms unacknowledged first, then newest; acknowledging is one way and lowers the count live', async () => {
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'Listattava', 1000) returning id`;
    const alarmId = alarm?.id as string;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();
    const rows = await sql()<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data, acknowledged)
      values (${alarmId}, ${co2}, ${projectId}, ${at(1)}, 1300, true),
             (${alarmId}, ${co2}, ${projectId}, ${at(5)}, 1250, false),
             (${alarmId}, ${co2}, ${projectId}, ${at(2)}, 1400, false)
      returning id`;
    const [newestAcknowledged, older, newer] = rows.map((row) => row.id);
    const list = expectData(
      await admin.graphql<{ alarmsTriggered: Array<{ id: string }> }>(
        'query Q($id: Int!, $alarmId: ID) { alarmsTriggered(projectId: $id, alarmId: $alarmId) { id data acknowledged } }',
        { id: projectId, alarmId },
      ),
    ).alarmsTriggered;
    expect(list.map((row) => row.id)).toEqual([newer, older, newestAcknowledged]);

    expect(await count()).toBe(2);
    const updates = await subscribeOver(
      admin,
      'subscription S($id: Int!) { projectUpdated(id: $id) { alarmsTriggeredCount } }',
      { id: projectId },
    );
    const acknowledge = 'mutation M($id: ID!) { acknowledgeAlarmsTriggered(id: $id) { id acknowledged } }';
    expect(expectData(await admin.graphql(acknowledge, { id: newer })).acknowledgeAlarmsTriggered).toEqual({
      id: newer,
      acknowledged: true,
    });
    expect(await updates.next).toEqual({ data: { projectUpdated: { alarmsTriggeredCount: 1 } } });
    updates.close();
    // Again: still acknowledged, the count unchanged.
    expect(expectData(await admin.graphql(acknowledge, { id: newer })).acknowledgeAlarmsTriggered).toMatchObject({
      acknowledged: true,
    });
    expect(await count()).toBe(1);
    const withUnacknowledged = async () =>
      expectData(
        await admin.graphql<{ alarms: Array<{ name: string; alarmsTriggered: Array<{ id: string }> }> }>(
          'query Q($id: Int!) { alarms(projectId: $id, acknowledged: false) { name alarmsTriggered(acknowledged: false) { id } } }',
          { id: projectId },
        ),
      ).alarms;
    expect(await withUnacknowledged()).toEqual([{ name: 'Listattava', alarmsTriggered: [{ id: older }] }]);
    const all = await admin.graphql<{ acknowledgeAllAlarmsTriggered: number }>(
      'mutation M($id: Int!) { acknowledgeAllAlarmsTriggered(projectId: $id) }',
      { id: projectId },
    );
    expect(expectData(all).acknowledgeAllAlarmsTriggered).toBe(1);
    expect(await count()).toBe(0);
    expect(await withUnacknowledged()).toEqual([]);
    const malformed = await admin.graphql(acknowledge, { id: 'not-an-id' });
    expect(malformed.errors?.[0]?.extensions?.issues).toEqual([{ path: '', message: 'Invalid id' }]);
  });

  it("previews when a rule would have fired over the last 30 days of a series' values, saving nothing", async () => {
    const series = await newSeries(projectId, 'Esikatselu', 'CO2', 'ppm');
    const base = Math.floor(Date.now() / hour) * hour - 10 * 24 * hour;
    // Over 1,000 for three hours from hour 2, then for one hour at hour 10; 40 days ago is out of the window.
    const values: Array<[number, number]> = [
      [-30 * 24, 2000],
      [0, 600],
      [1, 700],
      [2, 1100],
      [3, 1300],
      [4, 1200],
      [5, 1150],
      [6, 800],
      [10, 1500],
      [11, 900],
    ];
    const times = values.map(([hours]) => new Date(base + hours * hour).toISOString());
    await sql()`select olo_series_data_months(${`{${times.join(',')}}`}::timestamptz[])`;
    for (const [hours, value] of values) {
      await sql()`insert into series_data (series_id, time, value) values (${series}, ${new Date(base + hours * hour).toISOString()}, ${value})`;
    }
    const preview = await admin.graphql<{
      alarmPreview: Array<{ time: string; data: number; endAt: string; peak: number }>;
    }>('query Q($input: AlarmPreviewInput!) { alarmPreview(input: $input) { seriesId time data endAt peak } }', {
      input: {
        projectId,
        rule: {
          name: 'Esikatselu',
          end: { value: 1000, inclusive: true },
          duration: { years: 0, months: 0, days: 0, hours: 2, minutes: 0, seconds: 0 },
        },
        seriesIds: [series],
      },
    });
    // The first run lasts long enough (2 h from hour 2: at hour 4); the one-hour run does not.
    expect(expectData(preview).alarmPreview).toEqual([
      {
        seriesId: series,
        time: new Date(base + 4 * hour).toISOString(),
        data: 1200,
        endAt: new Date(base + 6 * hour).toISOString(),
        peak: 1200,
      },
    ]);
    // As a missing-data rule (no reading for 3 h): the silence before the first value in the window,
    // the 4 h gap from hour 6 to hour 10, and the silence since hour 11, still going on.
    const silences = expectData(
      await admin.graphql<{ alarmPreview: Array<{ time: string; data: number | null; endAt: string | null }> }>(
        'query Q($input: AlarmPreviewInput!) { alarmPreview(input: $input) { time data endAt } }',
        {
          input: {
            projectId,
            rule: {
              name: 'Hiljaisuus',
              missingAfter: { years: 0, months: 0, days: 0, hours: 3, minutes: 0, seconds: 0 },
            },
            seriesIds: [series],
          },
        },
      ),
    ).alarmPreview;
    const iso = (hours: number) => new Date(base + hours * hour).toISOString();
    expect(silences.slice(0, 2)).toEqual([
      { time: iso(14), data: null, endAt: null },
      { time: iso(9), data: null, endAt: iso(10) },
    ]);
    expect(silences[2]).toMatchObject({ data: null, endAt: iso(0) });
    expect(silences).toHaveLength(3);
    const [{ episodes } = { episodes: -1 }] = await sql()<Array<{ episodes: number }>>`
      select count(*)::int as episodes from alarms_triggered where series_id = ${series}`;
    expect(episodes).toBe(0);
  });

  it('opens a missing-data episode once a series has been silent for the set time, and a reading ends it', async () => {
    const series = await newSeries(projectId, 'Hiljainen', 'Temperature', '°C');
    const silentSince = Date.now() - 3 * hour;
    await sql()`insert into series_latest (series_id, time, value) values (${series}, ${new Date(silentSince).toISOString()}, 21)`;
    const created = expectData(
      await admin.graphql<{ createAlarm: { id: string } }>(createAlarm, {
        input: {
          projectId,
          rule: {
            name: 'Ei dataa',
            missingAfter: { years: 0, months: 0, days: 0, hours: 2, minutes: 0, seconds: 0 },
          },
          seriesIds: [series],
        },
      }),
    ).createAlarm;
    const before = await count();
    const opened = await olo.server.services.alarmEpisodes.checkMissingData();
    expect(opened.map((outcome) => [outcome.seriesId, outcome.event.kind, outcome.missingData])).toEqual([
      [series, 'triggered', true],
    ]);
    // Checked again: it is open already.
    expect(await olo.server.services.alarmEpisodes.checkMissingData()).toEqual([]);
    const episodes = () =>
      sql()<Array<{ time: number; data: number | null; ended: boolean }>>`
        select (extract(epoch from time) * 1000)::float8 as time, data, end_at is not null as ended
        from alarms_triggered where alarm_id = ${created.id}`;
    expect(await episodes()).toEqual([{ time: silentSince + 2 * hour, data: null, ended: false }]);
    expect(await count()).toBe(before + 1);

    const ended = await sql().begin((tx) =>
      evaluateAlarmsOnValues(repository(), tx, [{ seriesId: series, time: new Date(), value: 20.5 }]),
    );
    expect(ended.map((outcome) => [outcome.event.kind, outcome.missingData])).toEqual([['ended', true]]);
    expect((await episodes())[0]?.ended).toBe(true);
  });

  it("takes an active-limit alarm's range from each series' limit normal band, and ignores series with no limit", async () => {
    const [organization] = await sql()<
      Array<{ id: string }>
    >`select organization_id as id from projects where id = ${projectId}`;
    const [limit] = await sql()<Array<{ id: number }>>`
      insert into limits (name, data_type, organization_id, min, max, maxcolor, opacity, normal_min, normal_max)
      values ('CO2', 'CO2', ${organization?.id as string}, 0, 5000, '#c92a2a', 0.3, 400, 1000) returning id`;
    const banded = await newSeries(projectId, 'Rajattu', 'CO2', 'ppm');
    // No limit of this type, neither the organization's nor a global one.
    const unbanded = await newSeries(projectId, 'Rajaton', 'VOC', 'ppb');
    await sql()`update series set limit_id = ${limit?.id as number} where id = ${banded}`;
    expectData(
      await admin.graphql(createAlarm, {
        input: { projectId, rule: { name: 'Normaalialue', activeLimit: true }, seriesIds: [banded, unbanded] },
      }),
    );
    const time = new Date();
    const outcomes = await sql().begin((tx) =>
      evaluateAlarmsOnValues(repository(), tx, [
        { seriesId: banded, time, value: 1000 },
        { seriesId: unbanded, time, value: 5000 },
        { seriesId: banded, time: new Date(time.getTime() + 60_000), value: 1001 },
      ]),
    );
    // 1,000 is inside the band (bounds included); 1,001 is outside it.
    expect(outcomes.map((outcome) => [outcome.seriesId, outcome.event.kind, outcome.event.value])).toEqual([
      [banded, 'triggered', 1001],
    ]);
  });

  it('gives a webhook action its own secret, kept when the action changes; a user action needs a real user', async () => {
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'Toiminnot', 1000) returning id`;
    const create = `mutation M($input: CreateAlarmsActionInput!) {
      createAlarmsAction(input: $input) { id type webhook secret email deliveryStatus }
    }`;
    const webhook = expectData(
      await admin.graphql<{ createAlarmsAction: { id: string; secret: string } }>(create, {
        input: { alarmId: alarm?.id, type: 'webhook', webhook: 'https://hooks.example.com/olo' },
      }),
    ).createAlarmsAction;
    expect(webhook.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const updated = expectData(
      await admin.graphql<{ updateAlarmsAction: { secret: string; webhook: string } }>(
        `mutation M($input: UpdateAlarmsActionInput!) { updateAlarmsAction(input: $input) { secret webhook } }`,
        { input: { id: webhook.id, type: 'webhook', webhook: 'https://hooks.example.com/olo2' } },
      ),
    ).updateAlarmsAction;
    expect(updated).toEqual({ secret: webhook.secret, webhook: 'https://hooks.example.com/olo2' });

    const noUser = await admin.graphql(create, {
      input: { alarmId: alarm?.id, type: 'user', userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(noUser.errors?.[0]?.extensions?.issues).toEqual([{ path: 'userId', message: alarmErrors.userRequired }]);
    const noEmail = await admin.graphql(create, { input: { alarmId: alarm?.id, type: 'email' } });
    expect(noEmail.errors?.[0]?.extensions?.issues).toEqual([{ path: 'email', message: 'Required' }]);
  });

  it("lets a user action notify only a member who may see the project's alarms, and offers only those", async () => {
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'Kenelle', 1000) returning id`;
    const member = async (flags: { canViewAlarms?: boolean; isAdmin?: boolean } | null) => {
      const { account } = await signedInClient(olo.url);
      if (flags) {
        await sql()`insert into project_memberships (project_id, user_id, can_view_alarms, is_admin)
          values (${projectId}, ${account.id}, ${flags.canViewAlarms ?? false}, ${flags.isAdmin ?? false})`;
      }
      return account.id;
    };
    const watcher = await member({ canViewAlarms: true });
    const projectAdmin = await member({ isAdmin: true });
    const plainMember = await member({});
    const outsider = await member(null);
    // A member of another tenant's project.
    const { client: otherTenant, account: otherAccount } = await signedInClient(olo.url);
    const otherProject = await createProject(otherTenant, (await createOrganization(otherTenant)).id);
    await sql()`insert into project_memberships (project_id, user_id, can_view_alarms)
      values (${otherProject.id}, ${otherAccount.id}, true)`;

    const actionCount = async () =>
      Number(
        (await sql()`select count(*)::int as n from alarms_actions where alarm_id = ${alarm?.id as string}`)[0]?.n,
      );
    const create = (userId: string) =>
      admin.graphql<{ createAlarmsAction: { id: string; user: { id: string } } }>(
        `mutation M($input: CreateAlarmsActionInput!) { createAlarmsAction(input: $input) { id user { id } } }`,
        { input: { alarmId: alarm?.id, type: 'user', userId } },
      );
    for (const userId of [plainMember, outsider, otherAccount.id]) {
      const refused = await create(userId);
      expect(refused.errors?.[0]?.extensions?.issues).toEqual([
        { path: 'userId', message: alarmErrors.userMayNotViewAlarms },
      ]);
    }
    expect(await actionCount()).toBe(0);
    const action = expectData(await create(watcher)).createAlarmsAction;
    expect(action.user.id).toBe(watcher);
    expect(expectData(await create(projectAdmin)).createAlarmsAction.user.id).toBe(projectAdmin);

    const update = (input: Record<string, unknown>) =>
      admin.graphql(
        `mutation M($input: UpdateAlarmsActionInput!) { updateAlarmsAction(input: $input) { id userId } }`,
        { input: { id: action.id, type: 'user', ...input } },
      );
    const refused = await update({ userId: outsider });
    expect(refused.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'userId', message: alarmErrors.userMayNotViewAlarms },
    ]);
    const [stored] = await sql()`select user_id from alarms_actions where id = ${action.id}`;
    expect(stored?.user_id).toBe(watcher);

    const recipients = async () =>
      expectData(
        await admin.graphql<{ project: { alarmRecipients: Array<{ id: string }> } }>(
          'query Q($id: Int!) { project(id: $id) { alarmRecipients { id } } }',
          { id: projectId },
        ),
      )
        .project.alarmRecipients.map((user) => user.id)
        .sort();
    expect(await recipients()).toEqual([watcher, projectAdmin].sort());

    // The watcher loses the right: no longer offered, and the action cannot be saved naming them.
    await sql()`update project_memberships set can_view_alarms = false where user_id = ${watcher}`;
    expect(await recipients()).toEqual([projectAdmin]);
    const stale = await update({ name: 'Uusi nimi', userId: watcher });
    expect(stale.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'userId', message: alarmErrors.userMayNotViewAlarms },
    ]);
    expect((await update({ name: 'Uusi nimi', userId: projectAdmin })).errors).toBeUndefined();

    // Only those who edit the alarms see whom they may notify.
    const denied = await otherTenant.graphql('query Q($id: Int!) { project(id: $id) { alarmRecipients { id } } }', {
      id: projectId,
    });
    expect(denied.errors?.[0]?.message).toBe('Permission denied');
  });
});
