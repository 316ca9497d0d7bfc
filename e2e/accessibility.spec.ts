import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectControlsOnScreen, expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/** The demo school's public link (apps/server/src/seed/demo-data.ts). */
const demoPublicId = '00000000-0000-4000-8000-00000000de01';

const sizes = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

async function check(page: Page, path: string, phone: boolean) {
  await page.goto(path);
  await expectNoSeriousA11yViolations(page);
  if (phone) {
    await expectNoSidewaysOverflow(page);
    await expectControlsOnScreen(page);
  }
}

/** Ids of the demo school, one of its meters and the demo organization, as the signed-in demo admin sees them. */
async function demoTargets(page: Page) {
  const { projects, organizations, meters } = await graphql<{
    projects: { id: number; name: string }[];
    organizations: { slug: string; name: string }[];
    meters: { id: number }[];
  }>(page, '{ projects { id name } organizations { slug name } meters { id } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(projectId).toBeDefined();
  return { projectId, organizationSlug: organizations[0]?.slug, meterId: meters[0]?.id };
}

/** The meter page's tabs after its overview (apps/web/src/features/meters/MeterPage.tsx). */
const meterTabs = ['calibrations', 'diagnostics', 'commands', 'settings'];

test.describe.configure({ timeout: 300_000 });

for (const [sizeName, viewport] of Object.entries(sizes)) {
  const phone = sizeName === 'phone';
  test.describe(`accessibility on a ${sizeName}`, () => {
    test.use({ viewport });

    test('public pages have no serious WCAG 2.1 AA violations', async ({ page }) => {
      for (const path of [
        '/',
        '/login',
        '/register',
        '/forgot',
        '/about',
        `/project/${demoPublicId}`,
        '/no-such-page',
      ]) {
        await check(page, path, phone);
      }
    });

    test("a project admin's pages have no serious WCAG 2.1 AA violations", async ({ page }) => {
      await logIn(page, demo.admin.username, demo.admin.password);
      const { projectId, organizationSlug, meterId } = await demoTargets(page);
      const project = `/p/${projectId}`;
      const paths = [
        '/home',
        '/p',
        project,
        `${project}/alarms`,
        `${project}/live`,
        `${project}/liveold`,
        `${project}/summary`,
        `${project}/edit`,
        `${project}/edit/info`,
        `${project}/edit/pages`,
        `${project}/edit/users`,
        `${project}/edit/colors`,
        `${project}/edit/series`,
        // The series editor's other tabs (decision 0093).
        `${project}/edit/series?tab=new`,
        `${project}/edit/series?tab=add-meter`,
        `${project}/edit/actions`,
        `${project}/edit/weather`,
        '/o',
        `/o/${organizationSlug}`,
        '/meters',
        `/meters/${meterId}`,
        // The meter page's other tabs; those the viewer may not use open the first.
        ...meterTabs.map((tab) => `/meters/${meterId}?tab=${tab}`),
        '/profile',
        '/errors',
        '/help',
        '/help/getting-started',
        // Not found, signed in: a project that does not exist and an unknown address.
        '/p/999999',
        '/no-such-page',
      ];
      for (const path of paths) await check(page, path, phone);
    });

    test("a view-only member's and the site admin's pages have no serious WCAG 2.1 AA violations", async ({ page }) => {
      await logIn(page, demo.viewer.username, demo.viewer.password);
      const { projectId } = await demoTargets(page);
      for (const path of [
        '/home',
        `/p/${projectId}`,
        `/p/${projectId}/live`,
        `/p/${projectId}/summary`,
        '/meters',
        '/o',
        '/profile',
        '/errors',
      ]) {
        await check(page, path, phone);
      }

      await page.context().clearCookies();
      await logIn(page, 'admin', 'e2e-admin-password');
      const { meters } = await graphql<{ meters: { id: number }[] }>(page, '{ meters { id } }');
      for (const path of [
        '/admin',
        '/admin/meters',
        `/admin/meters/${meters[0]?.id}`,
        // The site admin may use every tab of the meter page, commands and settings too.
        ...meterTabs.map((tab) => `/admin/meters/${meters[0]?.id}?tab=${tab}`),
        '/admin/users',
        '/admin/limits',
        '/admin/colors',
        '/admin/status-dash',
        '/admin/translations',
        '/errors',
        '/help',
        '/help/getting-started',
      ]) {
        await check(page, path, phone);
      }
    });
  });
}

test.describe('phone navigation', () => {
  test.use({ viewport: sizes.phone });

  test('the burger opens the main menu, whose links lead to their pages', async ({ page }) => {
    await logIn(page, demo.admin.username, demo.admin.password);
    // The header has no room for the desktop menu.
    await expect(page.getByRole('navigation', { name: tr('fi', 'Main menu') })).toBeHidden();
    await page.getByRole('button', { name: tr('fi', 'Menu') }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: tr('fi', 'Profile') })).toBeVisible();
    await expect(menu.getByRole('link', { name: tr('fi', 'Log out') })).toBeVisible();
    await expect(menu.getByRole('combobox', { name: tr('fi', 'Language') })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole('link', { name: tr('fi', 'Projects'), exact: true }).click();
    await page.waitForURL(/\/p$/);
    await expect(menu).toBeHidden();
    await expect(page).toHaveTitle(`${tr('fi', 'Projects')} – Olo`);

    // The project's tabs stay one row that scrolls sideways.
    await page.getByRole('link', { name: demo.schoolProject }).first().click();
    const tabs = page.getByTestId('project-tabs');
    await expect(tabs).toBeVisible();
    const row = await tabs.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      height: element.getBoundingClientRect().height,
    }));
    expect(row.height).toBeLessThan(60);
    await expectNoSidewaysOverflow(page);
  });

  test('the editors that open inside a page keep every field and button on the screen', async ({ page }) => {
    await logIn(page, demo.admin.username, demo.admin.password);
    const { projectId } = await demoTargets(page);
    const main = page.getByRole('main');
    // "Edit" buttons are named "Muokkaa: <the item>" for screen readers.
    const edit = { name: new RegExp(`^${tr('fi', 'Edit')}`) };
    const opened = async (path: string, open: () => Promise<void>) => {
      await page.goto(path);
      await open();
      await expectNoSidewaysOverflow(page);
      await expectControlsOnScreen(page);
    };
    // The alarm editor, new and existing; a summary page's editor; a datasource's form in its series' table.
    await opened(`/p/${projectId}/alarms`, () => main.getByRole('button', { name: tr('fi', 'New alarm') }).click());
    await opened(`/p/${projectId}/alarms`, () => main.getByRole('button', edit).first().click());
    await opened(`/p/${projectId}/edit/pages`, () => main.getByRole('button', edit).first().click());
    await opened(`/p/${projectId}/edit/series`, () =>
      page.getByTestId('series-datasource').first().getByRole('button', edit).click(),
    );
  });

  test('"Skip to content" is the first stop of the keyboard and leads into the page', async ({ page }) => {
    // The front page: the login page puts the focus in its first field.
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: tr('fi', 'Skip to content') });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

