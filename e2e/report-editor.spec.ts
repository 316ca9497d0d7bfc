import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectControlsOnScreen, expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// The first test may meet a server still storing the demo history.
test.describe.configure({ timeout: 120_000 });

/** The palette's button adding an element of a kind (by its English label). */
function addName(kind: string): string {
  return tr('fi', 'Add {{kind}}').replace('{{kind}}', tr('fi', kind));
}

/** A new blank report in the demo school project, as the demo administrator; gives the editor's path. */
async function newReport(page: Page, name: string): Promise<{ path: string; id: number }> {
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(projectId).toBeDefined();
  const to = new Date();
  const from = new Date(to.getTime() - 7 * 86_400_000);
  const { createReport } = await graphql<{ createReport: { report: { id: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
    { input: { projectId, name, from: from.toISOString(), to: to.toISOString() } },
  );
  return { path: `/p/${projectId}/report/${createReport.report.id}`, id: createReport.report.id };
}

async function savedContent(page: Page, id: number) {
  const { report } = await graphql<{ report: { version: number; content: { elements: Record<string, unknown>[] } } }>(
    page,
    'query ($id: Int!) { report(id: $id) { version content } }',
    { id },
  );
  return report;
}

test('an administrator builds a report in the editor: elements added, set, nested and saved by themselves', async ({
  page,
}) => {
  const { path, id } = await newReport(page, `Editorin testi ${Date.now()}`);
  await page.goto(path);
  const saveState = page.getByTestId('save-state');
  await expect(saveState).toHaveAttribute('data-state', 'saved');

  // A title with a variable, drawn with its value on the canvas.
  await page.getByRole('button', { name: addName('Text') }).click();
  const panel = page.getByTestId('element-panel');
  await panel.getByRole('textbox', { name: tr('fi', 'Text') }).fill('Raportti: {project.name}');
  await expect(page.getByTestId('report-canvas').getByText(`Raportti: ${demo.schoolProject}`)).toBeVisible();

  // A container repeating per space, with a summary inside it of the repeated space's series.
  await page.getByRole('button', { name: addName('Text') }).click();
  await panel.getByRole('textbox', { name: tr('fi', 'Text') }).fill('Tila {space.name}');
  await panel.getByRole('switch', { name: tr('fi', 'Repeat its contents for every shown space') }).check();
  await page.getByTestId('element-palette').getByText(tr('fi', 'Inside the selected')).click();
  // Inside a repeat, a new summary starts with the repeated space's room measurements.
  await page.getByRole('button', { name: addName('Summary') }).click();

  await expect(saveState).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await expect.poll(async () => (await savedContent(page, id)).content.elements.length, { timeout: 15_000 }).toBe(2);
  const saved = await savedContent(page, id);
  expect(saved.content.elements[0]).toMatchObject({ kind: 'text', text: 'Raportti: {project.name}' });
  expect(saved.content.elements[1]).toMatchObject({
    kind: 'text',
    repeatPerSpace: true,
    children: [{ kind: 'summary', series: [{ space: { kind: 'current' }, dataType: null }] }],
  });

  // Opened again, the report is as it was saved.
  await page.reload();
  await expect(page.getByTestId('report-canvas').getByText(`Raportti: ${demo.schoolProject}`)).toBeVisible();
  await expect(page.getByTestId('element-frame')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
});

test('the editor is usable on a phone: the palette and the panel under the page, nothing wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { path } = await newReport(page, `Puhelintesti ${Date.now()}`);
  await page.goto(path);
  await page.getByRole('button', { name: addName('Graph') }).click();
  await page
    .getByTestId('element-panel')
    .getByRole('button', { name: tr('fi', 'Add series') })
    .click();
  await page
    .getByTestId('element-panel')
    .getByRole('switch', { name: tr('fi', 'Filters of its own') })
    .check();
  await page.getByTestId('report-settings-toggle').click();
  await page.getByRole('button', { name: tr('fi', 'Add a data slot') }).click();
  const canvas = await page.getByTestId('report-canvas').boundingBox();
  const palette = await page.getByTestId('element-palette').boundingBox();
  expect(canvas && palette && palette.y > canvas.y).toBe(true);
  await expectNoSidewaysOverflow(page);
  await expectControlsOnScreen(page);
  await expectNoSeriousA11yViolations(page);
});

test('a report is published with a link to copy, and a new link replaces it on publishing again', async ({ page }) => {
  const { path } = await newReport(page, `Julkaisutesti ${Date.now()}`);
  await page.goto(path);
  await page.getByRole('button', { name: tr('fi', 'Publish'), exact: true }).click();
  const link = page.getByTestId('public-link');
  await expect(link).toHaveText(/\/report\/[0-9a-f-]{36}$/);
  const first = await link.textContent();
  await page.getByRole('button', { name: tr('fi', 'Unpublish') }).click();
  await expect(link).toHaveCount(0);
  await page.getByRole('button', { name: tr('fi', 'Publish'), exact: true }).click();
  await expect(link).toHaveText(/\/report\/[0-9a-f-]{36}$/);
  expect(await link.textContent()).not.toBe(first);
  // Publishing raised the version; a change after it still saves.
  await page.getByRole('textbox', { name: tr('fi', 'Report name') }).fill('Julkaistu raportti');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
});

test('elements are reordered from the keyboard with the drag handle', async ({ page }) => {
  const { path, id } = await newReport(page, `Näppäimistötesti ${Date.now()}`);
  const { version } = await savedContent(page, id);
  const text = (key: string) => ({ id: key, kind: 'text', text: key.toUpperCase(), children: [] });
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: { id, version, content: { version: 1, elements: [text('a'), text('b'), text('c')] } },
  });
  await page.goto(path);
  const order = () =>
    page
      .getByTestId('element-frame')
      .evaluateAll((frames) => frames.map((frame) => frame.getAttribute('data-element-id')));
  await expect.poll(order).toEqual(['a', 'b', 'c']);
  const handle = page.getByRole('button', {
    name: tr('fi', 'Drag {{name}}').replace('{{name}}', `${tr('fi', 'Text')}: A`),
  });
  await handle.focus();
  // dnd-kit measures the places after picking up and after each move: a person's pace, not a script's.
  for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect.poll(order).toEqual(['b', 'c', 'a']);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await expect
    .poll(async () => (await savedContent(page, id)).content.elements.map((element) => element.id), { timeout: 15_000 })
    .toEqual(['b', 'c', 'a']);
});

