import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createProject,
  registerAccount,
  signedInClient,
  subscribeOver,
} from '../../testing/factories.ts';
import { startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const inviteMutation = /* GraphQL */ `
  mutation Invite($organizationId: ID, $projectId: Int, $email: String, $username: String) {
    invite(organizationId: $organizationId, projectId: $projectId, email: $email, username: $username) { id email username name }
  }
`;

describe.each(testDatabases)('invitations on %s', (kind) => {
  let olo: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    olo = await startTestServer(kind, { SMTP_URL: inbox.url, PUBLIC_URL: 'http://olo.test' });
  });
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  it('mails a link and code; the invitee registers, accepts and then sees the project', async () => {
    const { client: admin } = await signedInClient(olo.url, { language: 'en' });
    const organization = await createOrganization(admin);
    const project = await createProject(admin, organization.id, { name: 'Koulu A' });
    const email = `invitee-${Date.now()}@example.com`;
    const invitation = expectData(
      await admin.graphql<{ invite: { id: string; name: string } }>(inviteMutation, { projectId: project.id, email }),
    ).invite;
    expect(invitation.name).toBe('Koulu A');

    const mail = await inbox.waitFor(email, (received) => received.subject.includes('Invitation'));
    expect(mail.subject).toBe('Olo: Invitation: Koulu A');
    const link = new URL(mail.text.match(/http:\/\/olo\.test\/invitations-accept\S+/)?.[0] ?? '');
    const code = link.searchParams.get('code');
    expect(link.searchParams.get('invitationId')).toBe(invitation.id);
    expect(mail.text).toContain(`Invitation code: ${code}`);

    const invitee = new TestClient(olo.url);
    await registerAccount(invitee, { email });
    const before = await invitee.graphql('query P($id: Int!) { project(id: $id) { name } }', { id: project.id });
    expect(before.errors?.[0]?.message).toBe('Permission denied');

    const detail = expectData(
      await invitee.graphql<{ invitation: { name: string; projectId: number } }>(
        'query I($id: ID!, $code: String) { invitation(invitationId: $id, code: $code) { name projectId } }',
        { id: invitation.id, code },
      ),
    );
    expect(detail.invitation).toEqual({ name: 'Koulu A', projectId: project.id });

    const accepted = expectData(
      await invitee.graphql<{ acceptProjectInvite: { id: number; name: string } }>(
        'mutation A($id: ID!, $code: String) { acceptProjectInvite(invitationId: $id, code: $code) { id name } }',
        { id: invitation.id, code },
      ),
    );
    expect(accepted.acceptProjectInvite).toEqual({ id: project.id, name: 'Koulu A' });
    const after = expectData(
      await invitee.graphql<{ projects: Array<{ id: number; privileges: string[] }> }>(
        'query { projects { id privileges } }',
      ),
    );
    expect(after.projects).toEqual([{ id: project.id, privileges: ['view'] }]);

    const again = await invitee.graphql(
      'mutation A($id: ID!, $code: String) { acceptProjectInvite(invitationId: $id, code: $code) { id } }',
      { id: invitation.id, code },
    );
    expect(again.errors?.[0]?.message).toBe('Invalid or expired invitation');
  });

  it('answers an invitation by username with what the inviter gave, known username or not', async () => {
    const { client: admin } = await signedInClient(olo.url);
    const organization = await createOrganization(admin);
    const { account } = await signedInClient(olo.url);
    const known = await admin.graphql<{ invite: Record<string, unknown> }>(inviteMutation, {
      organizationId: organization.id,
      username: account.username,
    });
    const unknown = await admin.graphql<{ invite: Record<string, unknown> }>(inviteMutation, {
      organizationId: organization.id,
      username: 'nobody-by-this-name',
    });
    expect(expectData(known).invite).toMatchObject({ email: null, username: account.username });
    expect(expectData(unknown).invite).toMatchObject({ email: null, username: 'nobody-by-this-name' });
    const listed = expectData(
      await admin.graphql<{ organization: { invitations: Array<{ email: string | null; username: string | null }> } }>(
        'query O($id: ID!) { organization(id: $id) { invitations { email username } } }',
        { id: organization.id },
      ),
    ).organization.invitations;
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(account.email);
    // The invitee still gets the mail at their own address.
    await inbox.waitFor(account.email, (received) => received.subject.includes('Kutsu'));
  });

  it('shows an existing user the invitation on their profile, and a wrong code is refused', async () => {
    const { client: admin } = await signedInClient(olo.url);
    const organization = await createOrganization(admin, { name: 'Rakennus Oy' });
    const { client: member, account } = await signedInClient(olo.url, { language: 'sv' });
    // The invitee's open pages learn of it at once.
    const pushed = await subscribeOver(member, 'subscription { currentUserUpdated { invitations { name } } }');
    const invitation = expectData(
      await admin.graphql<{ invite: { id: string } }>(inviteMutation, {
        organizationId: organization.id,
        username: account.username,
      }),
    ).invite;
    expect(await pushed.next).toEqual({ data: { currentUserUpdated: { invitations: [{ name: 'Rakennus Oy' }] } } });
    await pushed.close();
    const mail = await inbox.waitFor(account.email, (received) => received.subject.includes('Inbjudan'));
    expect(mail.subject).toBe('Olo: Inbjudan: Rakennus Oy');

    const own = expectData(
      await member.graphql<{ currentUser: { invitations: Array<{ invitationId: string; name: string }> } }>(
        'query { currentUser { invitations { invitationId name } } }',
      ),
    );
    expect(own.currentUser.invitations).toEqual([{ invitationId: invitation.id, name: 'Rakennus Oy' }]);

    // Signing in answers with the new user's own fields, invitations included.
    const again = new TestClient(olo.url);
    const login = expectData(
      await again.graphql<{ login: { invitations: Array<{ name: string }> } }>(
        'mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { invitations { name } } }',
        { u: account.username, p: account.password },
      ),
    );
    expect(login.login.invitations).toEqual([{ name: 'Rakennus Oy' }]);

    const wrong = await member.graphql(
      'mutation A($id: ID!) { acceptOrganizationInvite(invitationId: $id, code: "nope") { slug } }',
      { id: invitation.id },
    );
    expect(wrong.errors?.[0]?.message).toBe('Invalid or expired invitation');

    // Addressed to this account: no code needed.
    const accepted = expectData(
      await member.graphql<{ acceptOrganizationInvite: { slug: string; name: string } }>(
        'mutation A($id: ID!) { acceptOrganizationInvite(invitationId: $id) { slug name } }',
        { id: invitation.id },
      ),
    );
    expect(accepted.acceptOrganizationInvite).toEqual({ slug: organization.slug, name: 'Rakennus Oy' });
    const organizations = expectData(
      await member.graphql<{ organizations: Array<{ id: string }> }>('query { organizations { id } }'),
    );
    expect(organizations.organizations.map((row) => row.id)).toEqual([organization.id]);
  });
});
