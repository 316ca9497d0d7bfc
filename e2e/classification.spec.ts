import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/** The shipped CO2 class colours (decision 0193) as the browser gives them. */
const classColors: Record<string, string> = {
  S1: 'rgb(43, 138, 62)',
  S2: 'rgb(92, 148, 13)',
  S3: 'rgb(230, 119, 0)',
  belowS3: 'rgb(201, 42, 42)',
};
const classOrder = ['S1', 'S2', 'S3', 'belowS3', 'insufficientData'];

/** A Helsinki day `daysAgo` days before today, as YYYY-MM-DD. */
function helsinkiDay(daysAgo: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(Date.now() - daysAgo * 86_400_000);
}

async function schoolProjectId(page: Page): Promise<number> {
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const id = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(id).toBeDefined();
  return id as number;
}

/** The table's row of a space and measurement (Finnish names), and its class badge. */
function rowOf(table: Locator, space: string, measurement: string) {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: space }) })
    .filter({ hasText: measurement });
  return { row, badge: row.locator('[data-class]') };
}

/** Checks the demo school's table: every space × measurement, classes coloured as their limits, 101's CO2 the worst. */
async function expectSchoolTable(container: Locator) {
  const table = container.getByTestId('classification-table');
  await expect(table).toBeVisible();
  for (const space of ['Luokka 101', 'Luokka 102', 'Liikuntasali']) {
    for (const measurement of ['CO2', 'Lämpötila']) {
      const { badge } = rowOf(table, space, measurement);
      await expect(badge).toHaveCount(1);
      const achieved = (await badge.getAttribute('data-class')) as string;
      expect(Object.keys(classColors)).toContain(achieved);
      await expect(badge).toHaveCSS('background-color', classColors[achieved] as string);
    }
  }
  // The room whose ventilation failed one afternoon and fills up late in the mornings is the worst of the three.
  const classOf = async (space: string) =>
    classOrder.indexOf((await rowOf(table, space, 'CO2').badge.getAttribute('data-class')) as string);
  const worst = await classOf('Luokka 101');
  expect(worst).toBeGreaterThanOrEqual(await classOf('Luokka 102'));
  expect(worst).toBeGreaterThanOrEqual(await classOf('Liikuntasali'));
  await expect(table.getByRole('columnheader', { name: tr('fi', 'Hours out of class') })).toBeVisible();
  // The heat map shows the worst row's hours: school hours of weekdays, some with CO2 over the S2 target.
  const heatMap = container.getByTestId('classification-heat-map');
  await expect(heatMap.getByRole('table')).toBeVisible();
  await expect(heatMap.getByRole('columnheader', { name: '10', exact: true })).toBeVisible();
  const shares = await heatMap
    .locator('td[data-share]')
    .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-share'))));
  expect(shares.length).toBeGreaterThanOrEqual(5 * 8);
  expect(Math.max(...shares)).toBeGreaterThan(0);
}

test.describe.configure({ timeout: 240_000 });

test('the summary shows the demo school by the indoor climate classification, on a phone too', async ({ page }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await schoolProjectId(page);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // The demo's history is stored after the server starts: until then the rooms have no values.
    await expect(async () => {
      await page.goto(`/p/${projectId}/summary?from=${helsinkiDay(30)}&to=${helsinkiDay(2)}`);
      const section = page.getByTestId('classification-section');
      await expect(section.getByRole('heading', { name: tr('fi', 'Indoor climate classification') })).toBeVisible();
      await expect(section.locator('[data-class="insufficientData"]')).toHaveCount(0, { timeout: 5_000 });
      await expectSchoolTable(section);
    }).toPass({ timeout: 150_000 });
    await expectNoSidewaysOverflow(page);
  }
  await expectNoSeriousA11yViolations(page);
  // The default range ends with the live day, whose values come far more often than the history's: the history's
  // hours still count as covered, not as gaps.
  await page.goto(`/p/${projectId}/summary`);
  const section = page.getByTestId('classification-section');
  await expect(section.locator('[data-class="S2"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(section.locator('[data-class="insufficientData"]')).toHaveCount(0);
});

test("a usage schedule that ends before it starts is refused in the project's info", async ({ page }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await schoolProjectId(page);
  await page.goto(`/p/${projectId}/edit/info`);
  const schedule = page.getByTestId('usage-schedule');
  await expect(schedule.getByLabel(tr('fi', 'Monday'))).toBeChecked();
  await expect(schedule.getByLabel(tr('fi', 'Saturday'))).not.toBeChecked();
  await expect(schedule.getByLabel(tr('fi', 'In use from'))).toHaveValue('08:00');
  await schedule.getByLabel(tr('fi', 'In use until')).fill('07:00');
  await page.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(schedule.getByText(tr('fi', 'The end of the day is not after its start'))).toBeVisible();
  const { project } = await graphql<{ project: { usageSchedule: { to: string } } }>(
    page,
    'query ($id: Int!) { project(id: $id) { usageSchedule { to } } }',
    { id: projectId },
  );
  expect(project.usageSchedule.to).toBe('16:00');
});

test('a report element shows the classification in the app, at its public link and in its PDF', async ({
  page,
  browser,
}) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await schoolProjectId(page);
  const to = Date.parse(`${helsinkiDay(1)}T00:00:00+02:00`);
  const name = `Luokitus ${Date.now().toString(36)}`;
  const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
    { input: { projectId, name, from: new Date(to - 28 * 86_400_000).toISOString(), to: new Date(to).toISOString() } },
  );
  const { id, version } = createReport.report;
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: {
      id,
      version,
      content: { version: 1, elements: [{ id: 'classes', kind: 'classification', title: 'Tilojen luokat' }] },
    },
  });
  const { publishReport } = await graphql<{ publishReport: { publicId: string } }>(
    page,
    'mutation ($id: Int!) { publishReport(id: $id) { publicId } }',
    { id },
  );
  try {
    await page.goto(`/p/${projectId}/report/${id}`);
    const inApp = page.getByTestId('report-classification');
    await expect(inApp.getByRole('heading', { name: 'Tilojen luokat' })).toBeVisible({ timeout: 30_000 });
    await expectSchoolTable(inApp);
    await page.getByRole('button', { name: `${tr('fi', 'Classification')}: Tilojen luokat`, exact: true }).click();
    await expect(
      page.getByTestId('element-settings').getByLabel(tr('fi', 'Show the hours of the week outside the target')),
    ).toBeChecked();

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/report/${publishReport.publicId}`);
      await expect(anonymous.getByTestId('report-document')).toHaveAttribute('data-report-ready', 'true');
      await expectSchoolTable(anonymous.getByTestId('report-classification'));
      await expectNoSeriousA11yViolations(anonymous);
      await expectNoSidewaysOverflow(anonymous);
      const link = anonymous.getByRole('link', { name: tr('fi', 'Download PDF') });
      const [download] = await Promise.all([anonymous.waitForEvent('download', { timeout: 60_000 }), link.click()]);
      const text = execFileSync('pdftotext', ['-layout', (await download.path()) as string, '-'], { encoding: 'utf8' });
      expect(text).toContain('Tilojen luokat');
      expect(text).toContain('Luokka 101');
      expect(text).toContain(tr('fi', 'Hours out of class').split(' ')[0] as string);
    } finally {
      await visitor.close();
    }
  } finally {
    await graphql(page, 'mutation ($id: Int!) { deleteReport(id: $id) }', { id });
  }
});
