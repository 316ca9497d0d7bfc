import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAccount } from '../../testing/factories.ts';
import { linkIn, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { DeviceCookies, deviceCookieName, deviceKeyName, newDeviceKey } from './device-cookies.ts';
import { loginClock, loginDelay } from './login-throttle.ts';

const login = /* GraphQL */ `mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { id } }`;
const logout = /* GraphQL */ `mutation Logout { logout }`;

/** How many wrong guesses the attacks below land: about an hour's worth (decision 0144). */
const guesses = 12;

describe.each(testDatabases)('device cookies at sign-in on %s', (kind) => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let olo: TestServer;
  /**
   * The sign-in delays' clock stands still but for this, so that a guesser need not wait out the
   * delays and no wait ends while a test looks.
   */
  let clockAhead = 0;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    olo = await startTestServer(kind, { SMTP_URL: inbox.url, PUBLIC_URL: 'http://olo.test' });
  });
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });
  beforeEach(() => {
    clockAhead = 0;
    const startedAt = Date.now();
    vi.spyOn(loginClock, 'now').mockImplementation(() => startedAt + clockAhead);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const signIn = (client: TestClient, username: string, password: string) =>
    client.graphql<{ login: { id: string } }>(login, { username, password });

  /**
   * Lands `count` wrong guesses on the account from `client`, moving the clock past each delay as
   * a patient guesser would wait it out, and ends right after the last one (its delay ahead).
   */
  async function guessWrong(client: TestClient, username: string, count = guesses): Promise<void> {
    for (let landed = 0; landed < count; ) {
      const answer = await signIn(client, username, 'a-wrong-guess');
      const code = answer.errors?.[0]?.extensions?.code;
      if (code === 'TOO_MANY_REQUESTS') clockAhead += loginDelay.maxDelayMs;
      else {
        expect(code).toBe('INVALID_CREDENTIALS');
        landed += 1;
      }
    }
  }

  /** A browser of the owner's that has signed in (and out) before: it holds a device cookie. */
  async function ownersBrowser(account: { username: string; password: string }): Promise<TestClient> {
    const browser = new TestClient(olo.url);
    expectData(await signIn(browser, account.username, account.password));
    expectData(await browser.graphql(logout));
    expect(browser.cookies.get(deviceCookieName)).toBeDefined();
    return browser;
  }

  const refused = { message: 'Too many login attempts', extensions: { code: 'TOO_MANY_REQUESTS' } };

  it('lets the owner’s browser that signed in before in at once while guesses keep others out', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const laptop = await ownersBrowser(account);

    await guessWrong(new TestClient(olo.url), account.username);

    expect(expectData(await signIn(laptop, account.email, account.password)).login.id).toBe(account.id);
    expect(laptop.cookies.has('olo_session')).toBe(true);
    // A browser without the cookie is still held back, as before.
    const elsewhere = new TestClient(olo.url);
    expect((await signIn(elsewhere, account.username, account.password)).errors?.[0]).toMatchObject(refused);
    expect(elsewhere.cookies.has('olo_session')).toBe(false);
    // A device may sign in again and again; each sign-in gives it a new cookie.
    const before = laptop.cookies.get(deviceCookieName);
    expectData(await signIn(laptop, account.username, account.password));
    expect(laptop.cookies.get(deviceCookieName)).not.toBe(before);
  });

  it('sets the device cookie signed, http-only, SameSite=Lax, for a year, on GraphQL only', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const browser = new TestClient(olo.url);
    await browser.fetch('/healthz');
    const response = await browser.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': browser.cookies.get('olo_csrf') ?? '' },
      body: JSON.stringify({ query: login, variables: { username: account.username, password: account.password } }),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${deviceCookieName}=`)) ?? '';
    expect(cookie).toMatch(new RegExp(`^${deviceCookieName}=${account.id}\\.[\\w-]{22}\\.[\\w-]{43};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/graphql/i);
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('gives nothing for another account’s device cookie, or a forged or tampered one', async () => {
    const victim = await registerAccount(new TestClient(olo.url));
    const victimsBrowser = await ownersBrowser(victim);
    const genuine = victimsBrowser.cookies.get(deviceCookieName) as string;
    const attacker = new TestClient(olo.url);
    const own = await registerAccount(attacker);
    expect(attacker.cookies.get(deviceCookieName)).toMatch(new RegExp(`^${own.id}\\.`));
    const [, nonce = '', signature = ''] = (attacker.cookies.get(deviceCookieName) as string).split('.');

    await guessWrong(attacker, victim.username);

    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const [, genuineNonce = '', genuineSignature = ''] = genuine.split('.');
    const presented = {
      'the attacker’s own account’s': attacker.cookies.get(deviceCookieName) as string,
      'the attacker’s, renamed to the victim': `${victim.id}.${nonce}.${signature}`,
      'a tampered signature': `${victim.id}.${genuineNonce}.${flip(genuineSignature)}`,
      'a tampered nonce': `${victim.id}.${flip(genuineNonce)}.${genuineSignature}`,
      'a made-up one': `${victim.id}.${'a'.repeat(22)}.${'b'.repeat(43)}`,
      garbage: 'x'.repeat(5000),
    };
    for (const [what, cookie] of Object.entries(presented)) {
      const browser = new TestClient(olo.url);
      await browser.fetch('/healthz');
      browser.cookies.set(deviceCookieName, cookie);
      // Even the right password is refused: none of these is the victim's device.
      const answer = await signIn(browser, victim.username, victim.password);
      expect(answer.errors?.[0], what).toMatchObject(refused);
    }
    expectData(await signIn(victimsBrowser, victim.username, victim.password));
  });

  it('locks out only the device whose cookie its own failures came with, until its delay passes', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const laptop = await ownersBrowser(account);
    const phone = await ownersBrowser(account);

    await guessWrong(laptop, account.username);

    expect((await signIn(laptop, account.username, account.password)).errors?.[0]).toMatchObject(refused);
    expectData(await signIn(phone, account.username, account.password));
    // The account's own count of untrusted browsers is untouched.
    expectData(await signIn(new TestClient(olo.url), account.username, account.password));
    clockAhead += loginDelay.maxDelayMs;
    expectData(await signIn(laptop, account.username, account.password));
  });

  it('clears the count on a successful password reset, the devices’ lockouts too', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const laptop = await ownersBrowser(account);
    await guessWrong(laptop, account.username);
    await guessWrong(new TestClient(olo.url), account.username, loginDelay.freeFailures);
    expect((await signIn(new TestClient(olo.url), account.username, account.password)).errors?.[0]).toMatchObject(
      refused,
    );
    expect((await signIn(laptop, account.username, account.password)).errors?.[0]).toMatchObject(refused);

    const resetting = new TestClient(olo.url);
    const forgot = `mutation Forgot($email: String!) { forgotPassword(email: $email) }`;
    expectData(await resetting.graphql(forgot, { email: account.email }));
    const link = linkIn(
      await inbox.waitFor(account.email, (mail) => mail.subject.includes('Salasanan vaihto')),
      'http://olo.test/reset?',
    );
    const reset = `mutation Reset($userId: ID!, $token: String!, $password: String!) { resetPassword(userId: $userId, token: $token, password: $password) { id } }`;
    expectData(
      await resetting.graphql(reset, {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
        password: 'the-new-password',
      }),
    );

    expectData(await signIn(new TestClient(olo.url), account.username, 'the-new-password'));
    expectData(await signIn(laptop, account.username, 'the-new-password'));
  });

  it('trusts a device cookie that another instance on the same database signed', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    await guessWrong(new TestClient(olo.url), account.username);
    // Another instance starting on this database offers its own new key and gets the stored one.
    const anotherInstance = new AccountsRepository(olo.server.database.db);
    const key = await anotherInstance.sharedSecret(deviceKeyName, newDeviceKey());
    const browser = new TestClient(olo.url);
    await browser.fetch('/healthz');
    browser.cookies.set(deviceCookieName, new DeviceCookies(key).issue(account.id));
    expectData(await signIn(browser, account.username, account.password));
  });
});
