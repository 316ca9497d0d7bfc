import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

const dayMs = 86_400_000;

test.describe.configure({ timeout: 120_000 });

test("a published report draws its graph, tables and summary from the demo school's history", async ({
  page,
  browser,
}) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(projectId).toBeDefined();
  // The week before yesterday, in whole UTC days: the demo's history covers it.
  const to = new Date(Math.floor(Date.now() / dayMs) * dayMs - dayMs);
  const from = new Date(to.getTime() - 7 * dayMs);
  const co2 = [{ space: { kind: 'all' }, dataType: 'CO2' }];
  const content = {
    version: 1,
    elements: [
      { id: 'graph', kind: 'graph', title: 'Hiilidioksidi', series: co2 },
      { id: 'stats', kind: 'dataTable', title: 'Tilastot', series: co2, layout: 'stats' },
      { id: 'days', kind: 'dataTable', title: 'Päivittäin', series: co2, layout: 'slots', data: { slot: 86_400 } },
      { id: 'summary', kind: 'summary', title: 'Yhteenveto', series: co2, data: { dataslotId: 'school' } },
    ],
  };
  const dataslots = [
    {
      id: 'school',
      name: 'Kouluaika',
      from: from.toISOString(),
      to: to.toISOString(),
      filters: [{ type: 'weekrange', hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })) }],
      nulls: false,
      mode: 'avg',
      slot: 3600,
    },
  ];
  const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
    { input: { projectId, name: `Viikko ${Date.now().toString(36)}`, from, to } },
  );
  const { id, version } = createReport.report;
  try {
    await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
      input: { id, version, content, dataslots },
    });
    const { publishReport } = await graphql<{ publishReport: { publicId: string } }>(
      page,
      'mutation ($id: Int!) { publishReport(id: $id) { publicId } }',
      { id },
    );

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/report/${publishReport.publicId}`);
      const document = anonymous.getByTestId('report-document');
      await expect(document).toHaveAttribute('data-report-ready', 'true', { timeout: 30_000 });

      // The graph is painted (uPlot counts its paints) before the document says it is ready.
      const charts = document.locator('[data-report-body="graph"] [data-testid="summary-chart"]');
      expect(await charts.count()).toBeGreaterThan(0);
      for (const chart of await charts.all()) expect(Number(await chart.getAttribute('data-draws'))).toBeGreaterThan(0);

      // A row per CO2 series: its lowest, mean and highest in whole ppm, and its readings. Other browser tests add CO2
      // series of their own to the demo school, fed only from their start: those rows say "-" over the demo's history.
      const statsRows = document.locator('[data-report-body="dataTable"] [data-testid^="summary-row-"]');
      const means = await statsRows.getByTestId('summary-avg').allTextContents();
      const counts = await statsRows.getByTestId('summary-count').allTextContents();
      const measured = means.flatMap((mean, row) => (mean === '-' ? [] : [{ mean, count: counts[row] ?? '' }]));
      expect(measured.length).toBeGreaterThan(0);
      for (const { mean, count } of measured) {
        expect(mean).toMatch(/^\d+ ppm$/);
        expect(count).toMatch(/^[1-9][\d\s]*$/);
      }
      // A row per Helsinki day: the range runs from 02:00 or 03:00 of its first to that time of its last.
      const dayRows = document.getByTestId('report-slot-table').locator('tbody tr');
      await expect(dayRows).toHaveCount(8);

      // The summary names the data slot and its hours, and says how long the air was outside its normal range.
      const summary = document.locator('[data-report-body="summary"]');
      await expect(summary.getByTestId('report-view-line')).toContainText('Kouluaika');
      await expect(summary.getByTestId('report-view-line')).toContainText('ma–pe 8–16');
      await expect(summary.locator('[data-testid^="report-summary-stats-"]').first()).toContainText(
        tr('fi', 'Minimum {{min}}, average {{avg}}, maximum {{max}}').split(' ')[0] as string,
      );
      await expect(summary.locator('[data-testid^="report-summary-shares-"]').first()).toContainText('ajasta');

      await expectNoSeriousA11yViolations(anonymous);
      await expectNoSidewaysOverflow(anonymous);
    } finally {
      await visitor.close();
    }
  } finally {
    await graphql(page, 'mutation ($id: Int!) { deleteReport(id: $id) }', { id });
  }
});
