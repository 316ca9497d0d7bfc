import { accountBounds } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const long = (length: number) => 'x'.repeat(length);
const uuid = '00000000-0000-4000-8000-000000000000';

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** Issues expected in extensions.issues; omitted for GraphQL-level validation errors. */
  issues?: Array<{ path: string; message: string }>;
}

/** Every account mutation with missing, over-long and malformed arguments. */
const cases: Case[] = [
  { name: 'login without password', query: 'mutation { login(username: "a") { id } }' },
  {
    name: 'login with empty username',
    query: 'mutation { login(username: " ", password: "p") { id } }',
    issues: [{ path: 'username', message: 'Required' }],
  },
  {
    name: 'login with an over-long password',
    query: 'mutation L($p: String!) { login(username: "a", password: $p) { id } }',
    variables: { p: long(accountBounds.passwordMax + 1) },
    issues: [{ path: 'password', message: 'Too long' }],
  },
  { name: 'register without email', query: 'mutation { register(username: "abc", password: "long-enough") { id } }' },
  {
    name: 'register with a malformed email',
    query: 'mutation { register(username: "abcdef", password: "long-enough", email: "not-an-email") { id } }',
    issues: [{ path: 'email', message: 'Invalid email' }],
  },
  {
    name: 'register with a short password',
    query: 'mutation { register(username: "abcdef", password: "short", email: "a@example.com") { id } }',
    issues: [{ path: 'password', message: 'Password is too short' }],
  },
  {
    name: 'register with an over-long username',
    query: `mutation { register(username: "${long(accountBounds.usernameMax + 1)}", password: "long-enough", email: "a@example.com") { id } }`,
    issues: [{ path: 'username', message: 'Too long' }],
  },
  {
    name: 'register with a username of spaces and symbols',
    query: 'mutation { register(username: "a b<c>", password: "long-enough", email: "a@example.com") { id } }',
    issues: [{ path: 'username', message: 'Username may contain letters, digits and . _ @ + -' }],
  },
  {
    name: 'register with an over-long name',
    query: `mutation { register(username: "abcdef", password: "long-enough", email: "a@example.com", name: "${long(accountBounds.nameMax + 1)}") { id } }`,
    issues: [{ path: 'name', message: 'Too long' }],
  },
  {
    name: 'register with an unknown language',
    query:
      'mutation { register(username: "abcdef", password: "long-enough", email: "a@example.com", language: de) { id } }',
  },
  {
    name: 'register with a wrongly typed username',
    query: 'mutation { register(username: 5, password: "long-enough", email: "a@example.com") { id } }',
  },
  { name: 'forgotPassword without email', query: 'mutation { forgotPassword }' },
  {
    name: 'forgotPassword with a malformed email',
    query: 'mutation { forgotPassword(email: "@@") }',
    issues: [{ path: 'email', message: 'Invalid email' }],
  },
  {
    name: 'forgotPassword with an over-long email',
    query: `mutation { forgotPassword(email: "${long(250)}@example.com") }`,
    issues: [{ path: 'email', message: 'Too long' }],
  },
  {
    name: 'resetPassword without token',
    query: `mutation { resetPassword(userId: "${uuid}", password: "long-enough") { id } }`,
  },
  {
    name: 'resetPassword with a malformed user id',
    query: 'mutation { resetPassword(userId: "1; drop table users", token: "t", password: "long-enough") { id } }',
    issues: [{ path: 'userId', message: 'Invalid id' }],
  },
  {
    name: 'resetPassword with an over-long token',
    query: `mutation { resetPassword(userId: "${uuid}", token: "${long(accountBounds.tokenMax + 1)}", password: "long-enough") { id } }`,
    issues: [{ path: 'token', message: 'Invalid or expired link' }],
  },
  {
    name: 'resetPassword with a forged token',
    query: `mutation { resetPassword(userId: "${uuid}", token: "forged", password: "long-enough") { id } }`,
  },
  {
    name: 'changePassword without the old password',
    query: 'mutation { changePassword(newPassword: "long-enough") { id } }',
  },
  {
    name: 'changePassword to a short password',
    query: 'mutation { changePassword(oldPassword: "OLD", newPassword: "short") { id } }',
    issues: [{ path: 'newPassword', message: 'Password is too short' }],
  },
  { name: 'verifyEmail without token', query: `mutation { verifyEmail(userEmailId: "${uuid}") }` },
  {
    name: 'verifyEmail with a malformed id',
    query: 'mutation { verifyEmail(userEmailId: "abc", token: "t") }',
    issues: [{ path: 'userEmailId', message: 'Invalid id' }],
  },
  { name: 'addEmail without email', query: 'mutation { addEmail { id } }' },
  {
    name: 'addEmail with a malformed email',
    query: 'mutation { addEmail(email: "a@") { id } }',
    issues: [{ path: 'email', message: 'Invalid email' }],
  },
  {
    name: 'makeEmailPrimary with a malformed id',
    query: 'mutation { makeEmailPrimary(userEmailId: "") { id } }',
    issues: [{ path: 'userEmailId', message: 'Required' }],
  },
  {
    name: 'makeEmailPrimary of an unknown address',
    query: `mutation { makeEmailPrimary(userEmailId: "${uuid}") { id } }`,
  },
  { name: 'deleteUserEmail without id', query: 'mutation { deleteUserEmail { id } }' },
  {
    name: 'deleteUserEmail with a malformed id',
    query: 'mutation { deleteUserEmail(userEmailId: "x") { id } }',
    issues: [{ path: 'userEmailId', message: 'Invalid id' }],
  },
  { name: 'confirmAccountDeletion without token', query: 'mutation { confirmAccountDeletion }' },
  {
    name: 'confirmAccountDeletion with an over-long token',
    query: `mutation { confirmAccountDeletion(token: "${long(accountBounds.tokenMax + 1)}") }`,
    issues: [{ path: 'token', message: 'Invalid or expired link' }],
  },
  {
    name: 'updateUser with an over-long company',
    query: `mutation { updateUser(company: "${long(accountBounds.nameMax + 1)}") { id } }`,
    issues: [{ path: 'company', message: 'Too long' }],
  },
  { name: 'updateUser with a wrongly typed flag', query: 'mutation { updateUser(notifyOnMeterError: "yes") { id } }' },
  { name: 'updateUserOptions without options', query: 'mutation { updateUserOptions { id } }' },
  {
    name: 'updateUserOptions with non-integer ids',
    query: 'mutation { updateUserOptions(options: { dashboardProjects: ["a"] }) { id } }',
  },
  {
    name: 'updateUserOptions with a non-object ui',
    query: 'mutation { updateUserOptions(options: { ui: [1, 2] }) { id } }',
    issues: [{ path: 'options.ui', message: 'Invalid input: expected record, received array' }],
  },
  {
    name: 'updateUserOptions with over-long ui',
    query: 'mutation U($ui: JSON) { updateUserOptions(options: { ui: $ui }) { id } }',
    variables: { ui: { text: long(30_000) } },
    issues: [{ path: 'options', message: 'Too long' }],
  },
  {
    name: 'unlinkAuthentication with a malformed id',
    query: 'mutation { unlinkAuthentication(authenticationId: "1") { id } }',
    issues: [{ path: 'authenticationId', message: 'Invalid id' }],
  },
  {
    name: 'unlinkAuthentication of an unknown one',
    query: `mutation { unlinkAuthentication(authenticationId: "${uuid}") { id } }`,
  },
  { name: 'reportBug without message', query: 'mutation { reportBug(url: "/x") }' },
  {
    name: 'reportBug with an over-long message',
    query: `mutation { reportBug(message: "${long(accountBounds.bugMessageMax + 1)}") }`,
    issues: [{ path: 'message', message: 'Too long' }],
  },
];

