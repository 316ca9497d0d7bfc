import { expect, test } from '@playwright/test';
import { logIn, newAccount, register } from './support/accounts.ts';
import { answerConfirm } from './support/confirm.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

const requiredLabel = (text: string) => new RegExp(`^${text}\\s*\\*?$`);

test.use({ viewport: { width: 390, height: 844 } });

test('an organization admin creates a limit of their own on a phone, sees its bands in the list and deletes it', async ({
  page,
}) => {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);
  const slug = `e2e-limits-${Date.now().toString(36)}`;
  await graphql(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    {
      name: 'E2E Rajat Oy',
      slug,
    },
  );

  await page.goto(`/o/${slug}`);
  const section = page.getByTestId('limits-section');
  await expect(section.getByTestId('no-limits')).toBeVisible();
  await section.getByRole('button', { name: tr('fi', 'Add limit') }).click();

  const form = page.getByTestId('limit-form');
  await form.getByLabel(requiredLabel(tr('fi', 'Name'))).fill('E2E CO2');
  await form.getByRole('combobox', { name: requiredLabel(tr('fi', 'Measurement type')) }).click();
  await page.getByRole('option', { name: 'CO2', exact: true }).click();
  await form.getByLabel(requiredLabel(`${tr('fi', 'Minimum')} \\(ppm\\)`)).fill('400');
  await form.getByLabel(requiredLabel(`${tr('fi', 'Maximum')} \\(ppm\\)`)).fill('2000');
  await form.getByLabel(requiredLabel(tr('fi', 'Band {{number}} ends at').replace('{{number}}', '1'))).fill('800');
  await form.getByLabel(requiredLabel(tr('fi', 'Band {{number}} ends at').replace('{{number}}', '2'))).fill('1200');
  // The preview follows the form: the gauge is there, on the phone's full-screen editor.
  await expect(page.getByTestId('limit-preview').getByTestId('banded-gauge')).toBeVisible();
  await page.getByTestId('limit-preview').screenshot({ path: 'test-results/limit-preview-390.png' });
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();

  await expect(form).toHaveCount(0);
  const row = section.getByTestId('limit-row').filter({ hasText: 'E2E CO2' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('img')).toHaveAttribute('aria-label', /400–800: #2f9e44.*1200–2000: #e03131/);

  await row.getByRole('button', { name: tr('fi', 'Delete {{name}}').replace('{{name}}', 'E2E CO2') }).click();
  await answerConfirm(page, true);
  await expect(section.getByTestId('no-limits')).toBeVisible();
});

test('a site admin sees the shipped global limits and colours', async ({ page }) => {
  await logIn(page, 'admin', 'e2e-admin-password');
  await page.goto('/admin/limits');
  await expect(page.getByRole('heading', { level: 1, name: tr('fi', 'Global limits') })).toBeVisible();
  await expect(page.getByTestId('limit-row').first()).toBeVisible();
  await page.goto('/admin/colors');
  await expect(page.getByRole('heading', { level: 1, name: tr('fi', 'Global colours') })).toBeVisible();
  await expect(page.getByTestId('color-row').first()).toBeVisible();
});
