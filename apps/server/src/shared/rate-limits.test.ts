import { accountErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, createOrganization, createProject, registerAccount } from '../testing/factories.ts';
import { startSmtpInbox } from '../testing/smtp-inbox.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { RateLimiter, rateLimitRules, SlidingWindow } from './rate-limits.ts';

const forgot = 'mutation Forgot($email: String!) { forgotPassword(email: $email) }';
const register = `mutation Register($username: String!, $password: String!, $email: String!) {
  register(username: $username, password: $password, email: $email) { id }
}`;
const addEmail = 'mutation Add($email: String!) { addEmail(email: $email) { email } }';
const resend = 'mutation Resend { resendEmailVerification }';
const invite = `mutation Invite($organizationId: ID, $email: String, $username: String) {
  invite(organizationId: $organizationId, email: $email, username: $username) { id }
}`;
const reportBug = 'mutation Report($message: String!) { reportBug(message: $message) }';

const tooMany = { message: accountErrors.tooManyRequests, extensions: { code: 'TOO_MANY_REQUESTS' } };

let ipSequence = 0;
/** A client whose requests come from an address of its own (the servers here trust X-Forwarded-For). */
function clientFrom(url: string): TestClient {
  ipSequence += 1;
  const client = new TestClient(url);
  client.headers['x-forwarded-for'] = `198.51.100.${ipSequence}`;
  return client;
}

describe('rate limiter', () => {
  it('counts every key of a call or none, per rule, in a sliding window', () => {
    let now = 0;
    const limiter = new RateLimiter(1, () => now);
    for (let call = 0; call < 3; call++) limiter.take(['forgotPasswordPerAddress', `A${call}@x.fi`]);
    limiter.take(['forgotPasswordPerAddress', 'a@x.fi'], ['forgotPasswordPerIp', '192.0.2.1']);
    limiter.take(['forgotPasswordPerAddress', 'a@x.fi']);
    limiter.take(['forgotPasswordPerAddress', 'A@x.fi']);
    // The address is spent, in any letter case; the IP is not counted for the refused call.
    expect(() => limiter.take(['forgotPasswordPerIp', '192.0.2.1'], ['forgotPasswordPerAddress', 'a@X.fi'])).toThrow(
      accountErrors.tooManyRequests,
    );
    for (let call = 1; call < rateLimitRules.forgotPasswordPerIp.limit; call++) {
      limiter.take(['forgotPasswordPerIp', '192.0.2.1']);
    }
    expect(() => limiter.take(['forgotPasswordPerIp', '192.0.2.1'])).toThrow(accountErrors.tooManyRequests);
    now = rateLimitRules.forgotPasswordPerAddress.windowMs + 1;
    limiter.take(['forgotPasswordPerAddress', 'a@x.fi'], ['forgotPasswordPerIp', '192.0.2.1']);
  });

  it('forgets keys whose window has passed, so that unique keys cannot grow memory without end', () => {
    let now = 0;
    const window = new SlidingWindow(() => now);
    for (let key = 0; key < 30_000; key++) window.record(`old-${key}`, 60_000);
    // All within their window: kept, however many.
    expect(window.size).toBe(30_000);
    now = 60_001;
    for (let key = 0; key < 30_000; key++) window.record(`new-${key}`, 60_000);
    expect(window.size).toBe(30_000);
    expect(window.recent('new-0', 60_000)).toEqual([60_001]);
  });

  it('scales every limit, and turns them off at 0', () => {
    expect(new RateLimiter(2).limitOf('registerPerIp')?.limit).toBe(rateLimitRules.registerPerIp.limit * 2);
    expect(new RateLimiter(2).limitOf('registerPerAddress')?.limit).toBe(rateLimitRules.registerPerAddress.limit * 2);
    expect(new RateLimiter(0).limitOf('registerPerIp')).toBeUndefined();
  });
});

