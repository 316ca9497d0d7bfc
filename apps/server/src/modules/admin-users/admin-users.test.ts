import { adminUserErrors, sessionEndedCloseCode } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { flatPng } from '../../testing/images.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const allUsers = /* GraphQL */ `
  query AllUsers($search: String, $offset: Int, $limit: Int) {
    allUsers(search: $search, offset: $offset, limit: $limit) {
      total
      items {
        id username name email isVerified isAdmin active lastSignInAt
        organizations { id name isAdmin } organizationCount
        projects { id name isAdmin } projectCount
      }
    }
  }`;

const updateUser = /* GraphQL */ `
  mutation AdminUpdateUser($userId: ID!, $active: Boolean, $isAdmin: Boolean) {
    adminUpdateUser(userId: $userId, active: $active, isAdmin: $isAdmin) { id active isAdmin }
  }`;

const deleteUser = /* GraphQL */ `
  mutation AdminDeleteUser($userId: ID!) { adminDeleteUser(userId: $userId) }`;

const login = /* GraphQL */ `
  mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { id } }`;

interface ListedUser {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  isVerified: boolean;
  isAdmin: boolean;
  active: boolean;
  lastSignInAt: string | null;
  organizations: Array<{ id: string; name: string; isAdmin: boolean }>;
  organizationCount: number;
  projects: Array<{ id: string; name: string; isAdmin: boolean }>;
  projectCount: number;
}
type AllUsers = { allUsers: { total: number; items: ListedUser[] } };

describe.each(testDatabases)('site administration of users (%s)', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let adminId: string;

  const sql = () => olo.server.database.sql;

  /** A fresh signed-in site admin. */
  async function newSiteAdmin() {
    const site = await signedInClient(olo.url);
    await sql()`update users set is_admin = true where id = ${site.account.id}`;
    return site;
  }

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const site = await newSiteAdmin();
    admin = site.client;
    adminId = site.account.id;
  }, 60_000);

  afterAll(async () => {
    await olo?.close();
  });

  it('is refused to everyone but site admins', async () => {
    const { client: stranger } = await signedInClient(olo.url);
    expect((await stranger.graphql(allUsers)).errors?.[0]?.message).toBe('Permission denied');
    expect((await new TestClient(olo.url).graphql(allUsers)).errors?.[0]?.message).toBe('Not signed in');
    const refused = await stranger.graphql(updateUser, { userId: adminId, active: false });
    expect(refused.errors?.[0]?.message).toBe('Permission denied');
    expect((await stranger.graphql(deleteUser, { userId: adminId })).errors?.[0]?.message).toBe('Permission denied');
    const [row] = await sql()<Array<{ active: boolean }>>`select active from users where id = ${adminId}`;
    expect(row?.active).toBe(true);
  });

  it('searches by name, username and email, a page at a time, with memberships and the last sign-in', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const members: Array<{ id: string; username: string }> = [];
    for (let index = 0; index < 5; index++) {
      const { client, account } = await signedInClient(olo.url, {
        username: `${tag}_${index}`,
        email: `${index}.${tag}@example.com`,
      });
      members.push(account);
      if (index === 0) {
        const organization = await createOrganization(client, { name: `Org of ${tag}` });
        await createProject(client, organization.id, { name: `Project of ${tag}` });
      }
    }
    const firstPage = expectData(await admin.graphql<AllUsers>(allUsers, { search: tag.toUpperCase(), limit: 2 }));
    expect(firstPage.allUsers.total).toBe(5);
    expect(firstPage.allUsers.items.map((user) => user.username)).toEqual([`${tag}_0`, `${tag}_1`]);
    const lastPage = expectData(await admin.graphql<AllUsers>(allUsers, { search: tag, offset: 4, limit: 2 }));
    expect(lastPage.allUsers.items.map((user) => user.username)).toEqual([`${tag}_4`]);

    const [first] = firstPage.allUsers.items;
    expect(first).toMatchObject({
      email: `0.${tag}@example.com`,
      isVerified: false,
      active: true,
      isAdmin: false,
      organizationCount: 1,
      organizations: [{ name: `Org of ${tag}`, isAdmin: true }],
      projectCount: 0,
    });
    // Registration signs in: that is the last sign-in.
    expect(Date.now() - Date.parse(first?.lastSignInAt ?? '')).toBeLessThan(60_000);

    const byEmail = expectData(await admin.graphql<AllUsers>(allUsers, { search: `3.${tag}@EXAMPLE` }));
    expect(byEmail.allUsers.items.map((user) => user.username)).toEqual([`${tag}_3`]);
    await sql()`update users set name = ${`Name ${tag} Kallio`} where id = ${members[2]?.id ?? ''}`;
    const byName = expectData(await admin.graphql<AllUsers>(allUsers, { search: `${tag} kallio` }));
    expect(byName.allUsers.items.map((user) => user.username)).toEqual([`${tag}_2`]);
    // LIKE's wildcards match only themselves.
    expect(expectData(await admin.graphql<AllUsers>(allUsers, { search: '%' })).allUsers.total).toBe(0);

    const tooLarge = await admin.graphql(allUsers, { limit: 101 });
    expect(tooLarge.errors?.[0]?.extensions?.issues?.[0]).toMatchObject({ path: 'limit', message: 'Invalid' });
  });

  it("deactivating ends the user's sessions and websockets at once and refuses their sign-in", async () => {
    const { client: user, account } = await signedInClient(olo.url);
    const project = await createProject(user, (await createOrganization(user)).id);
    const socket = user.websocket();
    const closed = new Promise<number>((resolve) =>
      socket.on('closed', (event) => resolve((event as CloseEvent).code)),
    );
    const pushes: unknown[] = [];
    const sink = { next: (value: unknown) => void pushes.push(value), error: () => {}, complete: () => {} };
    socket.subscribe({ query: 'subscription { currentUserUpdated { id active } }' }, sink);
    // A subscription that the session's end does not complete: only closing the socket ends it.
    socket.subscribe(
      {
        query: 'subscription S($p: Int!) { seriesLatestUpdated(projectId: $p) { seriesId } }',
        variables: { p: project.id },
      },
      sink,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const updated = expectData(await admin.graphql(updateUser, { userId: account.id, active: false }));
    expect(updated).toEqual({ adminUpdateUser: { id: account.id, active: false, isAdmin: false } });
    expect(await closed).toBe(sessionEndedCloseCode);
    expect(pushes).toEqual([{ data: { currentUserUpdated: null } }]);
    expect(expectData(await user.graphql<{ currentUser: unknown }>('query { currentUser { id } }')).currentUser).toBe(
      null,
    );
    const [sessions] = await sql()<Array<{ count: number }>>`
      select count(*)::int as count from sessions where user_id = ${account.id}`;
    expect(sessions?.count).toBe(0);
    const refused = await new TestClient(olo.url).graphql(login, {
      username: account.username,
      password: account.password,
    });
    expect(refused.errors?.[0]?.message).toBe('Invalid username or password');

    expectData(await admin.graphql(updateUser, { userId: account.id, active: true }));
    expectData(
      await new TestClient(olo.url).graphql(login, { username: account.username, password: account.password }),
    );
    await socket.dispose();
  });

  it("makes and unmakes a site admin ('Admin all')", async () => {
    const { client: user, account } = await signedInClient(olo.url);
    expectData(await admin.graphql(updateUser, { userId: account.id, isAdmin: true }));
    expect(expectData(await user.graphql<AllUsers>(allUsers, { limit: 1 })).allUsers.total).toBeGreaterThan(0);
    expectData(await admin.graphql(updateUser, { userId: account.id, isAdmin: false }));
    expect((await user.graphql(allUsers)).errors?.[0]?.message).toBe('Permission denied');
  });

  it('a site admin cannot deactivate, demote or delete themselves', async () => {
    for (const [query, variables] of [
      [updateUser, { userId: adminId, active: false }],
      [updateUser, { userId: adminId, isAdmin: false }],
      [deleteUser, { userId: adminId }],
    ] as const) {
      expect((await admin.graphql(query, variables)).errors?.[0]?.message).toBe(adminUserErrors.notYourself);
    }
    const [row] = await sql()<Array<{ active: boolean; is_admin: boolean }>>`
      select active, is_admin from users where id = ${adminId}`;
    expect(row).toEqual({ active: true, is_admin: true });
  });

  it('two site admins removing each other at once leave one of them', async () => {
    const first = await newSiteAdmin();
    const second = await newSiteAdmin();
    const answers = await Promise.all([
      first.client.graphql(updateUser, { userId: second.account.id, active: false }),
      second.client.graphql(deleteUser, { userId: first.account.id }),
    ]);
    expect(answers.filter((answer) => !answer.errors).length).toBe(1);
    const rows = await sql()<Array<{ id: string }>>`
      select id from users where is_admin and active and id in (${first.account.id}, ${second.account.id})`;
    expect(rows.length).toBe(1);
  });

  it('deleting a user removes their memberships and keeps what they wrote, without its author', async () => {
    const { client: user, account } = await signedInClient(olo.url);
    const organization = await createOrganization(user);
    const project = await createProject(user, organization.id);
    const upload = await uploadAttachment(
      user,
      { projectId: project.id },
      { name: 'site.png', type: 'image/png', bytes: flatPng(4, 4) },
    );
    expect(upload.status).toBe(201);
    // An alarm episode of the project that the user acknowledges.
    const [series] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type) values (${project.id}, 'CO2', 'CO2') returning id`;
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${project.id}, 'CO2', 1200) returning id`;
    const [episode] = await sql()<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
      values (${alarm?.id ?? ''}, ${series?.id ?? 0}, ${project.id}, now(), 1500) returning id`;
    expectData(
      await user.graphql(
        'mutation A($id: ID!) { acknowledgeAlarmsTriggered(id: $id, comment: "Ikkuna auki") { id } }',
        {
          id: episode?.id,
        },
      ),
    );

    expect(expectData(await admin.graphql(deleteUser, { userId: account.id }))).toEqual({ adminDeleteUser: true });
    expect(expectData(await user.graphql<{ currentUser: unknown }>('query { currentUser { id } }')).currentUser).toBe(
      null,
    );
    const memberships = await sql()<Array<{ id: string }>>`
      select id from organization_memberships where user_id = ${account.id}`;
    expect(memberships).toEqual([]);
    const [attachment] = await sql()<Array<{ uploaded_by: string | null }>>`
      select uploaded_by from attachments where id = ${upload.body.id ?? ''}`;
    expect(attachment).toEqual({ uploaded_by: null });
    const episodes = expectData(
      await admin.graphql<{
        alarmsTriggered: Array<{
          acknowledgedBy: unknown;
          acknowledgedByDeletedUser: boolean;
          acknowledgementComment: string;
        }>;
      }>(
        'query E($p: Int!) { alarmsTriggered(projectId: $p) { acknowledgedBy { id } acknowledgedByDeletedUser acknowledgementComment } }',
        { p: project.id },
      ),
    );
    expect(episodes.alarmsTriggered).toEqual([
      { acknowledgedBy: null, acknowledgedByDeletedUser: true, acknowledgementComment: 'Ikkuna auki' },
    ]);
    const [projectRow] = await sql()<Array<{ id: number }>>`select id from projects where id = ${project.id}`;
    expect(projectRow?.id).toBe(project.id);
    const again = await admin.graphql(deleteUser, { userId: account.id });
    expect(again.errors?.[0]?.message).toBe('Not found');
  });

  it('refuses a malformed id as a field error', async () => {
    const answer = await admin.graphql(updateUser, { userId: 'nope', active: false });
    expect(answer.errors?.[0]?.extensions?.issues?.[0]).toMatchObject({ path: 'userId', message: 'Invalid id' });
  });
});