/** A 40 × 30 px grey PNG, as a photo's stand-in. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAAAAAB7tgMBAAAAGElEQVR4nGNYQCRgGFU4qnBU4ajCwawQADBk7h/OS81hAAAAAElFTkSuQmCC',
  'base64',
);

test('an image tour gets an uploaded image, a caption and a space pinned by clicking the image', async ({ page }) => {
  const { path, id } = await newReport(page, `Kuvakierros ${Date.now()}`);
  await page.goto(path);
  await page.getByRole('button', { name: addName('Image tour') }).click();
  const panel = page.getByTestId('element-panel');
  await panel
    .getByTestId('image-tour-upload')
    .setInputFiles({ name: 'pohja.png', mimeType: 'image/png', buffer: photo });
  const image = panel.getByTestId('image-tour-pin-area');
  await expect(image).toBeVisible({ timeout: 15_000 });
  await panel.getByRole('textbox', { name: tr('fi', 'Caption') }).fill('Pohjapiirros');
  const box = await image.boundingBox();
  if (!box) throw new Error('no image');
  await image.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
  await expect(panel.getByTestId('image-tour-pin')).toHaveCount(1);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const saved = await savedContent(page, id);
  const [tour] = saved.content.elements as { images: { caption: string; pins: { x: number; y: number }[] }[] }[];
  expect(tour?.images[0]?.caption).toBe('Pohjapiirros');
  expect(tour?.images[0]?.pins[0]?.x).toBeCloseTo(0.25, 1);
  expect(tour?.images[0]?.pins[0]?.y).toBeCloseTo(0.5, 1);
});

/** A report long enough to scroll through: ten paragraphs of text. */
async function longReport(page: Page, name: string) {
  const report = await newReport(page, name);
  const { version } = await savedContent(page, report.id);
  const paragraph = (index: number) => ({
    id: `p${index}`,
    kind: 'text',
    text: `Kappale ${index}. ${'Sisäilman olosuhteet kirjataan jokaisesta tilasta. '.repeat(16)}`,
    children: [],
  });
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: {
      id: report.id,
      version,
      content: { version: 1, elements: Array.from({ length: 10 }, (_, i) => paragraph(i)) },
    },
  });
  return report;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a long report at ${viewport.width} px: settings folded, a new graph selected in view with room measurements`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { path, id } = await longReport(page, `Pitkä raportti ${viewport.width} ${Date.now()}`);
    await page.goto(path);
    await expect(page.getByTestId('element-frame')).toHaveCount(10, { timeout: 60_000 });

    // The report's settings are one folded line above the pages, saying the range.
    const toggle = page.getByTestId('report-settings-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('range-settings')).toHaveCount(0);
    await expect(page.getByTestId('report-settings-summary')).toContainText(/\d{4}/);
    const firstFrame = await page.getByTestId('element-frame').first().boundingBox();
    expect(firstFrame && firstFrame.y < viewport.height).toBe(true);

    // A graph is selected and brought into view, wherever the palette is: on a wide screen added inside the first
    // paragraph at the top while the palette is beside the pages, on a phone at the end from under the pages.
    const wide = viewport.width >= 1280;
    if (wide) {
      await page
        .getByTestId('element-frame')
        .first()
        .getByRole('button', { name: new RegExp(`^${tr('fi', 'Text')}: Kappale 0`) })
        .click();
      await page.getByTestId('element-palette').getByText(tr('fi', 'Inside the selected')).click();
    }
    await page.getByRole('button', { name: addName('Graph') }).click();
    const added = page.locator('[data-testid="element-frame"][data-selected]');
    await expect(added).toHaveCount(1);
    await expect(added).toBeInViewport();
    await expect(page.getByTestId('element-panel').getByRole('combobox', { name: tr('fi', 'Space') })).toHaveValue(
      tr('fi', 'Every shown space'),
    );
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await expect
      .poll(
        async () => {
          const { elements } = (await savedContent(page, id)).content;
          return wide ? elements[0]?.children : elements.slice(10);
        },
        { timeout: 15_000 },
      )
      .toMatchObject([
        { kind: 'graph', series: [{ space: { kind: 'all' }, dataType: null }], data: { dataslotId: null } },
      ]);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('range-settings')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

/** A new report of the demo school holding the demo report's content and settings: changed freely, unlike the demo's. */
async function demoReportCopy(page: Page, name: string) {
  const report = await newReport(page, name);
  const projectId = Number(report.path.split('/')[2]);
  const { reports } = await graphql<{ reports: { id: number; name: string }[] }>(
    page,
    'query ($id: Int!) { reports(projectId: $id) { id name } }',
    { id: projectId },
  );
  const demoId = reports.find((candidate) => candidate.name === 'Sisäilmaraportti')?.id;
  expect(demoId).toBeDefined();
  const { report: original } = await graphql<{ report: Record<string, unknown> }>(
    page,
    'query ($id: Int!) { report(id: $id) { content dataslots from to landscape coverId printtemplateId } }',
    { id: demoId },
  );
  const { version } = await savedContent(page, report.id);
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: { id: report.id, version, ...original },
  });
  return report;
}

test('at 1280 px the element settings stay in view while the demo report is scrolled thousands of pixels', async ({
  page,
}) => {
  const viewport = { width: 1280, height: 800 };
  await page.setViewportSize(viewport);
  const { path } = await demoReportCopy(page, `Pitkä demoraportti ${Date.now()}`);
  await page.goto(path);
  // The graphs' data makes the pages thousands of pixels long (it may still be being stored on the first run).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight), { timeout: 90_000 })
    .toBeGreaterThan(4 * viewport.height);
  await page
    .getByTestId('report-canvas')
    .getByRole('button', { name: new RegExp(`^${tr('fi', 'Graph')}`) })
    .first()
    .click();
  const panel = page.getByTestId('element-panel');
  await expect(panel.getByRole('button', { name: tr('fi', 'Add series') })).toBeVisible();

  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, 3500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(3000);
  const sidePanel = await page.getByTestId('editor-side-panel').boundingBox();
  expect(sidePanel).not.toBeNull();
  if (!sidePanel) return;
  // Below the header, and scrolling inside itself rather than running under the window's bottom.
  expect(sidePanel.y).toBeGreaterThanOrEqual(56);
  expect(sidePanel.y + sidePanel.height).toBeLessThanOrEqual(viewport.height);
  await expect(panel).toBeInViewport();
});

test('at 390 px the demo report, with a graph and a data table added, is no wider than the screen, edited or read', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { path, id } = await demoReportCopy(page, `Kapea demoraportti ${Date.now()}`);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto(path);
  await expect(page.getByTestId('summary-chart').first()).toBeVisible({ timeout: 90_000 });
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  const added = page.locator('[data-testid="element-frame"][data-selected]');
  await page.getByRole('button', { name: addName('Graph') }).click();
  await expect(added.getByTestId('summary-chart').first()).toBeVisible({ timeout: 30_000 });
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: addName('Data table') }).click();
  await expect(added.getByTestId('summary-table').first()).toBeVisible({ timeout: 30_000 });
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

  // Read at its public link: the same document, scaled to the screen.
  const { publishReport } = await graphql<{ publishReport: { publicId: string } }>(
    page,
    'mutation ($id: Int!) { publishReport(id: $id) { publicId } }',
    { id },
  );
  await page.goto(`/report/${publishReport.publicId}`);
  await expect(page.getByTestId('report-document')).toHaveAttribute('data-report-ready', 'true', { timeout: 60_000 });
  expect(await pageWidth()).toBeLessThanOrEqual(390);
});

test('a report with the previous month as its range shows that month in the editor and at its public link', async ({
  page,
}) => {
  const { path, id } = await newReport(page, `Kuukausiraportti ${Date.now()}`);
  await page.goto(path);
  await page.getByTestId('report-settings-toggle').click();
  const rangeChoice = page.getByRole('combobox', { name: tr('fi', 'Range of the report') });
  await rangeChoice.click();
  await page.getByRole('option', { name: tr('fi', 'The previous month') }).click();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  // The previous calendar month of the project's zone (Helsinki), e.g. "1.–31.10.2026".
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, month - 2, 1));
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const monthText = `1.–${lastDay}.${previous.getUTCMonth() + 1}.${previous.getUTCFullYear()}`;
  await expect(page.getByTestId('report-period-now')).toContainText(monthText);
  await expect(page.getByTestId('report-settings-summary')).toContainText(monthText);

  const { report } = await graphql<{ report: { period: { kind: string } | null } }>(
    page,
    'query ($id: Int!) { report(id: $id) { period { kind } } }',
    { id },
  );
  expect(report.period).toEqual({ kind: 'previousMonth' });
  // A text naming the range, as the canvas draws it…
  await page.getByRole('button', { name: addName('Text') }).click();
  await page
    .getByTestId('element-panel')
    .getByRole('textbox', { name: tr('fi', 'Text') })
    .fill('Jakso {report.from}–{report.to}');
  const drawn = page.getByTestId('report-canvas').getByText(/^Jakso /);
  await expect(drawn).toContainText(`Jakso 1.${previous.getUTCMonth() + 1}.${previous.getUTCFullYear()}`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const drawnText = (await drawn.textContent()) ?? '';
  // …and the public link the same.
  await page.getByRole('button', { name: tr('fi', 'Publish'), exact: true }).click();
  const link = (await page.getByTestId('public-link').textContent()) ?? '';
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(drawnText, { exact: true })).toBeVisible();
});
