import { alarmBounds, alarmErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const createAlarm = `mutation M($input: CreateAlarmInput!) {
  createAlarm(input: $input) { id name alarmsActions { type email sms userId active triggerAtEnd } }
}`;

const triggeredFields = 'id acknowledged acknowledgedAt acknowledgementComment acknowledgedBy { id username name }';

describe.each(testDatabases)('a new alarm with its recipients, and who acknowledged it, on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let adminAccount: { id: string; username: string };
  let projectId: number;
  let co2: number;
  const sql = () => olo.server.database.sql;
  const alarmCount = async () => {
    const [row] = await sql()<Array<{ alarms: number }>>`
      select count(*)::int as alarms from alarms where project_id = ${projectId}`;
    return row?.alarms;
  };

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin, account: adminAccount } = await signedInClient(olo.url));
    const organization = await createOrganization(admin);
    projectId = (await createProject(admin, organization.id)).id;
    const [row] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type, data_unit) values (${projectId}, 'Luokka 1 CO2', 'CO2', 'ppm')
      returning id`;
    co2 = row?.id as number;
  });
  afterAll(() => olo?.close());

  it('saves a new alarm with whom it notifies, or, when a recipient is refused, saves nothing', async () => {
    const rule = { name: 'CO2 yli 1000', end: { value: 1000, inclusive: true } };
    const { account: member } = await signedInClient(olo.url);
    await sql()`insert into project_memberships (project_id, user_id, can_view_alarms)
      values (${projectId}, ${member.id}, true)`;
    const created = expectData(
      await admin.graphql<{ createAlarm: { alarmsActions: unknown[] } }>(createAlarm, {
        input: {
          projectId,
          rule,
          seriesIds: [co2],
          actions: [
            { type: 'email', email: 'huolto@example.com', sms: '+358 40 1', triggerAtEnd: true },
            { type: 'user', userId: member.id, name: null },
          ],
        },
      }),
    ).createAlarm;
    expect(created.alarmsActions).toEqual(
      expect.arrayContaining([
        { type: 'email', email: 'huolto@example.com', sms: null, userId: null, active: true, triggerAtEnd: true },
        { type: 'user', email: null, sms: null, userId: member.id, active: true, triggerAtEnd: false },
      ]),
    );
    expect(await alarmCount()).toBe(1);

    // A stranger to the project may not be notified, and an address must be one: the alarm is not saved either.
    const { account: stranger } = await signedInClient(olo.url);
    const refused = await admin.graphql(createAlarm, {
      input: {
        projectId,
        rule,
        seriesIds: [co2],
        actions: [
          { type: 'email', email: 'huolto@example.com' },
          { type: 'user', userId: stranger.id },
        ],
      },
    });
    expect(refused.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'actions.1.userId', message: alarmErrors.userMayNotViewAlarms },
    ]);
    const malformed = await admin.graphql(createAlarm, {
      input: { projectId, rule, actions: [{ type: 'email', email: 'ei osoite' }] },
    });
    expect(malformed.errors?.[0]?.extensions?.issues).toEqual([{ path: 'actions.0.email', message: 'Invalid email' }]);
    expect(await alarmCount()).toBe(1);
  });

  it('records who acknowledged an episode, when and why; the first acknowledgement stays', async () => {
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'Kuitattava', 1000) returning id`;
    const alarmId = alarm?.id as string;
    const rows = await sql()<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
      values (${alarmId}, ${co2}, ${projectId}, now() - interval '2 hours', 1300),
             (${alarmId}, ${co2}, ${projectId}, now() - interval '1 hour', 1400)
      returning id`;
    const [first, second] = rows.map((row) => row.id) as [string, string];
    const acknowledge = `mutation M($id: ID!, $comment: String) {
      acknowledgeAlarmsTriggered(id: $id, comment: $comment) { ${triggeredFields} } }`;

    // Too long a comment: refused, and the episode stays unacknowledged.
    const tooLong = await admin.graphql(acknowledge, {
      id: first,
      comment: 'x'.repeat(alarmBounds.acknowledgementCommentMax + 1),
    });
    expect(tooLong.errors?.[0]?.extensions?.issues).toEqual([{ path: '', message: 'Too long' }]);
    const [untouched] = await sql()<Array<{ acknowledged: boolean; acknowledgedBy: string | null }>>`
      select acknowledged, acknowledged_by as "acknowledgedBy" from alarms_triggered where id = ${first}`;
    expect(untouched).toEqual({ acknowledged: false, acknowledgedBy: null });

    const before = Date.now();
    const done = expectData(
      await admin.graphql<{ acknowledgeAlarmsTriggered: Record<string, unknown> & { acknowledgedAt: string } }>(
        acknowledge,
        { id: first, comment: '  Ikkunat avattu, ilmanvaihto tarkistetaan.  ' },
      ),
    ).acknowledgeAlarmsTriggered;
    expect(done).toMatchObject({
      id: first,
      acknowledged: true,
      acknowledgementComment: 'Ikkunat avattu, ilmanvaihto tarkistetaan.',
      acknowledgedBy: { id: adminAccount.id, username: adminAccount.username },
    });
    expect(Date.parse(done.acknowledgedAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(done.acknowledgedAt)).toBeLessThanOrEqual(Date.now() + 5_000);

    // Another member acknowledging it again changes nothing: the first who, when and comment stay.
    const { client: other, account: otherAccount } = await signedInClient(olo.url);
    await sql()`insert into project_memberships (project_id, user_id, can_view_alarms)
      values (${projectId}, ${otherAccount.id}, true)`;
    const again = expectData(
      await other.graphql<{ acknowledgeAlarmsTriggered: Record<string, unknown> }>(acknowledge, {
        id: first,
        comment: 'Toinen kuittaus',
      }),
    ).acknowledgeAlarmsTriggered;
    expect(again).toMatchObject({
      acknowledgementComment: done.acknowledgementComment,
      acknowledgedBy: { id: adminAccount.id },
    });

    // Acknowledging all: the other member, without a comment.
    const all = await other.graphql<{ acknowledgeAllAlarmsTriggered: number }>(
      'mutation M($id: Int!) { acknowledgeAllAlarmsTriggered(projectId: $id) }',
      { id: projectId },
    );
    expect(expectData(all).acknowledgeAllAlarmsTriggered).toBe(1);
    const listed = expectData(
      await admin.graphql<{ alarmsTriggered: Array<Record<string, unknown>> }>(
        `query Q($id: Int!, $alarmId: ID) { alarmsTriggered(projectId: $id, alarmId: $alarmId) { ${triggeredFields} } }`,
        { id: projectId, alarmId },
      ),
    ).alarmsTriggered;
    expect(listed.find((row) => row.id === second)).toMatchObject({
      acknowledged: true,
      acknowledgementComment: null,
      acknowledgedBy: { id: otherAccount.id },
    });
  });
});
