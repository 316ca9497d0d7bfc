import { expect, type Page, test } from '@playwright/test';
import { e2eBaseUrl } from './support/environment.ts';
import { waitForMailLink } from './support/mail.ts';
import { tr } from './support/translations.ts';

let sequence = 0;
function newAccount() {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  return { username: `e2e${id}`, password: `pw-${id}-secret`, email: `e2e${id}@example.com` };
}

async function register(page: Page, account: ReturnType<typeof newAccount>) {
  await page.goto('/register');
  await page.getByLabel(tr('fi', 'Username')).fill(account.username);
  await page.getByLabel(tr('fi', 'Password')).fill(account.password);
  await page.getByLabel(tr('fi', 'Email')).fill(account.email);
  await page.getByRole('button', { name: tr('fi', 'Register') }).click();
}

test('register, verify the mailed link, log out, and come back to a protected deep link after login', async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);
  await expect(page).toHaveURL(/\/home$/);

  const { link } = await waitForMailLink(account.email, `${e2eBaseUrl}/verify?`);
  await page.goto(link);
  await expect(page.getByText(tr('fi', 'Your email address has been verified.'))).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);

  const deepLink = '/p/42/alarms?from=2026-11-01#latest';
  await page.goto(deepLink);
  await expect(page).toHaveURL(`/login?redirectFrom=${encodeURIComponent(deepLink)}`);
  await page.getByLabel(tr('fi', 'Username')).fill(account.username);
  await page.getByLabel(tr('fi', 'Password')).fill(account.password);
  await page.getByRole('button', { name: tr('fi', 'Log in') }).click();
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByText(tr('fi', 'This page is not available yet.'))).toBeVisible();
});

test('switching the language to Swedish shows Swedish text, also after a reload', async ({ page }) => {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  // The settings form's picker; the header has another for quick changes.
  await page
    .getByRole('combobox', { name: tr('fi', 'Language') })
    .last()
    .selectOption({ label: 'Svenska' });
  await expect(page.getByRole('heading', { name: tr('sv', 'Profile') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: tr('sv', 'Profile') })).toBeVisible();
  await page.getByRole('button', { name: tr('sv', 'User menu') }).click();
  await expect(page.getByRole('menuitem', { name: tr('sv', 'Log out') })).toBeVisible();
  await page.goto('/p/12/edit/series');
  await expect(page.getByText(tr('sv', 'This page is not available yet.'))).toBeVisible();
});

test('server errors are shown translated: wrong login, and a wrong current password next to its field', async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);
  await expect(page).toHaveURL(/\/home$/);
  // A signed-in user at the front page goes to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(tr('fi', 'No projects yet.'))).toBeVisible();

  await page.goto('/profile');
  const currentPassword = page.getByLabel(tr('fi', 'Current password'));
  await currentPassword.fill('not-my-password');
  await page.getByLabel(tr('fi', 'New password')).fill('a-valid-new-password');
  await page.getByRole('button', { name: tr('fi', 'Change password') }).click();
  await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tr('fi', 'Wrong password'))).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel(tr('fi', 'Username')).fill(account.username);
  await page.getByLabel(tr('fi', 'Password')).fill('not-my-password');
  await page.getByRole('button', { name: tr('fi', 'Log in') }).click();
  await expect(page.getByText(tr('fi', 'Invalid username or password'))).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('admin pages tell a user who is not a site admin that they have no access', async ({ page }) => {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin/users');
  await expect(page.getByText(tr('fi', 'You do not have access to this page.'))).toBeVisible();
});

test('a taken username is shown as the translated "Duplicate username" next to the field', async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await register(page, account);
  await expect(page).toHaveURL(/\/home$/);

  const other = await browser.newPage();
  await register(other, { ...newAccount(), username: account.username });
  const usernameField = other.getByLabel(tr('fi', 'Username'));
  await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
  await expect(other.getByText(tr('fi', 'Duplicate username'))).toBeVisible();
  await expect(other).toHaveURL(/\/register$/);
  await other.close();
});

test('a text without translation is shown as is and kept in the missing-key store', async ({ page }) => {
  const key = `No translation for this ${Date.now()}`;
  await page.goto(`/test?key=${encodeURIComponent(key)}`);
  await expect(page.getByTestId('translation-check')).toHaveText(key);
  const store = await page.evaluate(() => JSON.parse(localStorage.getItem('olo.missingTranslations') ?? '{}'));
  expect(store.fi?.[key]).toBe(key);
});

test('the front page is in Finnish, with the login button and contact details, and registers the service worker', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Olo');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('link', { name: 'Kirjaudu sisään' }).first()).toBeVisible();
  await expect(page.getByText('info@olo.fi')).toBeVisible();
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${e2eBaseUrl}/`, script: `${e2eBaseUrl}/sw.js` });
});

test('leaving a form with unsaved changes asks first, in the user’s language', async ({ page }) => {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await page.getByLabel(tr('fi', 'Name'), { exact: true }).fill('Keskeneräinen Nimi');
  const question = tr('fi', 'Do you really want to leave? You have unsaved changes!');
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: tr('fi', 'Home') }).click();
  await expect.poll(() => asked).toBe(question);
  await expect(page).toHaveURL(/\/profile$/);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: tr('fi', 'Home') }).click();
  await expect(page).toHaveURL(/\/home$/);
});
