import { expect, type Locator, type Page, test } from '@playwright/test';
import { newAccount, register } from './support/accounts.ts';
import { expectControlsOnScreen, expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { answerConfirm } from './support/confirm.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// A fresh server on a busy machine takes its time over the first registration (password hashing) and first pages.
test.describe.configure({ timeout: 180_000 });

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), text);

/** The row's period and time of change each on one line, as many lines of text as text nodes. */
async function expectOnOneLine(row: Locator) {
  for (const testId of ['report-period', 'report-updated']) {
    const lines = await row.getByTestId(testId).evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, testId).toBe(1);
  }
}

/** An organization of the new account's own with two projects: a school with a classroom, a day care without one. */
async function organizationWithProjects(page: Page) {
  const slug = `e2e-reports-${Date.now().toString(36)}`;
  const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    { name: 'E2E Raportit Oy', slug },
  );
  const project = async (name: string) =>
    (
      await graphql<{ createProject: { id: number } }>(
        page,
        'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
        { input: { organizationId: createOrganization.id, name, timeZone: 'Europe/Helsinki' } },
      )
    ).createProject.id;
  const school = await project('E2E Koulu');
  const dayCare = await project('E2E Päiväkoti');
  const space = async (projectId: number, name: string) =>
    (
      await graphql<{ createSpace: { id: number } }>(
        page,
        'mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
        { input: { projectId, name } },
      )
    ).createSpace.id;
  const classroom = await space(school, 'Luokka 1');
  await space(dayCare, 'Aula');
  return { slug, organizationId: createOrganization.id, school, dayCare, classroom };
}

/** A template in the school: a graph of the classroom's CO2, flagged as a template. */
async function schoolTemplate(page: Page, school: number, classroom: number) {
  const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
    {
      input: {
        projectId: school,
        name: 'E2E Sisäilmapohja',
        from: '2026-10-31T22:00:00.000Z',
        to: '2026-11-30T22:00:00.000Z',
      },
    },
  );
  const content = {
    version: 1,
    elements: [
      {
        id: 'graph-1',
        kind: 'graph',
        series: [{ space: { kind: 'space', id: classroom, name: 'Luokka 1' }, dataType: 'CO2' }],
      },
    ],
  };
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: { id: createReport.report.id, version: createReport.report.version, content, template: true },
  });
  return createReport.report.id;
}

