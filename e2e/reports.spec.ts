import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// A whole report's life through the screens a user has: a slow first page on a busy machine included.
test.describe.configure({ timeout: 240_000 });

/** A pattern matching text that starts with `prefix` as written (project names hold parentheses). */
const startingWith = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), text);

/** A 40 × 30 px grey PNG, a floor plan's stand-in. */
const floorPlan = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAAAAAB7tgMBAAAAGElEQVR4nGNYQCRgGFU4qnBU4ajCwawQADBk7h/OS81hAAAAAElFTkSuQmCC',
  'base64',
);

type SavedElement = { kind: string; children: SavedElement[]; repeatPerSpace?: boolean; series?: unknown[] };

async function savedReport(page: Page, id: number) {
  const { report } = await graphql<{
    report: { template: boolean; content: { elements: SavedElement[] }; publicId: string | null };
  }>(page, 'query ($id: Int!) { report(id: $id) { template content publicId } }', { id });
  return report;
}

function reportIdOf(page: Page): number {
  const match = /\/report\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not a report's page: ${page.url()}`);
  return Number(match[1]);
}

async function addElement(page: Page, kind: string) {
  await page.getByRole('button', { name: fill(tr('fi', 'Add {{kind}}'), { kind: tr('fi', kind) }) }).click();
}

/** The series choice a new element starts with, set to a space (by the option's name) and a measurement. */
async function chooseSeries(page: Page, panel: Locator, space: string, measurement?: string) {
  const choice = panel.getByTestId('series-selections');
  await choice
    .getByRole('combobox', { name: tr('fi', 'Space') })
    .last()
    .click();
  await page.getByRole('option', { name: space, exact: true }).click();
  if (measurement) {
    await choice
      .getByRole('combobox', { name: tr('fi', 'Measurement') })
      .last()
      .click();
    await page.getByRole('option', { name: measurement, exact: true }).click();
  }
}

async function waitSaved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
}

