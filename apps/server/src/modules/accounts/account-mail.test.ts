import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../testing/factories.ts';
import { linkIn, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

describe('account mail and tokens without an SMTP server', () => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer('pglite', { PUBLIC_URL: 'https://olo.example.com' });
  });
  afterAll(() => olo?.close());

  it('writes the verification mail as an .eml file under DATA_DIR/mail, in the user’s language', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client, { language: 'en' });
    await olo.server.services.accountEmails.flushMail();
    const mailDir = path.join(olo.server.config.dataDir, 'mail');
    const files = fs.readdirSync(mailDir).filter((file) => file.endsWith('.eml'));
    const mails = await Promise.all(files.map((file) => PostalMime.parse(fs.readFileSync(path.join(mailDir, file)))));
    const mail = mails.find((parsed) => parsed.to?.some((to) => to.address === account.email));
    expect(mail?.subject).toBe('Olo: Verify your email address');
    expect(mail?.text).toMatch(/https:\/\/olo\.example\.com\/verify\?id=[0-9a-f-]+&token=[\w-]{43}/);
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const client = new TestClient(olo.url);
    await client.fetch('/healthz');
    const response = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.cookies.get('olo_csrf') ?? '' },
      body: JSON.stringify({
        query:
          'mutation { register(username: "secureuser", password: "long-enough-pw", email: "secure@example.com") { id } }',
      }),
    });
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('olo_session='))).toMatch(/; Secure/);
  });
});

describe('expired tokens', () => {
  let olo: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    olo = await startTestServer('pglite', { SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  it('refuses a reset link after it expires and keeps the old password', async () => {
    const account = await registerAccount(new TestClient(olo.url));
    const client = new TestClient(olo.url);
    expectData(await client.graphql(`mutation { forgotPassword(email: "${account.email}") }`));
    const mail = await inbox.waitFor(account.email, (received) => received.text.includes('/reset?'));
    const link = linkIn(mail, 'http://localhost');
    await olo.server.database
      .sql`update user_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'`;
    const answer = await client.graphql(
      'mutation R($userId: ID!, $token: String!) { resetPassword(userId: $userId, token: $token, password: "new-password-9") { id } }',
      { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') },
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: 'Invalid or expired link',
      extensions: { code: 'INVALID_TOKEN' },
    });
    expectData(
      await client.graphql('mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { id } }', {
        u: account.username,
        p: account.password,
      }),
    );
  });
});
