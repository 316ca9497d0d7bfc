import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';

/** Issue 31 item 8 and its minors: what the first load sends, and what a signed-in user and a phone see. */

const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function schoolProjectId(page: Page): Promise<number> {
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const id = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(id).toBeDefined();
  return id as number;
}

/** The current tab lies wholly inside its row's visible part. */
async function expectInRow(row: Locator, tab: Locator) {
  await expect(tab).toBeVisible();
  await expect
    .poll(async () => {
      const [rowBox, tabBox] = await Promise.all([row.boundingBox(), tab.boundingBox()]);
      if (!rowBox || !tabBox) return false;
      return tabBox.x >= rowBox.x - 1 && tabBox.x + tabBox.width <= rowBox.x + rowBox.width + 1;
    })
    .toBe(true);
}

test('the login page comes compressed, without the router warning, and the service worker caches only what is used', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    encodings.set(path, response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Kirjaudu sisään' })).toBeEnabled();
  expect(encodings.get('/login')).toBe('br');
  const scripts = [...encodings].filter(([path]) => path.startsWith('/assets/') && path.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  // A chunk of a few hundred bytes may go out as it is (its compressed copy would not be smaller).
  expect(scripts.filter(([, encoding]) => encoding === 'br').length).toBeGreaterThan(scripts.length / 2);
  expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  // The form's code and its language are named in index.html (preloaded), so none waits for the shell to run first.
  const html = await (await page.request.get('/login')).text();
  const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]));
  // Once the form is in, the service worker's registration (decision 0164) and the signed-in screens' chunk
  // (decision 0169) load, possibly before this check.
  const afterForm = /\/assets\/(workbox-window|signed-in)[.-]/;
  const firstScreen = scripts.map(([path]) => path).filter((path) => !afterForm.test(path));
  expect(firstScreen.filter((path) => !named.has(path))).toEqual([]);
  // While the user types, home's code arrives.
  await expect
    .poll(() => [...encodings.keys()].some((path) => /\/assets\/signed-in-[\w-]+\.js$/.test(path)))
    .toBe(true);

  // Precached: the shell; a screen's chunks are cached once visited, not before.
  const cached = () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
  await expect.poll(async () => (await cached()).some((path) => /\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  const beforeSignIn = await cached();
  expect(beforeSignIn.filter((path) => /ReportEditorPage|signed-in-/.test(path))).toEqual([]);

  await page.getByLabel('Käyttäjätunnus').fill(demo.viewer.username);
  await page.getByLabel('Salasana').fill(demo.viewer.password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await page.waitForURL(/\/home$/);
  await expect(page.getByTestId('dashboard-projects')).toBeVisible();
  // The worker controls the pages opened after it took over (it does not claim the first one): home, opened again.
  await page.reload();
  await expect(page.getByTestId('dashboard-projects')).toBeVisible();
  await expect
    .poll(async () => (await cached()).some((path) => /\/assets\/signed-in-[\w-]+\.js$/.test(path)))
    .toBe(true);
  expect((await cached()).some((path) => /ReportEditorPage/.test(path))).toBe(false);
});

for (const viewport of Object.values(sizes)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('/about offers a signed-in user their home page, and a visitor the sign-in', async ({ page }) => {
      await page.goto('/about');
      await expect(page.getByRole('link', { name: 'Kirjaudu sisään' }).first()).toBeVisible();
      await logIn(page, demo.viewer.username, demo.viewer.password);
      await page.goto('/about');
      const home = page.getByRole('main').getByRole('link', { name: 'Siirry etusivulle' });
      await expect(home).toBeVisible();
      await expect(home).toHaveAttribute('href', '/home');
      await expect(page.getByRole('main').getByRole('link', { name: 'Kirjaudu sisään' })).toHaveCount(0);
    });

    test("the project list's status column says what the project's status strip says first", async ({ page }) => {
      await logIn(page, demo.admin.username, demo.admin.password);
      await page.goto('/p');
      const row = page.getByTestId('project-list').getByRole('row').filter({ hasText: demo.schoolProject });
      const status = row.getByTestId('project-state-cell');
      await expect(status.getByTestId('project-online')).toBeVisible();
      await expect(status.getByTestId('project-online')).toHaveText(/mittaria yhteydessä|Ei yhteyttä|Ei mittareita/);
      await expect(page.getByRole('columnheader', { name: 'Tila' })).toBeVisible();
    });

    test('a row of tabs shows the current tab, also the last one on a phone', async ({ page }) => {
      await logIn(page, demo.admin.username, demo.admin.password);
      const projectId = await schoolProjectId(page);

      await page.goto(`/p/${projectId}/edit/actions`);
      const editTabs = page.getByRole('tablist', { name: 'Projektin muokkaussivut' });
      await expectInRow(editTabs, editTabs.getByRole('tab', { selected: true }));

      await page.goto(`/p/${projectId}/report`);
      const projectTabs = page.getByTestId('project-tabs');
      await expectInRow(projectTabs, projectTabs.locator('[aria-current="page"]'));
    });
  });
}