test('a report built from scratch becomes a template, a report in another project, a clone, and a public link', async ({
  page,
  browser,
}) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const school = projects.find((project) => project.name === demo.schoolProject)?.id as number;
  const drying = projects.find((project) => project.name === demo.dryingProject)?.id as number;
  expect(school && drying).toBeTruthy();
  const name = `Sisäilma ${Date.now().toString(36)}`;

  // A blank report from the school's report list.
  await page.goto(`/p/${school}/report`);
  await page
    .getByRole('button', { name: tr('fi', 'New report') })
    .first()
    .click();
  const form = page.getByTestId('create-report-form');
  await form.getByRole('textbox', { name: new RegExp(`^${tr('fi', 'Name')}`) }).fill(name);
  await form.getByRole('button', { name: tr('fi', 'Create report') }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${school}/report/\\d+$`), { timeout: 20_000 });
  const templateId = reportIdOf(page);
  const canvas = page.getByTestId('report-canvas');
  const panel = page.getByTestId('element-panel');
  await waitSaved(page);

  // All six kinds: a title with a variable, a rich text, a graph, a table of one named space, an image tour…
  await addElement(page, 'Text');
  await panel.getByRole('textbox', { name: tr('fi', 'Text') }).fill('Sisäilma: {project.name}');
  await expect(canvas.getByText(`Sisäilma: ${demo.schoolProject}`)).toBeVisible();

  await addElement(page, 'Rich text');
  await panel.locator('[contenteditable="true"]').click();
  await page.keyboard.type('Mittaukset tehtiin jatkuvasti koko jakson ajan.');
  await expect(canvas.getByText('Mittaukset tehtiin jatkuvasti koko jakson ajan.')).toBeVisible();

  await addElement(page, 'Graph');
  await chooseSeries(page, panel, tr('fi', 'Every shown space'), 'CO2');

  await addElement(page, 'Data table');
  await chooseSeries(page, panel, 'Luokka 101');

  await addElement(page, 'Image tour');
  await panel
    .getByTestId('image-tour-upload')
    .setInputFiles({ name: 'pohjapiirros.png', mimeType: 'image/png', buffer: floorPlan });
  const pinArea = panel.getByTestId('image-tour-pin-area');
  await expect(pinArea).toBeVisible({ timeout: 15_000 });
  const box = await pinArea.boundingBox();
  if (!box) throw new Error('the floor plan is not drawn');
  await pinArea.click({ position: { x: box.width * 0.3, y: box.height * 0.6 } });
  await expect(panel.getByTestId('image-tour-pin')).toHaveCount(1);

  // …and a heading repeated for every shown space holding a summary of the repeated space.
  await addElement(page, 'Text');
  await panel.getByRole('textbox', { name: tr('fi', 'Text') }).fill('Tila: {space.name}');
  await panel.getByRole('switch', { name: tr('fi', 'Repeat its contents for every shown space') }).check();
  await page.getByTestId('element-palette').getByText(tr('fi', 'Inside the selected')).click();
  await addElement(page, 'Summary');
  await chooseSeries(page, panel, tr('fi', 'The repeated space'));

  // Saved as a template.
  await page.getByTestId('report-settings-toggle').click();
  await page
    .getByRole('switch', { name: tr('fi', 'Template: offered when creating reports in the organization’s projects') })
    .check();
  await waitSaved(page);
  await expect.poll(async () => (await savedReport(page, templateId)).template, { timeout: 20_000 }).toBe(true);
  const saved = await savedReport(page, templateId);
  expect(saved.content.elements.map((element) => element.kind)).toEqual([
    'text',
    'richText',
    'graph',
    'dataTable',
    'imageTour',
    'text',
  ]);
  expect(saved.content.elements[5]).toMatchObject({
    repeatPerSpace: true,
    children: [{ kind: 'summary', series: [{ space: { kind: 'current' } }] }],
  });
  await expectNoSeriousA11yViolations(page);

  // The drying project, in the same organization, gets a report from the template; its spaces have other names.
  await page.goto(`/p/${drying}/report`);
  await page
    .getByRole('button', { name: tr('fi', 'New report') })
    .first()
    .click();
  const fromTemplate = page.getByTestId('create-report-form');
  await fromTemplate.getByRole('textbox', { name: new RegExp(`^${tr('fi', 'Name')}`) }).fill(`${name} (kuivatus)`);
  await fromTemplate.getByRole('combobox', { name: new RegExp(`^${tr('fi', 'Start from')}`) }).click();
  await page.getByRole('option', { name: startingWith(`${name} (${demo.schoolProject},`) }).click();
  await fromTemplate.getByRole('button', { name: tr('fi', 'Create report') }).click();
  const notice = page.getByTestId('report-unmapped');
  // The table's classroom; then the texts and floor plan written for the school, and the pin its space took.
  await expect(notice.getByTestId('report-unmapped-item')).toHaveText([
    fill(tr('fi', '{{space}}: no space of this name'), { space: 'Luokka 101' }),
  ]);
  const attention = notice.getByTestId('report-attention-item');
  await expect(attention.filter({ hasText: 'Mittaukset tehtiin jatkuvasti koko jakson ajan.' })).toHaveCount(1);
  await expect(attention.and(page.locator('[data-kind="imageTour"]'))).toHaveCount(1);
  await expect(attention.and(page.locator('[data-kind="pin"]'))).toHaveText([
    fill(tr('fi', 'Floor-plan pin of {{space}} removed: no space of this name'), { space: 'Liikuntasali' }),
  ]);
  await notice.getByRole('button', { name: tr('fi', 'Close') }).click();

  // Cloned within the drying project; the copy opens in the editor.
  const row = page.getByTestId('report-row').filter({ hasText: `${name} (kuivatus)` });
  await row.getByRole('button', { name: fill(tr('fi', 'Clone {{name}}'), { name: `${name} (kuivatus)` }) }).click();
  const clone = page.getByTestId('clone-report-form');
  await clone.getByRole('combobox', { name: new RegExp(`^${tr('fi', 'Into the project')}`) }).click();
  await page.getByRole('option', { name: startingWith(demo.dryingProject) }).click();
  await clone.getByRole('button', { name: tr('fi', 'Clone') }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${drying}/report/\\d+$`), { timeout: 20_000 });
  const cloneId = reportIdOf(page);
  expect(cloneId).not.toBe(templateId);
  await expect(page.getByTestId('report-canvas').getByText(`Sisäilma: ${demo.dryingProject}`)).toBeVisible();

  // Published, and opened signed out: the clone's document with the drying project's values.
  await page.getByRole('button', { name: tr('fi', 'Publish'), exact: true }).click();
  await expect(page.getByTestId('public-link')).toHaveText(/\/report\/[0-9a-f-]{36}$/);
  const publicPath = new URL((await page.getByTestId('public-link').textContent()) as string, page.url()).pathname;
  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(publicPath);
    const document = anonymous.getByTestId('report-document');
    await expect(document).toHaveAttribute('data-report-ready', 'true', { timeout: 60_000 });
    await expect(document.getByText(`Sisäilma: ${demo.dryingProject}`)).toBeVisible();
    await expect(document.getByText('Mittaukset tehtiin jatkuvasti koko jakson ajan.')).toBeVisible();
    expect((await visitor.cookies()).map((cookie) => cookie.name)).not.toContain('olo_session');
    await expectNoSeriousA11yViolations(anonymous);
  } finally {
    await visitor.close();
  }
});
