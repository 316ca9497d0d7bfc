import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, subscribeOver } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDatabases)('organizations on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('makes the creator admin, gives child organizations a path, and refuses a duplicate slug in any case', async () => {
    const { client } = await signedInClient(olo.url);
    const parent = await createOrganization(client, { slug: `rakennus-${Date.now()}` });
    const child = await createOrganization(client, {
      parentId: parent.id,
      slug: `${parent.slug}-itä`.replace('ä', 'a'),
    });
    const read = expectData(
      await client.graphql<{
        organization: { path: string; currentUserIsAdmin: boolean; parent: { id: string } | null };
        parent: { organizations: Array<{ id: string }> };
      }>(
        'query Q($id: ID!, $p: ID!) { organization(id: $id) { path currentUserIsAdmin parent { id } } parent: organization(id: $p) { organizations { id } } }',
        { id: child.id, p: parent.id },
      ),
    );
    expect(read.organization).toEqual({
      path: `${parent.slug}/${child.slug}`,
      currentUserIsAdmin: true,
      parent: { id: parent.id },
    });
    expect(read.parent.organizations).toEqual([{ id: child.id }]);

    const duplicate = await client.graphql(
      'mutation { createOrganization(name: "X", slug: "PLACEHOLDER") { id } }'.replace(
        'PLACEHOLDER',
        parent.slug.toUpperCase(),
      ),
    );
    expect(duplicate.errors?.[0]?.message).toBe('Duplicate value for organizations_slug unique constraint');
    const invalid = await client.graphql('mutation { createOrganization(name: "", slug: "Ei kelpaa!") { id } }');
    expect(invalid.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'name', message: 'Required' },
      { path: 'slug', message: 'Use lowercase letters, digits and hyphens' },
    ]);
  });

  it('refuses to delete an organization with projects, and keeps the last admin of a top-level organization', async () => {
    const { client, account } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    await createProject(client, organization.id);
    const deletion = await client.graphql('mutation D($id: ID!) { deleteOrganization(id: $id) }', {
      id: organization.id,
    });
    expect(deletion.errors?.[0]?.message).toBe('The organization still has projects or child organizations');

    const [me] = await olo.server.database.sql`select id from users where username = ${account.username}`;
    const lastAdmin = await client.graphql(
      'mutation R($o: ID!, $u: ID!) { removeOrganizationAdmin(organizationId: $o, userId: $u) { id } }',
      {
        o: organization.id,
        u: me?.id,
      },
    );
    expect(lastAdmin.errors?.[0]?.message).toBe('The organization needs at least one administrator');
  });

  it('lists members by name with their flags, and an admin can change them', async () => {
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    const { account } = await signedInClient(olo.url);
    const [user] = await olo.server.database
      .sql`update users set name = 'Aino Aalto' where username = ${account.username} returning id`;
    const added = expectData(
      await client.graphql<{ createOrganizationMembership: { id: string; canViewAll: boolean } }>(
        'mutation M($input: CreateOrganizationMembershipInput!) { createOrganizationMembership(input: $input) { id canViewAll } }',
        { input: { organizationId: organization.id, userId: user?.id, canViewAll: true } },
      ),
    ).createOrganizationMembership;
    expect(added.canViewAll).toBe(true);
    const updated = expectData(
      await client.graphql<{ updateOrganizationMembership: { canViewAll: boolean; canViewMeters: boolean } }>(
        'mutation M($input: UpdateOrganizationMembershipInput!) { updateOrganizationMembership(input: $input) { canViewAll canViewMeters } }',
        { input: { id: added.id, canViewAll: false, canViewMeters: true } },
      ),
    ).updateOrganizationMembership;
    expect(updated).toEqual({ canViewAll: false, canViewMeters: true });
    const members = expectData(
      await client.graphql<{ organizationMembers: Array<{ user: { name: string | null } }> }>(
        'query M($id: ID!) { organizationMembers(id: $id) { user { name } } }',
        { id: organization.id },
      ),
    ).organizationMembers;
    expect(members[0]?.user.name).toBe('Aino Aalto');
  });

  it("pushes a member's new rights to their open pages when an admin changes their flags", async () => {
    const { client: admin } = await signedInClient(olo.url);
    const organization = await createOrganization(admin);
    const { client: member, account } = await signedInClient(olo.url);
    const [user] = await olo.server.database.sql`select id from users where username = ${account.username}`;
    const membership = expectData(
      await admin.graphql<{ createOrganizationMembership: { id: string } }>(
        'mutation M($input: CreateOrganizationMembershipInput!) { createOrganizationMembership(input: $input) { id } }',
        { input: { organizationId: organization.id, userId: user?.id } },
      ),
    ).createOrganizationMembership;
    const project = await createProject(admin, organization.id, { name: 'Koulu C' });

    const rights = await subscribeOver(
      member,
      'subscription { currentUserUpdated { memberships { canViewAll isAdmin } menuProjects { id } } }',
    );
    expectData(
      await admin.graphql(
        'mutation M($input: UpdateOrganizationMembershipInput!) { updateOrganizationMembership(input: $input) { id } }',
        { input: { id: membership.id, canViewAll: true } },
      ),
    );
    expect(await rights.next).toEqual({
      data: {
        currentUserUpdated: { memberships: [{ canViewAll: true, isAdmin: false }], menuProjects: [{ id: project.id }] },
      },
    });
    await rights.close();

    const adminRights = await subscribeOver(member, 'subscription { currentUserUpdated { memberships { isAdmin } } }');
    expectData(
      await admin.graphql(
        'mutation A($o: ID!, $u: ID!) { addOrganizationAdmin(organizationId: $o, userId: $u) { currentUserIsAdmin } }',
        { o: organization.id, u: user?.id },
      ),
    );
    expect(await adminRights.next).toEqual({ data: { currentUserUpdated: { memberships: [{ isAdmin: true }] } } });
    await adminRights.close();
  });
});