test('a report admin creates a report from a template in another project, is told what found no match, clones and deletes it', async ({
  page,
}) => {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  const { school, dayCare, classroom } = await organizationWithProjects(page);
  await schoolTemplate(page, school, classroom);

  await page.goto(`/p/${dayCare}/report`);
  const list = page.getByTestId('report-list-page');
  await expect(list.getByTestId('reports-empty')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await list
    .getByTestId('reports-empty')
    .getByRole('button', { name: tr('fi', 'New report') })
    .click();

  const form = page.getByTestId('create-report-form');
  await form.getByRole('textbox', { name: new RegExp(`^${tr('fi', 'Name')}`) }).fill('E2E Marraskuu');
  await form.getByLabel(new RegExp(`^${tr('fi', 'First day')}`)).fill('1.11.2026');
  await form.getByLabel(new RegExp(`^${tr('fi', 'Last day')}`)).fill('30.11.2026');
  await form.getByRole('combobox', { name: new RegExp(`^${tr('fi', 'Start from')}`) }).click();
  await page.getByRole('option', { name: 'E2E Sisäilmapohja (E2E Koulu, E2E Raportit Oy)' }).click();
  await form.getByRole('button', { name: tr('fi', 'Create report') }).click();

  // The day care has no "Luokka 1": the list says so before the report is opened.
  const notice = page.getByTestId('report-unmapped');
  await expect(notice.getByTestId('report-unmapped-item')).toHaveText([
    fill(tr('fi', '{{space}}: no space of this name'), { space: 'Luokka 1' }),
  ]);
  // The day care has no readings in November either.
  await expect(notice.getByTestId('report-attention-item')).toHaveText([
    tr('fi', 'The report’s range has no readings of its series'),
  ]);
  const row = list.getByTestId('report-row').filter({ hasText: 'E2E Marraskuu' });
  await expect(row).toContainText('1.–30.11.2026');
  await expect(row).toContainText(tr('fi', 'Not published'));
  await expectOnOneLine(row);
  await expectNoSeriousA11yViolations(page);
  await notice.getByRole('button', { name: tr('fi', 'Close') }).click();

  // Cloned back into the school, where every selection finds its space: straight on to the copy.
  await row.getByRole('button', { name: fill(tr('fi', 'Clone {{name}}'), { name: 'E2E Marraskuu' }) }).click();
  const clone = page.getByTestId('clone-report-form');
  await clone.getByRole('combobox', { name: new RegExp(`^${tr('fi', 'Into the project')}`) }).click();
  await page.getByRole('option', { name: 'E2E Koulu (E2E Raportit Oy)' }).click();
  await clone.getByRole('button', { name: tr('fi', 'Clone') }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${school}/report/\\d+$`));
  await page.goto(`/p/${school}/report`);
  await expect(
    page.getByTestId('report-row').filter({ hasText: fill(tr('fi', 'Copy of {{name}}'), { name: 'E2E Marraskuu' }) }),
  ).toBeVisible();

  // On a phone each row wraps into labelled cells, its buttons on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/p/${dayCare}/report`);
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expectOnOneLine(page.getByTestId('report-row'));
  await expectNoSidewaysOverflow(page);
  await expectControlsOnScreen(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: fill(tr('fi', 'Delete {{name}}'), { name: 'E2E Marraskuu' }) }).click();
  expect(await answerConfirm(page, true)).toContain('E2E Marraskuu');
  await expect(page.getByTestId('reports-empty')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an organization admin designs a cover and stops offering a template', async ({ page }) => {
    await register(page, newAccount());
    await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
    const { slug, school, classroom } = await organizationWithProjects(page);
    await schoolTemplate(page, school, classroom);

    await page.goto(`/o/${slug}`);
    const covers = page.getByTestId('report-covers-section');
    await expect(covers.getByTestId('no-report-covers')).toBeVisible();
    await covers.getByRole('button', { name: tr('fi', 'New cover') }).click();
    const created = page.getByTestId('new-cover-form');
    await created.getByRole('textbox', { name: new RegExp(`^${tr('fi', 'Name')}`) }).fill('E2E Kansi');
    await created.getByRole('button', { name: tr('fi', 'Create cover') }).click();

    const editor = page.getByTestId('cover-editor');
    const third = editor.getByRole('textbox', { name: fill(tr('fi', 'Text {{number}}'), { number: '3' }) });
    await third.fill('Mittausjakso ');
    await editor
      .getByRole('button', { name: fill(tr('fi', 'Insert a variable into text {{number}}'), { number: '3' }) })
      .click();
    await page.getByRole('menuitem', { name: new RegExp(`^${tr('fi', 'First day of the report')}`) }).click();
    await expect(third).toHaveValue('Mittausjakso {report.from}');
    await expect(editor.getByTestId('cover-preview')).toContainText(tr('fi', 'Sample project'));
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysOverflow(page);
    await expectControlsOnScreen(page);
    await editor.getByRole('button', { name: tr('fi', 'Save') }).click();
    await expect(editor).toHaveCount(0);
    await expect(covers.getByTestId('report-cover-row').filter({ hasText: 'E2E Kansi' })).toBeVisible();

    // Saved whole: opened again, the cover holds the new text.
    await covers.getByRole('button', { name: fill(tr('fi', 'Edit {{name}}'), { name: 'E2E Kansi' }) }).click();
    await expect(
      page
        .getByTestId('cover-editor')
        .getByRole('textbox', { name: fill(tr('fi', 'Text {{number}}'), { number: '3' }) }),
    ).toHaveValue('Mittausjakso {report.from}');
    await page
      .getByTestId('cover-editor')
      .getByRole('button', { name: tr('fi', 'Cancel') })
      .click();

    const templates = page.getByTestId('report-templates-section');
    const template = templates.getByTestId('report-template-row').filter({ hasText: 'E2E Sisäilmapohja' });
    await expect(template.getByRole('link', { name: 'E2E Koulu' })).toHaveAttribute('href', `/p/${school}`);
    await expectNoSidewaysOverflow(page);
    await expectControlsOnScreen(page);
    await template
      .getByRole('button', { name: fill(tr('fi', 'Stop offering {{name}}'), { name: 'E2E Sisäilmapohja' }) })
      .click();
    await answerConfirm(page, true);
    await expect(templates.getByTestId('no-report-templates')).toBeVisible();
  });
});
