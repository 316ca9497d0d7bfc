import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql, subscribedTo } from './support/graphql.ts';
import { projectFedBy } from './support/projects.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

/** An organization's CO2 limit of its own colours: green below 800 ppm, orange to 1200, red above; bands on gauges. */
const co2Limit = {
  name: 'E2E CO2',
  dataType: 'CO2',
  order: 0,
  min: 400,
  max: 2000,
  limits: [800, 1200],
  colors: ['#2b8a3e', '#e8590c'],
  maxcolor: '#c92a2a',
  normalMin: null,
  normalMax: 1200,
  split: true,
  opacity: 0.3,
};

/**
 * As an organization's admin (here the site admin): the limit created through the API, then picked for the series on
 * the project's Colors tab in a second tab of the browser.
 */
async function giveLimit(page: Page, organizationId: string, projectId: number): Promise<void> {
  await graphql<{ createLimit: { id: number } }>(
    page,
    'mutation ($input: CreateLimitInput!) { createLimit(input: $input) { id } }',
    { input: { ...co2Limit, organizationId } },
  );
  const editor = await page.context().newPage();
  await editor.goto(`/p/${projectId}/edit/colors`);
  const row = editor.getByRole('article', { name: 'Hiilidioksidi' });
  await row.getByLabel('Raja-arvot').selectOption({ label: co2Limit.name });
  await expect(row.getByTestId('series-limit')).toContainText(co2Limit.name);
  await editor.close();
}

test('a CO2 series given a limit shows its bands and band colours live, and behind its summary graph', async ({
  page,
}) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });

  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const { projectId, seriesId, organizationId } = await projectFedBy(page, serial, 'E2E Raja-arvot');

    const subscribed = Promise.all([subscribedTo(page, 'seriesLatestUpdated'), subscribedTo(page, 'projectUpdated')]);
    await page.goto(`/p/${projectId}/live`);
    const gauge = page.getByTestId(`live-gauge-${seriesId}`);
    const value = gauge.getByTestId('live-value');
    await expect(gauge).toContainText('Hiilidioksidi');
    await subscribed;
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));
    await publishUntilShown(
      broker,
      (attempt) => co2Uplink(serial, 2 + attempt, 700),
      (timeout) => expect(value).toHaveText('700 ppm', { timeout }),
    );

    // The limit picked on the Colors tab while the live page is open: its bands and the value's band colour come with projectUpdated.
    await giveLimit(page, organizationId, projectId);
    await expect(gauge.getByTestId('gauge-band')).toHaveCount(3);
    await expect(gauge.getByTestId('gauge-band').nth(0)).toHaveAttribute('data-color', '#2b8a3e');
    await expect(value).toHaveAttribute('data-band-color', '#2b8a3e');
    const meter = gauge.getByRole('meter');
    await expect(meter).toHaveAttribute('aria-valuemax', '2000');

    // A reading in the red band turns the value red, live.
    const high = co2Uplink(serial, 10, 1500);
    await broker.publishAsync(high.topic, high.body, { qos: 1 });
    await expect(value).toHaveText('1500 ppm');
    await expect(value).toHaveAttribute('data-band-color', '#c92a2a');
    await expect(value).toHaveCSS('color', 'rgb(201, 42, 42)');
    expect(await page.evaluate(() => 'sameLoad' in window)).toBe(true);

    // The summary graph paints the limit's bands behind its line (as many as its y range reaches); the switch
    // hides them and shows them again.
    await page.goto(`/p/${projectId}/summary`);
    const plot = page.getByTestId('summary-chart').first().locator('.uplot');
    const bandsPainted = async () => Number((await plot.getAttribute('data-limit-bands')) ?? -1);
    await expect.poll(bandsPainted, { timeout: 30_000 }).toBeGreaterThan(0);
    const showLimits = page.getByRole('switch', { name: 'Näytä raja-arvot' });
    await expect(showLimits).toBeChecked();
    await showLimits.press('Space');
    await expect(showLimits).not.toBeChecked();
    await expect.poll(bandsPainted).toBe(0);
    await showLimits.press('Space');
    await expect.poll(bandsPainted).toBeGreaterThan(0);
    // The table colours the values by their band.
    await expect(page.getByTestId(`summary-row-${seriesId}`).getByTestId('summary-max')).toHaveAttribute(
      'data-band-color',
      /^#[0-9a-f]{6}$/,
    );
  } finally {
    await broker.endAsync();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the live page's banded gauges fit the screen and their values are readable", async ({ page }) => {
    await logIn(page, demo.admin.username, demo.admin.password);
    const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
    const project = projects.find((candidate) => candidate.name === demo.schoolProject);
    expect(project).toBeDefined();
    await page.goto(`/p/${project?.id}/live`);

    const gauges = page.getByRole('meter');
    await expect(gauges.first()).toBeVisible();
    // The demo school's limits give its gauges their bands.
    await expect(gauges.first().getByTestId('gauge-band').first()).toBeAttached();
    const count = await gauges.count();
    expect(count).toBeGreaterThan(2);
    for (let index = 0; index < count; index++) {
      const gauge = gauges.nth(index);
      await gauge.scrollIntoViewIfNeeded();
      const box = await gauge.boundingBox();
      expect(box, `gauge ${index}`).not.toBeNull();
      expect(box?.x ?? -1, `left edge of gauge ${index}`).toBeGreaterThanOrEqual(0);
      expect(
        (box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY),
        `right edge of gauge ${index}`,
      ).toBeLessThanOrEqual(390);
      // Big enough to read the arc at a glance, not a thumbnail.
      expect(box?.width ?? 0, `width of gauge ${index}`).toBeGreaterThanOrEqual(120);

      // The value is shown whole, inside its gauge, in a readable size, and is what assistive technology reads.
      const value = gauge.getByTestId('live-value');
      await expect(value).toBeVisible();
      await expect(value).toHaveText(/\d/);
      await expect(gauge).toHaveAttribute('aria-valuetext', (await value.textContent()) ?? '');
      const text = await value.evaluate((element) => {
        const own = element.getBoundingClientRect();
        const parent = element.closest('[role="meter"]')?.getBoundingClientRect();
        const fontSize = Number.parseFloat(getComputedStyle(element).fontSize);
        return {
          whole: element.scrollWidth <= element.clientWidth + 1,
          // One line: a wrapped value would run over the arc.
          oneLine: own.height < fontSize * 2,
          inside: !!parent && own.left >= parent.left - 1 && own.right <= parent.right + 1,
          fontSize,
        };
      });
      expect(text, `value of gauge ${index}`).toEqual({
        whole: true,
        oneLine: true,
        inside: true,
        fontSize: expect.any(Number),
      });
      expect(text.fontSize, `value size of gauge ${index}`).toBeGreaterThanOrEqual(16);
    }
    await expectNoSidewaysOverflow(page);
  });
});
