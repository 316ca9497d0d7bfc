import { expect, test, type WebSocket } from '@playwright/test';
import { logIn, newAccount, register } from './support/accounts.ts';
import { tr } from './support/translations.ts';

const siteAdmin = { username: 'admin', password: 'e2e-admin-password' };

/** `key`'s Finnish text with `{{name}}` filled in. */
const trName = (key: string, name: string) => tr('fi', key).replace('{{name}}', name);

/** Registration hashes a password and the server seeds demo data beside: slow on a busy machine. */
const slow = { timeout: 60_000 };

test.describe.configure({ timeout: 240_000 });

test('an admin deactivates a user, whose open session ends at once and who cannot sign in', async ({ browser }) => {
  // The user, signed in in a browser of their own, on a page that holds the app's websocket open.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const sockets: WebSocket[] = [];
  userPage.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/graphql') sockets.push(socket);
  });
  const account = newAccount();
  await register(userPage, account);
  await expect(userPage).toHaveURL(/\/home$/, slow);
  await expect.poll(() => sockets.filter((socket) => !socket.isClosed()).length).toBeGreaterThan(0);
  const openSockets = sockets.filter((socket) => !socket.isClosed());

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, siteAdmin.username, siteAdmin.password);
  await adminPage.goto('/admin');
  await adminPage.getByRole('link', { name: tr('fi', 'Open {{page}}').replace('{{page}}', tr('fi', 'Users')) }).click();
  await expect(adminPage).toHaveURL(/\/admin\/users$/);
  await adminPage.getByRole('searchbox', { name: tr('fi', 'Search') }).fill(account.username);
  await expect(adminPage.getByTestId('admin-users-count')).toHaveText(
    tr('fi', 'Users found: {{number}}.').replace('{{number}}', '1'),
  );
  const row = adminPage.getByTestId('admin-user-row').filter({ hasText: account.email });
  await expect(row.getByTestId('user-state')).toHaveText(tr('fi', 'Active'));
  await row.getByRole('button', { name: trName('Deactivate {{name}}', account.username) }).click();
  await expect(row.getByTestId('user-state')).toHaveText(tr('fi', 'Deactivated'));

  // At once, without a reload: the user's sockets close and their page goes to the login.
  await expect.poll(() => openSockets.every((socket) => socket.isClosed()), { timeout: 15_000 }).toBe(true);
  await expect(userPage).toHaveURL(/\/login/, { timeout: 15_000 });
  await userPage.getByLabel(tr('fi', 'Username')).fill(account.username);
  await userPage.getByLabel(tr('fi', 'Password')).fill(account.password);
  await userPage.getByRole('button', { name: tr('fi', 'Log in') }).click();
  await expect(userPage.getByText(tr('fi', 'Invalid username or password'))).toBeVisible();
  await expect(userPage).toHaveURL(/\/login/);

  // Activated again, the user signs in; deleted (after the question), they are gone from the list.
  await row.getByRole('button', { name: trName('Activate {{name}}', account.username) }).click();
  await expect(row.getByTestId('user-state')).toHaveText(tr('fi', 'Active'));
  await logIn(userPage, account.username, account.password);

  await row.getByRole('button', { name: trName('Delete the user {{name}}', account.username) }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog).toContainText(account.username);
  await dialog.getByRole('button', { name: tr('fi', 'Delete user') }).click();
  await expect(adminPage.getByTestId('admin-users-count')).toHaveText(
    tr('fi', 'Users found: {{number}}.').replace('{{number}}', '0'),
  );
  await expect(userPage).toHaveURL(/\/login/, { timeout: 15_000 });

  // The site admin's own row offers no way to lock themselves out.
  await adminPage.getByRole('searchbox', { name: tr('fi', 'Search') }).fill(siteAdmin.username);
  const own = adminPage.getByTestId('admin-user-row').and(adminPage.locator(`[data-username="${siteAdmin.username}"]`));
  await expect(own.getByText(tr('fi', 'Your own account: change it on your profile.'))).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);

  await userContext.close();
  await adminContext.close();
});