describe.each(testDatabases)('rate limits on %s', (kind) => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let olo: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    olo = await startTestServer(kind, {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'http://olo.test',
      // The test's requests come over loopback, as from a reverse proxy on this machine.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_FACTOR: '1',
    });
  });
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  const mailsTo = (address: string, subject: string) =>
    inbox.mails.filter((mail) => mail.to.includes(address) && mail.subject.includes(subject)).length;

  it('mails a reset link at most 3 times an hour per address, from any IP, and 20 per IP', async () => {
    const account = await registerAccount(clientFrom(olo.url));
    for (let request = 0; request < rateLimitRules.forgotPasswordPerAddress.limit; request++) {
      expectData(await clientFrom(olo.url).graphql(forgot, { email: account.email }));
    }
    expect((await clientFrom(olo.url).graphql(forgot, { email: account.email })).errors?.[0]).toMatchObject(tooMany);
    await inbox.waitFor(account.email, () => mailsTo(account.email, 'Salasanan vaihto') === 3);

    const one = clientFrom(olo.url);
    for (let request = 0; request < rateLimitRules.forgotPasswordPerIp.limit; request++) {
      expectData(await one.graphql(forgot, { email: `nobody${request}@example.com` }));
    }
    expect((await one.graphql(forgot, { email: 'somebody-else@example.com' })).errors?.[0]).toMatchObject(tooMany);
    expect(mailsTo(account.email, 'Salasanan vaihto')).toBe(3);
  });

  it('registers at most 10 accounts an hour per IP and 3 per address', async () => {
    const one = clientFrom(olo.url);
    for (let request = 0; request < rateLimitRules.registerPerIp.limit; request++) {
      expectData(await withIp(one, olo.url).graphql(register, buildAccount()));
    }
    expect((await withIp(one, olo.url).graphql(register, buildAccount())).errors?.[0]).toMatchObject(tooMany);

    const address = buildAccount().email;
    for (let request = 0; request < rateLimitRules.registerPerAddress.limit; request++) {
      expectData(await clientFrom(olo.url).graphql(register, buildAccount({ email: address })));
    }
    expect((await clientFrom(olo.url).graphql(register, buildAccount({ email: address }))).errors?.[0]).toMatchObject(
      tooMany,
    );
  });

  it('sends verification links at most 3 times an hour per account, and adds an address at most 3 times', async () => {
    const client = clientFrom(olo.url);
    const account = await registerAccount(client);
    await inbox.waitFor(account.email, (mail) => mail.subject.includes('Vahvista'));
    for (let request = 0; request < rateLimitRules.resendVerificationPerAccount.limit; request++) {
      expectData(await client.graphql(resend));
    }
    expect((await client.graphql(resend)).errors?.[0]).toMatchObject(tooMany);
    await inbox.waitFor(account.email, () => mailsTo(account.email, 'Vahvista') === 4);

    // Adding and removing one address over and over mails it at most 3 times, whoever asks.
    const target = buildAccount().email;
    const emailsQuery = 'query { currentUser { emails { id email } } }';
    const remove = 'mutation Delete($id: ID!) { deleteUserEmail(userEmailId: $id) { id } }';
    for (let request = 0; request < rateLimitRules.addEmailPerAddress.limit; request++) {
      expectData(await client.graphql(addEmail, { email: target }));
      const emails = expectData(
        await client.graphql<{ currentUser: { emails: Array<{ id: string; email: string }> } }>(emailsQuery),
      ).currentUser.emails;
      expectData(await client.graphql(remove, { id: emails.find((email) => email.email === target)?.id }));
    }
    expect((await client.graphql(addEmail, { email: target })).errors?.[0]).toMatchObject(tooMany);
    const other = clientFrom(olo.url);
    await registerAccount(other);
    expect((await other.graphql(addEmail, { email: target })).errors?.[0]).toMatchObject(tooMany);
    await inbox.waitFor(target, () => mailsTo(target, 'Vahvista') === 3);
    // Refused calls changed nothing.
    const emails = expectData(await client.graphql<{ currentUser: { emails: Array<{ email: string }> } }>(emailsQuery))
      .currentUser.emails;
    expect(emails.map((email) => email.email)).toEqual([account.email]);
  });

  it('invites one person at most 5 times an hour, and 50 people an hour per inviter', async () => {
    const admin = clientFrom(olo.url);
    await registerAccount(admin);
    const organization = await createOrganization(admin);
    const email = `limited-${Date.now()}@example.com`;
    for (let request = 0; request < rateLimitRules.invitePerInvitee.limit; request++) {
      expectData(await admin.graphql(invite, { organizationId: organization.id, email }));
    }
    const refused = await admin.graphql(invite, {
      organizationId: organization.id,
      email: email.toUpperCase(),
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    for (
      let request = rateLimitRules.invitePerInvitee.limit;
      request < rateLimitRules.invitePerInviter.limit;
      request++
    ) {
      expectData(await admin.graphql(invite, { organizationId: organization.id, username: `someone${request}` }));
    }
    const tooMany = await admin.graphql(invite, {
      organizationId: organization.id,
      email: 'another@example.com',
    });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    await inbox.waitFor(email, () => inbox.mails.filter((mail) => mail.to.includes(email)).length === 5);
    expect(inbox.mails.filter((mail) => mail.to.includes('another@example.com'))).toEqual([]);
  });

  it('sends test notifications at most 10 times in 10 minutes per account', async () => {
    const admin = clientFrom(olo.url);
    await registerAccount(admin);
    const organization = await createOrganization(admin);
    const project = await createProject(admin, organization.id);
    const [alarm] = await olo.server.database.sql<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${project.id}, 'Testi', 1000) returning id`;
    const address = buildAccount().email;
    const action = expectData(
      await admin.graphql<{ createAlarmsAction: { id: string } }>(
        'mutation M($input: CreateAlarmsActionInput!) { createAlarmsAction(input: $input) { id } }',
        { input: { alarmId: alarm?.id, type: 'email', email: address } },
      ),
    ).createAlarmsAction;
    const test = 'mutation T($id: ID!) { testAlarmsAction(id: $id) { deliveryStatus } }';
    for (let request = 0; request < rateLimitRules.testAlarmsActionPerAccount.limit; request++) {
      expectData(await admin.graphql(test, { id: action.id }));
    }
    expect((await admin.graphql(test, { id: action.id })).errors?.[0]).toMatchObject(tooMany);
    await inbox.waitFor(address, () => inbox.mails.filter((mail) => mail.to.includes(address)).length === 10);
  });

  it('stores at most 10 anonymous bug reports an hour per IP', async () => {
    const anonymous = clientFrom(olo.url);
    const before = await countBugReports();
    for (let request = 0; request < rateLimitRules.reportBugPerIp.limit; request++) {
      expectData(await anonymous.graphql(reportBug, { message: `Virhe ${request}` }));
    }
    expect((await anonymous.graphql(reportBug, { message: 'Yksi liikaa' })).errors?.[0]).toMatchObject(tooMany);
    const tooLong = await clientFrom(olo.url).graphql(reportBug, { message: 'x'.repeat(10_001) });
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await countBugReports()) - before).toBe(rateLimitRules.reportBugPerIp.limit);
  });

  async function countBugReports(): Promise<number> {
    const [row] = await olo.server.database.sql<
      Array<{ count: number }>
    >`select count(*)::int as count from bug_reports`;
    return row?.count ?? 0;
  }
});

/** A fresh cookie jar on the same address as `client`. */
function withIp(client: TestClient, url: string): TestClient {
  const fresh = new TestClient(url);
  Object.assign(fresh.headers, client.headers);
  return fresh;
}
