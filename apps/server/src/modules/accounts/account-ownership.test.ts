import { accountErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, registerAccount, registerMutation } from '../../testing/factories.ts';
import { linkIn, type ReceivedMail, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { loginDelay } from './login-throttle.ts';

const emailsQuery = 'query Me { currentUser { isVerified emails { email isVerified isPrimary } } }';
type Emails = { currentUser: { isVerified: boolean; emails: Array<{ email: string; isVerified: boolean }> } };
const verify = 'mutation Verify($id: ID!, $token: String!) { verifyEmail(userEmailId: $id, token: $token) }';
const addEmail = 'mutation Add($email: String!) { addEmail(email: $email) { email isVerified } }';
const login =
  'mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { id } }';
const changePassword = `mutation Change($oldPassword: String!, $newPassword: String!) {
  changePassword(oldPassword: $oldPassword, newPassword: $newPassword) { id }
}`;

describe.each(testDatabases)('addresses and sign-in limits on %s', (kind) => {
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

  const isVerifyMail = (mail: ReceivedMail) => /Vahvista|Bekräfta|Verify/.test(mail.subject);

  /** Registers and verifies through the mailed link. */
  async function verifiedAccount(language = 'fi') {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client, { language });
    await verifyThroughMail(client, account.email);
    return { client, account };
  }

  /** Opens the mailed link of the client's own claim of the address. */
  async function verifyThroughMail(client: TestClient, email: string) {
    const own = expectData(
      await client.graphql<{ currentUser: { emails: Array<{ id: string; email: string }> } }>(
        'query Ids { currentUser { emails { id email } } }',
      ),
    ).currentUser.emails.find((candidate) => candidate.email === email);
    const linkOf = (mail: ReceivedMail) => linkIn(mail, 'http://olo.test/verify?');
    const mail = await inbox.waitFor(
      email,
      (received) => isVerifyMail(received) && linkOf(received).searchParams.get('id') === own?.id,
    );
    const link = linkOf(mail);
    return client.graphql(verify, { id: link.searchParams.get('id'), token: link.searchParams.get('token') });
  }

  async function emailsOf(client: TestClient) {
    return expectData(await client.graphql<Emails>(emailsQuery)).currentUser;
  }

  it('registers with a known address as with a new one, and tells the owner instead of mailing a link', async () => {
    const { account: owner } = await verifiedAccount('en');
    const fresh = new TestClient(olo.url);
    const newAnswer = await fresh.graphql(registerMutation, buildAccount());
    const taker = new TestClient(olo.url);
    const knownAnswer = await taker.graphql(registerMutation, buildAccount({ email: owner.email.toUpperCase() }));
    expect(knownAnswer.errors).toBeUndefined();
    expect(Object.keys(knownAnswer.data?.register ?? {})).toEqual(Object.keys(newAnswer.data?.register ?? {}));
    expect(knownAnswer.data?.register).toMatchObject({ isVerified: false });
    expect(await emailsOf(taker)).toEqual({
      isVerified: false,
      emails: [{ email: owner.email, isVerified: false, isPrimary: true }],
    });

    const notice = await inbox.waitFor(owner.email, (mail) => mail.subject.includes('already in use'));
    expect(notice.text).toContain('http://olo.test/forgot');
    expect(inbox.mails.filter((mail) => mail.to.includes(owner.email) && isVerifyMail(mail))).toHaveLength(1);
    // Asking for the links again tells the owner again; it never mails a link to the taker's account.
    expectData(await taker.graphql('mutation { resendEmailVerification }'));
    await inbox.waitFor(
      owner.email,
      () => inbox.mails.filter((mail) => mail.subject.includes('already in use')).length >= 2,
    );
    expect(inbox.mails.filter((mail) => mail.to.includes(owner.email) && isVerifyMail(mail))).toHaveLength(1);
    // The owner still signs in with the address.
    const ownerBrowser = new TestClient(olo.url);
    expectData(await ownerBrowser.graphql(login, { username: owner.email, password: owner.password }));
  });

  it('adds a known address as a new one, and tells its owner', async () => {
    const { account: owner } = await verifiedAccount('sv');
    const { client: other } = await verifiedAccount();
    const added = expectData(
      await other.graphql<{ addEmail: Array<{ email: string }> }>(addEmail, { email: owner.email }),
    );
    expect(added.addEmail.map((email) => email.email)).toContain(owner.email);
    await inbox.waitFor(owner.email, (mail) => mail.subject.includes('Din adress används redan'));
    expect(inbox.mails.filter((mail) => mail.to.includes(owner.email) && isVerifyMail(mail))).toHaveLength(1);
  });

  it('lets the real owner register and add an address somebody claimed unverified; verifying removes the claims', async () => {
    const victim = buildAccount();
    // One squatter registers with it, another adds it to an account.
    const squatter = new TestClient(olo.url);
    await registerAccount(squatter, { email: victim.email });
    const squatterMail = await inbox.waitFor(victim.email, isVerifyMail);
    const second = new TestClient(olo.url);
    await registerAccount(second);
    expectData(await second.graphql(addEmail, { email: victim.email }));

    const owner = new TestClient(olo.url);
    const registered = await owner.graphql(registerMutation, victim);
    expect(registered.errors).toBeUndefined();
    expect(expectData(await verifyThroughMail(owner, victim.email))).toEqual({ verifyEmail: true });
    expect(await emailsOf(owner)).toMatchObject({
      isVerified: true,
      emails: [{ email: victim.email, isVerified: true }],
    });
    expect((await emailsOf(squatter)).emails).toEqual([]);
    expect((await emailsOf(second)).emails.map((email) => email.email)).not.toContain(victim.email);

    // The squatter's own link no longer works.
    const link = linkIn(squatterMail, 'http://olo.test/verify?');
    const late = await squatter.graphql(verify, {
      id: link.searchParams.get('id'),
      token: link.searchParams.get('token'),
    });
    expect(late.errors?.[0]).toMatchObject({ message: accountErrors.invalidToken });

    // The same for an owner who already has an account and adds the address later.
    const address = buildAccount().email;
    const claimer = new TestClient(olo.url);
    await registerAccount(claimer, { email: address });
    await inbox.waitFor(address, isVerifyMail);
    const { client: later } = await verifiedAccount();
    expectData(await later.graphql(addEmail, { email: address }));
    expectData(await verifyThroughMail(later, address));
    expect((await emailsOf(later)).emails).toContainEqual(
      expect.objectContaining({ email: address, isVerified: true }),
    );
    expect((await emailsOf(claimer)).emails).toEqual([]);
  });

  it('counts failed sign-ins per account, by username or address alike, and lets the owner in after the delay', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const attacker = new TestClient(olo.url);
    for (let attempt = 0; attempt < loginDelay.freeFailures; attempt++) {
      const name = attempt % 2 === 0 ? account.username.toUpperCase() : account.email;
      const answer = await attacker.graphql(login, { username: name, password: 'wrong-password' });
      expect(answer.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    }
    const owner = new TestClient(olo.url);
    const blocked = await owner.graphql(login, { username: account.username, password: account.password });
    expect(blocked.errors?.[0]).toMatchObject({
      message: accountErrors.tooManyAttempts,
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(owner.cookies.has('olo_session')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, loginDelay.firstDelayMs + 100));
    expectData(await owner.graphql(login, { username: account.email, password: account.password }));
  });

  it('counts a wrong old password as a failed sign-in', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client);
    for (let attempt = 0; attempt < loginDelay.freeFailures; attempt++) {
      const answer = await client.graphql(changePassword, {
        oldPassword: 'wrong-password',
        newPassword: 'new-pass-word-1',
      });
      expect(answer.errors?.[0]?.message).toBe(accountErrors.wrongPassword);
    }
    const guessed = await client.graphql(changePassword, {
      oldPassword: account.password,
      newPassword: 'new-pass-word-1',
    });
    expect(guessed.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    const elsewhere = await new TestClient(olo.url).graphql(login, {
      username: account.username,
      password: account.password,
    });
    expect(elsewhere.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});
