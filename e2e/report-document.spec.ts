import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/**
 * A report over November 2026 (Helsinki days) whose texts use variables, with a rich text and a part repeated for
 * every shown space.
 */
const content = {
  version: 1,
  elements: [
    { id: 'title', kind: 'text', style: 'title', text: '{project.name}: {report.from}–{report.to}' },
    {
      id: 'intro',
      kind: 'richText',
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Mittaukset ' },
              { type: 'text', text: 'ohjeen', marks: [{ type: 'link', attrs: { href: 'https://example.org/ohje' } }] },
              { type: 'text', text: ' mukaan.' },
            ],
          },
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [
                  { type: 'tableHeader', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tila' }] }] },
                  { type: 'tableHeader', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Arvio' }] }] },
                ],
              },
            ],
          },
        ],
      },
    },
    {
      id: 'rooms',
      kind: 'text',
      style: 'heading',
      text: 'Tilat',
      repeatPerSpace: true,
      // The public link lists only the spaces the report shows: each space's series make it one.
      children: [
        { id: 'room', kind: 'text', style: 'subheading', text: 'Tila: {space.name}' },
        { id: 'room-graph', kind: 'graph', series: [{ space: { kind: 'current' }, dataType: null }] },
      ],
    },
  ],
};

test.describe.configure({ timeout: 120_000 });

test('a published report opens signed out, on a phone too, and its old link stops working', async ({
  page,
  browser,
}) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(projectId).toBeDefined();
  const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
    {
      input: {
        projectId,
        name: `Marraskuu ${Date.now().toString(36)}`,
        from: '2026-10-31T22:00:00.000Z',
        to: '2026-11-30T22:00:00.000Z',
      },
    },
  );
  const { id, version } = createReport.report;
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: { id, version, content, landscape: true },
  });
  const publish = () =>
    graphql<{ publishReport: { publicId: string } }>(
      page,
      'mutation ($id: Int!) { publishReport(id: $id) { publicId } }',
      {
        id,
      },
    ).then((answer) => answer.publishReport.publicId);
  const publicId = await publish();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/report/${publicId}`);
    const document = anonymous.getByTestId('report-document');
    await expect(document).toHaveAttribute('data-report-ready', 'true');
    await expect(document).toHaveAttribute('data-orientation', 'landscape');
    await expect(document.getByRole('heading', { level: 1 })).toHaveText(/: 1\.11\.2026–30\.11\.2026$/);
    await expect(document.getByRole('link', { name: 'ohjeen' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(document.getByRole('columnheader', { name: 'Tila' })).toBeVisible();
    // The demo school's shown spaces, one copy of the repeated part each.
    await expect(document.getByRole('heading', { level: 3, name: 'Tila: Luokka 101' })).toBeVisible();
    await expectNoSeriousA11yViolations(anonymous);
    await expectNoSidewaysOverflow(anonymous);
    expect((await visitor.cookies()).map((cookie) => cookie.name)).not.toContain('olo_session');

    const newPublicId = await publish();
    expect(newPublicId).not.toBe(publicId);
    await anonymous.goto(`/report/${publicId}`);
    await expect(anonymous.getByTestId('public-report-not-found')).toContainText(
      tr('fi', 'This report is not published, or its link has changed.'),
    );
    await anonymous.goto(`/report/${newPublicId}`);
    await expect(anonymous.getByTestId('report-document')).toBeVisible();
  } finally {
    await visitor.close();
    await graphql(page, 'mutation ($id: Int!) { deleteReport(id: $id) }', { id });
  }
});

/** The demo school's published indoor-air report (apps/server/src/seed/demo-reports.ts, `demoReportPublicId`). */
const demoReportPublicId = '00000000-0000-4000-8000-00000000de02';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the demo report's pages are A4 sheets holding their graphs whole at ${viewport.width} px`, async ({
    browser,
  }) => {
    // The demo's history may still be being stored: its wait below is longer than the file's usual time.
    test.setTimeout(240_000);
    const visitor = await browser.newContext({ viewport });
    try {
      const page = await visitor.newPage();
      // The demo's history is stored after the server starts: until then the graphs have nothing to draw.
      await expect(async () => {
        await page.goto(`/report/${demoReportPublicId}`);
        await expect(page.getByTestId('report-document')).toHaveAttribute('data-report-ready', 'true', {
          timeout: 60_000,
        });
        await expect(page.getByTestId('summary-chart').first()).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 110_000 });
      const layout = await page.evaluate(() => {
        const box = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        };
        const sheets = [...document.querySelectorAll('[data-testid="report-page"], [data-testid="report-cover"]')].map(
          box,
        );
        // A block moved to the next page is pushed down by its own top padding (reportPagination.ts): its content
        // starts below it.
        const drawn = [
          ...document.querySelectorAll<HTMLElement>('[data-report-body], [data-testid="summary-chart"]'),
        ].map((element) => {
          const scale = element.getBoundingClientRect().width / (element.offsetWidth || 1);
          const push = element.hasAttribute('data-page-start')
            ? Number.parseFloat(getComputedStyle(element).paddingTop)
            : 0;
          const { top, ...rest } = box(element);
          return { name: element.textContent?.slice(0, 40) ?? '', ...rest, top: top + push * scale };
        });
        return { sheets, drawn, width: document.documentElement.clientWidth };
      });
      expect(layout.sheets.length).toBeGreaterThanOrEqual(4);
      for (const sheet of layout.sheets) {
        // A4 portrait, within the screen's width.
        expect((sheet.bottom - sheet.top) / (sheet.right - sheet.left)).toBeCloseTo(297 / 210, 1);
        expect(sheet.right).toBeLessThanOrEqual(layout.width + 1);
      }
      // Every block (an element, a graph) that fits a page lies inside one sheet's frame: none runs past its border
      // or over the gap between pages.
      const sheetHeight = Math.min(...layout.sheets.map((sheet) => sheet.bottom - sheet.top));
      for (const item of layout.drawn.filter((drawn) => drawn.bottom - drawn.top < sheetHeight)) {
        const holder = layout.sheets.find(
          (sheet) =>
            item.left >= sheet.left - 1 &&
            item.right <= sheet.right + 1 &&
            item.top >= sheet.top - 1 &&
            item.bottom <= sheet.bottom + 1,
        );
        expect(holder, `"${item.name}" at ${item.top}–${item.bottom}`).toBeDefined();
      }
      await expectNoSidewaysOverflow(page);
    } finally {
      await visitor.close();
    }
  });
}