/** WCAG relative luminance of an `rgb(r, g, b)` colour as computed styles give it. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 30) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the keyboard never reached the element');
}

/** The focused element's ring: a solid outline at least 2 px wide that stands out 3:1 from the white page (WCAG 1.4.11, 2.4.7). */
async function expectClearFocusRing(target: ReturnType<Page['getByRole']>) {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect((1 + 0.05) / (luminance(ring.color) + 0.05)).toBeGreaterThanOrEqual(3);
}

for (const [sizeName, viewport] of Object.entries(sizes)) {
  test.describe(`keyboard on a ${sizeName}`, () => {
    test.use({ viewport });

    test('the language picker shows a clear focus ring', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('main')).toBeVisible();
      const picker = page.getByRole('combobox', { name: tr('fi', 'Language') });
      await tabTo(page, picker);
      await expectClearFocusRing(picker);

      // Signed in on a phone the picker is in the burger's menu; on a desktop it is in the header.
      await logIn(page, demo.admin.username, demo.admin.password);
      if (sizeName === 'phone') await page.getByRole('button', { name: tr('fi', 'Menu') }).click();
      const signedInPicker = page.getByRole('combobox', { name: tr('fi', 'Language') });
      await expect(signedInPicker).toBeVisible();
      await tabTo(page, signedInPicker);
      await expectClearFocusRing(signedInPicker);
    });

    test('the navigation progress bar is hidden from assistive technology and has no invalid role', async ({
      page,
    }) => {
      await logIn(page, demo.admin.username, demo.admin.password);
      await page.goto('/home');
      await expect(page.locator('main')).toBeVisible();
      // The bar lives for a moment after each change of page: a watcher keeps a copy of it as it appears.
      await page.evaluate(() => {
        const seen: string[] = [];
        Object.assign(window, { progressBars: seen });
        new MutationObserver(() => {
          const bar = document.querySelector('#nprogress .bar');
          if (bar) seen.push(bar.outerHTML);
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.getByRole('main').getByRole('link', { name: demo.schoolProject }).first().click();
      await page.waitForURL(/\/p\/\d+/);
      const seenBars = () => page.evaluate(() => (window as unknown as { progressBars?: string[] }).progressBars ?? []);
      // The address changes before the bar's effect runs: wait for the watcher to see it.
      await expect.poll(async () => (await seenBars()).length).toBeGreaterThan(0);
      const bars = await seenBars();
      for (const bar of bars) {
        expect(bar).toContain('aria-hidden="true"');
        expect(bar).not.toContain('role=');
      }
    });

    test('"Skip to content" leads past the header into a signed-in page', async ({ page }) => {
      await logIn(page, demo.admin.username, demo.admin.password);
      await page.goto('/meters');
      // Keyboard use starts on the loaded list: while it loads, its content is still being replaced.
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: tr('fi', 'Skip to content') });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      // The next stop is in the page, not the header's menu or burger.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    });
  });
}
