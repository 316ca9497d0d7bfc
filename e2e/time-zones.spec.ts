import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// The viewer sits in New York; the demo project's building is in Helsinki. Its pages show Helsinki's wall clock and
// say so, and its date fields read what is typed or picked as Helsinki days.
test.use({ timezoneId: 'America/New_York', locale: 'fi-FI' });
test.describe.configure({ timeout: 120_000 });

const helsinki = 'Europe/Helsinki';

async function demoProject(page: Page): Promise<number> {
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string; timeZone: string }[] }>(
    page,
    '{ projects { id name timeZone } }',
  );
  const project = projects.find((item) => item.name === demo.schoolProject);
  expect(project?.timeZone).toBe(helsinki);
  return project?.id as number;
}

/** `D.M.YYYY` of an instant on Helsinki's calendar, as a Finn types a day. */
function finnishDay(instant: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: helsinki,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((item) => item.type === type)?.value;
  return `${part('day')}.${part('month')}.${part('year')}`;
}

test("a project's and its meters' pages show times on the project's clock and name its zone", async ({ page }) => {
  const projectId = await demoProject(page);
  await page.goto(`/p/${projectId}`);
  await expect(page.getByTestId('time-zone-note')).toHaveText(
    tr('fi', 'Times in the time zone {{zone}}').replace('{{zone}}', helsinki),
  );

  const { meters } = await graphql<{ meters: { id: number; projects: { id: number }[] }[] }>(
    page,
    '{ meters { id projects { id } } }',
  );
  const meter = meters.find((item) => item.projects.some((project) => project.id === projectId));
  expect(meter).toBeDefined();
  await page.goto(`/meters/${meter?.id}`);
  await expect(page.getByTestId('time-zone-note')).toContainText(helsinki);
  // The latest reading's time is Helsinki's, not New York's (seven hours apart).
  const latest = page.getByTestId('meter-latest').locator('time[datetime]').first();
  await expect(latest).toBeVisible({ timeout: 30_000 });
  const iso = (await latest.getAttribute('datetime')) as string;
  const inZone = (timeZone: string) =>
    new Intl.DateTimeFormat('fi', { dateStyle: 'short', timeStyle: 'medium', timeZone }).format(new Date(iso));
  await expect(latest).toHaveText(inZone(helsinki));
  expect(inZone(helsinki)).not.toBe(inZone('America/New_York'));
});

test("the summary's date fields take a typed Finnish day and a day picked in the calendar", async ({ page }) => {
  const projectId = await demoProject(page);
  await page.goto(`/p/${projectId}/summary`);
  const from = page.getByTestId('summary-range-from').first();
  const to = page.getByTestId('summary-range-to').first();
  await expect(from).toBeVisible({ timeout: 30_000 });
  const range = page.getByTestId('data-slot-range').first();

  const day = 24 * 60 * 60 * 1000;
  const before = (await range.textContent()) ?? '';
  const weekAgo = finnishDay(Date.now() - 10 * day);
  const yesterday = finnishDay(Date.now() - day);
  // Typed: the field reads the Finnish date and keeps showing it after leaving the field.
  await from.click();
  await from.fill(weekAgo);
  await from.press('Tab');
  await expect(from).toHaveValue(weekAgo);

  // Picked: the calendar opens on the field, starts its weeks on Monday and names each day in full.
  await to.click();
  // The first field's calendar may stay in the page, hidden or still closing, when this one opens.
  const calendar = page.locator('[data-dates-dropdown]').filter({ visible: true });
  await expect(calendar).toHaveCount(1);
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('thead th').first()).toHaveText('ma');
  const [dd, mm, yyyy] = yesterday.split('.').map(Number) as [number, number, number];
  const dayName = new Intl.DateTimeFormat('fi', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(yyyy, mm - 1, dd)),
  );
  await calendar.getByRole('button', { name: dayName, exact: true }).click();
  await expect(to).toHaveValue(yesterday);
  await expect(calendar).toBeHidden();
  // The slot's shown range follows the days.
  await expect(range).not.toHaveText(before);
  await expect(range).toContainText(`${weekAgo.split('.')[0]}.`);
});
