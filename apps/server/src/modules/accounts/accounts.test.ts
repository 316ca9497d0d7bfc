import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, registerAccount } from '../../testing/factories.ts';
import { linkIn, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { loginDelay } from './login-throttle.ts';

const currentUserQuery = /* GraphQL */ `
  query CurrentUser {
    currentUser {
      id
      username
      name
      company
      language
      isVerified
      hasPassword
      isAdmin
      emails { id email isVerified isPrimary }
      authentications { id }
      options { dashboardProjects menuProjects ui }
    }
  }
`;

type CurrentUser = {
  currentUser: null | {
    id: string;
    username: string;
    name: string | null;
    company: string | null;
    language: string;
    isVerified: boolean;
    hasPassword: boolean;
    isAdmin: boolean;
    emails: Array<{ id: string; email: string; isVerified: boolean; isPrimary: boolean }>;
    options: { dashboardProjects: number[]; menuProjects: number[]; ui: Record<string, unknown> };
  };
};

const login = /* GraphQL */ `mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { id username } }`;

describe.each(testDatabases)('accounts on %s', (kind) => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let olo: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    olo = await startTestServer(kind, { SMTP_URL: inbox.url, PUBLIC_URL: 'http://olo.test' });
  });
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  it('registers, mails a verification link in the chosen language, and verifies through it', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client, { language: 'sv' });
    let me = expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser;
    expect(me).toMatchObject({ username: account.username, language: 'sv', isVerified: false, hasPassword: true });
    expect(me?.emails).toEqual([expect.objectContaining({ email: account.email, isPrimary: true, isVerified: false })]);

    const mail = await inbox.waitFor(account.email);
    expect(mail.subject).toContain('Bekräfta din e-postadress');
    const link = linkIn(mail, 'http://olo.test/verify?');
    expect(link.searchParams.get('id')).toBe(me?.emails[0]?.id);

    // The link works in another browser, without signing in.
    const other = new TestClient(olo.url);
    const verify = /* GraphQL */ `mutation Verify($id: ID!, $token: String!) { verifyEmail(userEmailId: $id, token: $token) }`;
    const variables = { id: link.searchParams.get('id'), token: link.searchParams.get('token') };
    expect(expectData(await other.graphql(verify, variables))).toEqual({ verifyEmail: true });
    me = expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser;
    expect(me?.isVerified).toBe(true);

    // Single use.
    const again = await other.graphql(verify, variables);
    expect(again.errors?.[0]).toMatchObject({
      message: 'Invalid or expired link',
      extensions: { code: 'INVALID_TOKEN' },
    });
  });

  it('answers the spec’s duplicate message for a taken username, in any letter case', async () => {
    const first = await registerAccount(new TestClient(olo.url));
    const client = new TestClient(olo.url);
    const byUsername = await client.graphql(
      `mutation { register(username: "${first.username.toUpperCase()}", password: "long-enough-1", email: "${buildAccount().email}") { id } }`,
    );
    expect(byUsername.errors?.[0]?.message).toBe('Duplicate value for users_username unique constraint');
    // Nobody was signed in. (A taken address is not refused: account-ownership.test.ts.)
    expect(expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser).toBeNull();
  });

  it('logs in by username or email, rotates the session cookie, and logs out', async () => {
    const registering = new TestClient(olo.url);
    const account = await registerAccount(registering);

    const client = new TestClient(olo.url);
    await client.fetch('/healthz');
    client.cookies.set('olo_session', 'planted-by-an-attacker');
    const wrong = await client.graphql(login, { username: account.username, password: 'not-the-password' });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Invalid username or password',
      extensions: { code: 'INVALID_CREDENTIALS' },
    });

    expectData(await client.graphql(login, { username: account.email.toUpperCase(), password: account.password }));
    const firstSession = client.cookies.get('olo_session');
    expect(firstSession).toBeDefined();
    expect(firstSession).not.toBe('planted-by-an-attacker');
    expectData(await client.graphql(login, { username: account.username, password: account.password }));
    const secondSession = client.cookies.get('olo_session');
    expect(secondSession).not.toBe(firstSession);

    // The session replaced by the second login no longer works.
    const stale = new TestClient(olo.url);
    stale.cookies.set('olo_session', firstSession as string);
    expect(expectData(await stale.graphql<CurrentUser>(currentUserQuery)).currentUser).toBeNull();

    expect(expectData(await client.graphql('mutation Logout { logout }'))).toEqual({ logout: true });
    expect(client.cookies.has('olo_session')).toBe(false);
    const reused = new TestClient(olo.url);
    reused.cookies.set('olo_session', secondSession as string);
    expect(expectData(await reused.graphql<CurrentUser>(currentUserQuery)).currentUser).toBeNull();
  });

  it('sets the session cookie http-only and SameSite=Lax', async () => {
    const client = new TestClient(olo.url);
    const account = buildAccount();
    await client.fetch('/healthz');
    const response = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.cookies.get('olo_csrf') ?? '' },
      body: JSON.stringify({
        query: `mutation { register(username: "${account.username}", password: "${account.password}", email: "${account.email}") { id } }`,
      }),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('olo_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('slows down failed logins of an account', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const client = new TestClient(olo.url);
    for (let attempt = 0; attempt < loginDelay.freeFailures; attempt++) {
      const answer = await client.graphql(login, { username: account.username, password: 'wrong-password' });
      expect(answer.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await client.graphql(login, { username: account.username, password: account.password });
    expect(blocked.errors?.[0]).toMatchObject({
      message: 'Too many login attempts',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(client.cookies.has('olo_session')).toBe(false);
  });

  it('resets a forgotten password through the mailed link, once, ending old sessions', async () => {
    const oldBrowser = new TestClient(olo.url);
    const account = await registerAccount(oldBrowser);
    const client = new TestClient(olo.url);
    const forgot = `mutation Forgot($email: String!) { forgotPassword(email: $email) }`;
    expect(expectData(await client.graphql(forgot, { email: account.email }))).toEqual({ forgotPassword: true });
    // An unknown address gets the same answer and no mail.
    expect(expectData(await client.graphql(forgot, { email: 'nobody@example.com' }))).toEqual({ forgotPassword: true });

    const mail = await inbox.waitFor(account.email, (m) => m.subject.includes('Salasanan vaihto'));
    const link = linkIn(mail, 'http://olo.test/reset?');
    const reset = `mutation Reset($userId: ID!, $token: String!, $password: String!) { resetPassword(userId: $userId, token: $token, password: $password) { username } }`;
    const variables = {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password: 'brand-new-password',
    };
    expect(expectData(await client.graphql(reset, variables))).toEqual({
      resetPassword: { username: account.username },
    });
    expect(expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser?.username).toBe(
      account.username,
    );
    expect(expectData(await oldBrowser.graphql<CurrentUser>(currentUserQuery)).currentUser).toBeNull();

    expect(
      (await client.graphql(reset, { ...variables, password: 'another-password' })).errors?.[0]?.extensions?.code,
    ).toBe('INVALID_TOKEN');
    const fresh = new TestClient(olo.url);
    expect(
      (await fresh.graphql(login, { username: account.username, password: account.password })).errors,
    ).toBeDefined();
    expectData(await fresh.graphql(login, { username: account.username, password: 'brand-new-password' }));
  });

  it('changes the password, ending every other session and keeping this browser signed in', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client);
    const laptop = new TestClient(olo.url);
    expectData(await laptop.graphql(login, { username: account.username, password: account.password }));
    const change = `mutation Change($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) { id } }`;

    const wrongOld = await client.graphql(change, { old: 'not-my-password', new: 'new-password-1' });
    expect(wrongOld.errors?.[0]?.extensions?.issues).toEqual([{ path: 'oldPassword', message: 'Wrong password' }]);
    expect(expectData(await laptop.graphql<CurrentUser>(currentUserQuery)).currentUser).not.toBeNull();

    const before = client.cookies.get('olo_session');
    expectData(await client.graphql(change, { old: account.password, new: 'new-password-1' }));
    expect(client.cookies.get('olo_session')).not.toBe(before);
    expect(expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser?.username).toBe(
      account.username,
    );
    expect(expectData(await laptop.graphql<CurrentUser>(currentUserQuery)).currentUser).toBeNull();
  });

  it('adds, verifies, makes primary and deletes email addresses', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client);
    const second = buildAccount().email;
    const add = `mutation Add($email: String!) { addEmail(email: $email) { id email isPrimary isVerified } }`;
    const added = expectData(
      await client.graphql<{ addEmail: Array<{ id: string; email: string; isPrimary: boolean }> }>(add, {
        email: second,
      }),
    );
    expect(added.addEmail.map((email) => [email.email, email.isPrimary])).toEqual([
      [account.email, true],
      [second, false],
    ]);
    const secondId = added.addEmail[1]?.id;
    const makePrimary = `mutation Primary($id: ID!) { makeEmailPrimary(userEmailId: $id) { email isPrimary } }`;
    const unverified = await client.graphql(makePrimary, { id: secondId });
    expect(unverified.errors?.[0]?.message).toBe('Email is not verified');

    const mail = await inbox.waitFor(second);
    const link = linkIn(mail, 'http://olo.test/verify?');
    expectData(
      await client.graphql(
        `mutation { verifyEmail(userEmailId: "${link.searchParams.get('id')}", token: "${link.searchParams.get('token')}") }`,
      ),
    );
    const primary = expectData(
      await client.graphql<{ makeEmailPrimary: Array<{ email: string; isPrimary: boolean }> }>(makePrimary, {
        id: secondId,
      }),
    );
    expect(primary.makeEmailPrimary[0]).toEqual({ email: second, isPrimary: true });

    const remove = `mutation Remove($id: ID!) { deleteUserEmail(userEmailId: $id) { email } }`;
    expect((await client.graphql(remove, { id: secondId })).errors?.[0]?.message).toBe(
      'The primary email cannot be deleted',
    );
    const me = expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser;
    const firstId = me?.emails.find((email) => email.email === account.email)?.id;
    expect(expectData(await client.graphql(remove, { id: firstId }))).toEqual({ deleteUserEmail: [{ email: second }] });

    // Somebody else's address is not found, and stays.
    const stranger = new TestClient(olo.url);
    await registerAccount(stranger);
    expect((await stranger.graphql(remove, { id: secondId })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('updates the profile and merges option groups', async () => {
    const client = new TestClient(olo.url);
    await registerAccount(client);
    expectData(
      await client.graphql(
        `mutation { updateUser(name: "Maija Meikäläinen", company: "Rakennus Oy", language: en) { id } }`,
      ),
    );
    expectData(
      await client.graphql(
        `mutation { updateUserOptions(options: { dashboardProjects: [3, 1], ui: { compact: true } }) { id } }`,
      ),
    );
    expectData(await client.graphql(`mutation { updateUserOptions(options: { menuProjects: [7] }) { id } }`));
    const me = expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser;
    expect(me).toMatchObject({ name: 'Maija Meikäläinen', company: 'Rakennus Oy', language: 'en' });
    expect(me?.options).toEqual({ dashboardProjects: [3, 1], menuProjects: [7], ui: { compact: true } });
  });

  it('deletes the account only through the mailed confirmation link', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client, { language: 'en' });
    expect(expectData(await client.graphql('mutation { requestAccountDeletion }'))).toEqual({
      requestAccountDeletion: true,
    });
    expect(expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser).not.toBeNull();
    const mail = await inbox.waitFor(account.email, (m) => m.subject.includes('Deleting your account'));
    const token = linkIn(mail, 'http://olo.test/profile?').searchParams.get('confirmDeletion');

    const confirm = `mutation Confirm($token: String!) { confirmAccountDeletion(token: $token) }`;
    expect((await client.graphql(confirm, { token: 'forged-token' })).errors?.[0]?.extensions?.code).toBe(
      'INVALID_TOKEN',
    );
    expect(expectData(await client.graphql(confirm, { token }))).toEqual({ confirmAccountDeletion: true });
    expect(expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser).toBeNull();
    const again = new TestClient(olo.url);
    expect(
      (await again.graphql(login, { username: account.username, password: account.password })).errors,
    ).toBeDefined();
    // The username is free again.
    await registerAccount(again, { username: account.username });
  });

  it('asks to sign in for account mutations when nobody is', async () => {
    const client = new TestClient(olo.url);
    for (const mutation of [
      'mutation { resendEmailVerification }',
      'mutation { requestAccountDeletion }',
      'mutation { addEmail(email: "a@example.com") { id } }',
      'mutation { updateUser(name: "x") { id } }',
      'mutation { changePassword(oldPassword: "aaaaaaaa", newPassword: "bbbbbbbbb") { id } }',
    ]) {
      const answer = await client.graphql(mutation);
      expect(answer.errors?.[0], mutation).toMatchObject({
        message: 'Not signed in',
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
  });

  it('creates the site admin once, with the configured password', async () => {
    const created = await olo.server.services.accounts.ensureSiteAdmin('admin-password-1');
    expect(created).toEqual({});
    expect(await olo.server.services.accounts.ensureSiteAdmin('other-password')).toBeUndefined();
    const client = new TestClient(olo.url);
    const me = expectData(
      await client.graphql<{ login: { username: string } }>(login, { username: 'admin', password: 'admin-password-1' }),
    );
    expect(me.login.username).toBe('admin');
    expect(expectData(await client.graphql<CurrentUser>(currentUserQuery)).currentUser?.isAdmin).toBe(true);
  });
});
