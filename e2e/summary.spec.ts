import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/**
 * Signs in as the demo user and opens the summary of the demo school project once its simulated meters have
 * stored readings (the server sends 24 hours of history at start-up, oldest first).
 */
async function openDemoSummary(page: Page): Promise<{ dataRequests: () => number }> {
  let requests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/data/')) requests++;
  });
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(projectId).toBeDefined();
  await expect
    .poll(
      async () =>
        (
          await graphql<{ seriesLatests: unknown[] }>(
            page,
            'query ($id: Int!) { seriesLatests(projectId: $id) { id } }',
            {
              id: projectId,
            },
          )
        ).seriesLatests.length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await page.goto(`/p/${projectId}/summary`);
  return { dataRequests: () => requests };
}

/** Waits until the chart has painted more often than `before`, and returns how often it has. */
async function paintedAfter(chart: Locator, before: number): Promise<number> {
  // Generous: right after start-up the server is still storing the demo history, which slows its answers.
  await expect
    .poll(async () => Number((await chart.getAttribute('data-draws')) ?? 0), { timeout: 40_000 })
    .toBeGreaterThan(before);
  return Number(await chart.getAttribute('data-draws'));
}

/**
 * The legend's values of the lines with the cursor at several places across the chart: one place may fall where a
 * slot's readings are all the same (CO2 at its night floor), several reach the varying school days.
 */
async function valuesNearTheEnd(page: Page, chart: Locator): Promise<string[]> {
  const plot = chart.locator('.u-over');
  // The mouse only reaches what is in the viewport.
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  if (!box) throw new Error('no plot area');
  const values: string[] = [];
  for (const at of [0.13, 0.29, 0.41, 0.57, 0.71, 0.83, 0.97]) {
    // Moved away and back: uPlot updates the legend on cursor moves.
    await page.mouse.move(box.x + 1, box.y + 1);
    await page.mouse.move(box.x + box.width * at, box.y + box.height / 2);
    values.push(
      ...(await chart
        .locator('.u-legend .u-series')
        .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('.u-value')?.textContent ?? ''))),
    );
  }
  return values;
}

/** Settled: the range's slices and the preload have been fetched. */
async function dataSettled(page: Page) {
  await page.waitForLoadState('networkidle');
}

// The first test may meet a server still storing the demo history.
test.describe.configure({ timeout: 120_000 });

test('the summary of the demo project draws its series with uPlot and lists them in the legend and the table', async ({
  page,
}) => {
  await openDemoSummary(page);
  const graphs = page.getByTestId('summary-graph');
  await expect(graphs.first()).toBeVisible({ timeout: 40_000 });
  // Three classrooms, each with temperature, humidity and CO2: a graph per space and unit.
  await expect(graphs).toHaveCount(9);
  const chart = page.getByTestId('summary-chart').first();
  await paintedAfter(chart, 0);
  const legend = chart.locator('.u-legend .u-series');
  // The time, then each series of the space's unit.
  await expect.poll(() => legend.count()).toBeGreaterThan(1);
  expect(await chart.locator('.u-legend').textContent()).toContain('Lämpötila');
  // uPlot painted lines: the canvas holds pixels in the first series' colour range, not only axes and grid.
  const coloured = await chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [red = 0, green = 0, blue = 0, alpha = 0] = data.subarray(index, index + 4);
      // Axes, ticks and grid are grey: a line pixel has colour.
      if (alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 60) count++;
    }
    return count;
  });
  expect(coloured).toBeGreaterThan(100);
  const table = page.getByTestId('summary-table').first();
  await expect(table).toContainText('Luokka 101');
  await expect(table.getByRole('row').nth(1)).toContainText(/\d/);
});

