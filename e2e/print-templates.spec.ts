import { expect, test } from '@playwright/test';
import { newAccount, register } from './support/accounts.ts';
import { expectControlsOnScreen, expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { answerConfirm } from './support/confirm.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// A fresh server on a busy machine takes its time over the first registration (password hashing) and first pages.
test.describe.configure({ timeout: 180_000 });

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), text);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an organization admin makes a print template with a header, stored safe, and deletes it', async ({ page }) => {
    await register(page, newAccount());
    await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
    const slug = `e2e-print-${Date.now().toString(36)}`;
    const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
      page,
      'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
      { name: 'E2E Tulostus Oy', slug },
    );

    await page.goto(`/o/${slug}`);
    const section = page.getByTestId('print-templates-section');
    await expect(section.getByTestId('no-print-templates')).toBeVisible();
    await section.getByRole('button', { name: tr('fi', 'New print template') }).click();
    const form = page.getByTestId('print-template-form');
    await form.getByRole('textbox', { name: new RegExp(`^${tr('fi', 'Name')}`) }).fill('E2E Pohja');
    const header = form.getByRole('textbox', { name: new RegExp(`^${tr('fi', 'Header')}`) });
    await header.fill('<b onclick="alert(1)">Raportti </b><script>alert(2)</script>');
    await header.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(31, 31));
    await form
      .getByRole('button', { name: fill(tr('fi', 'Insert a variable into: {{field}}'), { field: tr('fi', 'Header') }) })
      .click();
    await page.getByRole('menuitem', { name: new RegExp(`^${tr('fi', 'Project name')}`) }).click();
    await expect(header).toHaveValue('<b onclick="alert(1)">Raportti {project.name}</b><script>alert(2)</script>');
    await expect(form.getByTestId('preview-header')).toHaveText(`Raportti ${tr('fi', 'Sample project')}`);
    await expect(form.getByTestId('preview-footer')).toContainText('2 / 5');
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysOverflow(page);
    await expectControlsOnScreen(page);
    await form.getByRole('button', { name: tr('fi', 'Create print template') }).click();
    await expect(form).toHaveCount(0);
    const row = section.getByTestId('print-template-row').filter({ hasText: 'E2E Pohja' });
    await expect(row).toBeVisible();
    await expectNoSidewaysOverflow(page);
    await expectControlsOnScreen(page);

    // Stored sanitized: the handler and the script are gone, the variable is kept.
    const stored = await graphql<{ organization: { printTemplates: Array<{ header: string }> } }>(
      page,
      'query ($id: ID!) { organization(id: $id) { printTemplates { header } } }',
      { id: createOrganization.id },
    );
    expect(stored.organization.printTemplates).toEqual([{ header: '<b>Raportti {project.name}</b>' }]);

    await row.getByRole('button', { name: fill(tr('fi', 'Delete {{name}}'), { name: 'E2E Pohja' }) }).click();
    await answerConfirm(page, true);
    await expect(section.getByTestId('no-print-templates')).toBeVisible();
  });
});