describe.each(testDatabases)('account mutations with bad input on %s', (kind) => {
  let olo: TestServer;
  let client: TestClient;
  let username: string;

  /** Every account table, row by row: a bad request must leave all of it as it was. */
  const snapshot = async () => {
    const { sql } = olo.server.database;
    const [users, emails, tokens, sessions, bugs] = await Promise.all([
      sql`select * from users order by id`,
      sql`select * from user_emails order by id`,
      sql`select * from user_tokens order by id`,
      sql`select id, user_id, expires_at from sessions order by id`,
      sql`select * from bug_reports order by id`,
    ]);
    return JSON.stringify({ users, emails, tokens, sessions, bugs });
  };

  beforeAll(async () => {
    olo = await startTestServer(kind);
    client = new TestClient(olo.url);
    ({ username } = await registerAccount(client));
  });
  afterAll(() => olo?.close());

  it.each(cases)('$name: answers a clear error and changes nothing', async (testCase) => {
    const before = await snapshot();
    const answer = await client.graphql(testCase.query, testCase.variables);
    expect(answer.errors?.length, JSON.stringify(answer)).toBeGreaterThan(0);
    const [error] = answer.errors ?? [];
    expect(error?.message).not.toBe('Unexpected error.');
    expect(error?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    if (testCase.issues) {
      expect(error).toMatchObject({
        message: 'Invalid input',
        extensions: { code: 'BAD_USER_INPUT', issues: testCase.issues },
      });
    }
    expect(await snapshot()).toBe(before);
    // Still signed in as the same user.
    const me = await client.graphql<{ currentUser: { username: string } }>('query { currentUser { username } }');
    expect(me.data?.currentUser.username).toBe(username);
  });
});
