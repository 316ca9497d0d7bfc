import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/** A text every signed-in user sees on the dashboard, with a placeholder the override keeps. */
const key = 'Welcome, {{name}}!';
const overridden = 'Hyvää päivää, {{name}}! Mukava nähdä.';

/** A translation with its `{{name}}` as any text. */
const shown = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{name\}\}/, '.+')}$`);

// Two browsers sign in and reload on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('an override of a translation shows for another user after reload; removing it restores the shipped text', async ({
  page,
  browser,
}) => {
  // The other user, the demo school's viewer, on the dashboard in Finnish.
  const viewer = await (await browser.newContext()).newPage();
  await logIn(viewer, demo.viewer.username, demo.viewer.password);
  await expect(viewer.getByText(shown(tr('fi', key)))).toBeVisible();

  await logIn(page, 'admin', 'e2e-admin-password');
  try {
    await page.goto('/admin');
    await page
      .getByRole('link', { name: tr('fi', 'Open {{page}}').replace('{{page}}', tr('fi', 'Translations')) })
      .click();
    await page.waitForURL(/\/admin\/translations$/);
    await expect(page.getByTestId('translations-status')).toBeVisible();
    await page.getByRole('searchbox', { name: tr('fi', 'Search') }).fill(key);
    await expect(page.getByTestId('translation-row')).toHaveCount(1);
    const edit = page.getByRole('button', {
      name: tr('fi', 'Edit the {{language}} text of "{{key}}"')
        .replace('{{language}}', 'Suomi')
        .replace('{{key}}', key),
    });
    await edit.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr('fi', 'Text shown') }).fill(overridden);
    await dialog.getByRole('button', { name: tr('fi', 'Save'), exact: true }).click();
    await expect(dialog).toBeHidden();
    const finnish = page.getByTestId('translation-fi');
    await expect(finnish.getByText(tr('fi', 'Override'))).toBeVisible();
    await expect(finnish.getByText(shown(overridden))).toBeVisible();

    await viewer.reload();
    await expect(viewer.getByText(shown(overridden))).toBeVisible();

    await edit.click();
    await dialog.getByRole('button', { name: tr('fi', 'Restore the shipped text') }).click();
    await expect(dialog).toBeHidden();
    await expect(finnish.getByText(tr('fi', 'Override'))).toBeHidden();

    await viewer.reload();
    await expect(viewer.getByText(shown(tr('fi', key)))).toBeVisible();
    await expect(viewer.getByText(shown(overridden))).toHaveCount(0);
  } finally {
    // Other tests read the shipped text: a failure here must not leave the override behind.
    await graphql(page, 'mutation R($key: String!) { removeTranslationOverride(language: fi, key: $key) }', { key });
  }
});