test('the summary draws a graph per space and unit, or one per measurement type, readable on a phone', async ({
  page,
}) => {
  await openDemoSummary(page);
  const graphs = page.getByTestId('summary-graph');
  const titles = () => graphs.getByRole('heading').allTextContents();
  await expect(graphs).toHaveCount(9, { timeout: 40_000 });
  const room = (await titles()).filter((title) => title.startsWith('Luokka 101 · '));
  // Its temperature, humidity and CO2 apart, each titled with the translated type and its unit.
  expect(room).toEqual([
    `Luokka 101 · ${tr('fi', 'Temperature')} (°C)`,
    `Luokka 101 · ${tr('fi', 'Humidity')} (%RH)`,
    `Luokka 101 · CO2 (ppm)`,
  ]);
  // One y axis per graph: uPlot draws the time axis and one value axis.
  const first = page.getByTestId('summary-chart').first();
  await paintedAfter(first, 0);
  await expect(first.locator('.u-axis')).toHaveCount(2);

  await page.getByTestId('summary-group-by').getByText(tr('fi', 'By measurement type')).click();
  await expect(graphs).toHaveCount(3);
  expect(await titles()).toEqual([tr('fi', 'Temperature'), tr('fi', 'Humidity'), 'CO2']);
  const temperature = page.getByTestId('summary-chart').first();
  await paintedAfter(temperature, 0);
  // Each classroom's line, named with its space.
  await expect(temperature.locator('.u-legend')).toContainText('Luokka 101: Lämpötila');
  await expect(temperature.locator('.u-legend')).toContainText('Liikuntasali: Lämpötila');

  // On a phone each graph takes the full width, with its legend under the plot.
  await page.getByTestId('summary-group-by').getByText(tr('fi', 'By space')).click();
  await page.setViewportSize({ width: 390, height: 844 });
  const chart = page.getByTestId('summary-chart').first();
  // uPlot resizes from a ResizeObserver a frame or more after the viewport changes, so the
  // layout is awaited as a whole: full width, inside the screen, the legend under the plot.
  await expect
    .poll(
      async () => {
        const canvas = await chart.locator('canvas').boundingBox();
        const legend = await chart.locator('.u-legend').boundingBox();
        if (!canvas || !legend) return 'not drawn';
        if (canvas.width <= 300) return `plot ${canvas.width} px wide`;
        if (canvas.x + canvas.width > 390) return `plot ends at ${canvas.x + canvas.width} px`;
        if (legend.y < canvas.y + canvas.height - 1)
          return `legend at ${legend.y}, plot ends at ${canvas.y + canvas.height}`;
        return 'fits';
      },
      { timeout: 20_000 },
    )
    .toBe('fits');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('changing the range fetches data again', async ({ page }) => {
  const { dataRequests } = await openDemoSummary(page);
  const chart = page.getByTestId('summary-chart').first();
  await paintedAfter(chart, 0);
  await dataSettled(page);
  const before = dataRequests();
  const range = page.getByTestId('data-slot-range');
  const shown = await range.textContent();

  await page
    .getByTestId('summary-quick-ranges')
    .getByRole('button', { name: tr('fi', 'This month') })
    .click();

  await expect.poll(dataRequests).toBeGreaterThan(before);
  await expect(range).not.toHaveText(shown ?? '');
});

test('changing the mode recomputes the graph without fetching', async ({ page }) => {
  const { dataRequests } = await openDemoSummary(page);
  // A CO2 graph: its readings vary within a slot (a heated room's temperature at night may not).
  const chart = page
    .getByTestId('summary-graph')
    .filter({ has: page.getByRole('heading', { name: /· CO2/ }) })
    .first()
    .getByTestId('summary-chart');
  const first = await paintedAfter(chart, 0);
  // Last month, in hour slots: each slot holds several of the history's 15-minute readings, so a slot's highest
  // differs from its mean (a week's 10-minute slots hold one reading each, except the live hours).
  const range = page.getByTestId('data-slot-range');
  const shown = await range.textContent();
  await page
    .getByTestId('summary-quick-ranges')
    .getByRole('button', { name: tr('fi', 'Last month') })
    .click();
  await expect(range).not.toHaveText(shown ?? '');
  await paintedAfter(chart, first);
  await dataSettled(page);
  const painted = Number(await chart.getAttribute('data-draws'));
  const averages = await valuesNearTheEnd(page, chart);
  expect(averages.some((value) => /\d/.test(value))).toBe(true);
  const before = dataRequests();

  await page.getByTestId('summary-mode').getByText(tr('fi', 'Maximum')).click();

  await paintedAfter(chart, painted);
  await expect.poll(() => valuesNearTheEnd(page, chart)).not.toEqual(averages);
  const maxima = await valuesNearTheEnd(page, chart);
  // A slot's highest reading is at least its mean.
  const number = (text: string) => Number.parseFloat(text.replace(',', '.'));
  averages.forEach((average, index) => {
    if (/\d/.test(average)) expect(number(maxima[index] ?? '')).toBeGreaterThanOrEqual(number(average));
  });
  await dataSettled(page);
  expect(dataRequests()).toBe(before);
});

test('a member saves a period as a data view and a range, and finds both again after a reload', async ({ page }) => {
  await openDemoSummary(page);
  await paintedAfter(page.getByTestId('summary-chart').first(), 0);
  const name = `Näkymä ${Date.now().toString(36)}`;

  await page.getByTestId('summary-mode').getByText(tr('fi', 'Minimum')).click();
  // Each dialog by its title: the one closing may still be on the page while the next opens.
  const viewDialog = page.getByRole('dialog', { name: tr('fi', 'Save view') });
  await page.getByTestId('save-view').click();
  await viewDialog.getByLabel(tr('fi', 'Name')).fill(name);
  await viewDialog.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(page.getByRole('region', { name })).toBeVisible();

  const rangeDialog = page.getByRole('dialog', { name: tr('fi', 'Save range') });
  await page.getByTestId('save-range').click();
  await rangeDialog.getByLabel(tr('fi', 'Name')).fill(`${name} aikaväli`);
  await rangeDialog.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(page.getByTestId('saved-ranges')).toBeEnabled();

  await page.reload();
  await page.getByRole('button', { name: tr('fi', 'Load all saved views') }).click();
  const loaded = page.getByRole('region', { name });
  await expect(loaded).toBeVisible();
  await expect(loaded.getByRole('radio', { name: tr('fi', 'Minimum') })).toBeChecked();
  await loaded.getByTestId('saved-ranges').click();
  await expect(page.getByRole('menuitem', { name: new RegExp(`^${name} aikaväli`) })).toBeVisible();
});

test("the summary's range and grouping are in the address: a reload keeps them", async ({ page }) => {
  await openDemoSummary(page);
  await paintedAfter(page.getByTestId('summary-chart').first(), 0);
  const range = page.getByTestId('data-slot-range');
  const shown = await range.textContent();
  await page
    .getByTestId('summary-quick-ranges')
    .getByRole('button', { name: tr('fi', 'Last month') })
    .click();
  await expect(range).not.toHaveText(shown ?? '');
  await page.getByTestId('summary-group-by').getByText(tr('fi', 'By measurement type')).click();
  await expect(page).toHaveURL(/[?&]range=lastMonth/);
  await expect(page).toHaveURL(/[?&]by=type/);
  const lastMonth = await range.textContent();

  await page.reload();
  await expect(range).toHaveText(lastMonth ?? '', { timeout: 40_000 });
  await expect(page.getByTestId('summary-graph')).toHaveCount(3);
  await expect(
    page.getByTestId('summary-quick-ranges').getByRole('button', { name: tr('fi', 'Last month') }),
  ).toHaveAttribute('data-variant', 'filled');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first graph is near the top: the secondary controls fold under Options', async ({ page }) => {
    await openDemoSummary(page);
    const chart = page.getByTestId('summary-chart').first();
    await paintedAfter(chart, 0);
    // Folded: the slot, mode and gap controls and "Add period" wait behind the two Options buttons.
    await expect(page.getByTestId('summary-slot')).toBeHidden();
    await expect(page.getByTestId('add-period')).toBeHidden();
    // The first graph starts within the first screen.
    const top = (await chart.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top).toBeLessThan(844);

    await page.getByTestId('period-options').click();
    await expect(page.getByTestId('period-options')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('summary-slot')).toBeVisible();
    await page.getByTestId('summary-options').click();
    await expect(page.getByTestId('add-period')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
