import type { Page } from '@playwright/test';
import { tr } from './translations.ts';

let sequence = 0;

/** Unique, valid account fields. */
export function newAccount() {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  return { username: `e2e${id}`, password: `pw-${id}-secret`, email: `e2e${id}@example.com` };
}

/** Fills and sends the Finnish registration form at `/register` (or wherever the page already is). */
export async function register(page: Page, account: ReturnType<typeof newAccount>, options: { goto?: boolean } = {}) {
  if (options.goto !== false) await page.goto('/register');
  // Screens load lazily: after a click that leads here the login form, which also asks for a
  // username, may still be on the page for a moment.
  const form = page.getByRole('form', { name: tr('fi', 'Create an account') });
  await form.getByLabel(tr('fi', 'Username')).fill(account.username);
  await form.getByLabel(tr('fi', 'Password')).fill(account.password);
  await form.getByLabel(tr('fi', 'Email')).fill(account.email);
  await form.getByRole('button', { name: tr('fi', 'Register') }).click();
}

export async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(tr('fi', 'Username')).fill(username);
  await page.getByLabel(tr('fi', 'Password')).fill(password);
  await page.getByRole('button', { name: tr('fi', 'Log in') }).click();
  await page.waitForURL(/\/home$/);
}

/** The demo accounts of DEMO_DATA (docs/decisions/0006-demo-data.md), on in the browser tests' server. */
export const demo = {
  admin: { username: 'demo', password: 'olo-demo-2026' },
  viewer: { username: 'demo-viewer', password: 'olo-demo-2026' },
  schoolProject: 'Koulun sisäilma (demo)',
  dryingProject: 'Kerrostalon kuivatus (demo)',
} as const;
