import { type Browser, expect, type Page, test } from '@playwright/test';
import { logIn, newAccount, register } from './support/accounts.ts';
import { answerConfirm } from './support/confirm.ts';
import { tr } from './support/translations.ts';

const requiredLabel = (text: string) => new RegExp(`^${text}\\s*\\*?$`);
const unique = Date.now().toString(36);

/** A site admin writes a global help document on /help with the editor, checking its preview; it opens once saved. */
async function writeHelpDocument(
  page: Page,
  document: { name: string; path: string; language: string; content: string; previewText: string; publish: boolean },
) {
  await page.goto('/help');
  await page.getByRole('button', { name: tr('fi', 'New help document') }).click();
  const form = page.getByTestId('help-editor');
  await form.getByLabel(requiredLabel(tr('fi', 'Name'))).fill(document.name);
  await form.getByLabel(tr('fi', 'Address')).fill(document.path);
  await form.getByRole('combobox', { name: tr('fi', 'Language') }).click();
  await page.getByRole('listbox').getByRole('option', { name: document.language, exact: true }).click();
  await form.getByLabel(tr('fi', 'Content')).fill(document.content);
  if (document.publish) await form.getByRole('switch', { name: tr('fi', 'Published') }).check();
  await form.getByRole('tab', { name: tr('fi', 'Preview') }).click();
  await expect(page.getByTestId('help-preview').getByRole('heading', { level: 2 })).toHaveText(document.previewText);
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(page.getByRole('heading', { level: 1, name: document.name })).toBeVisible();
}

/** Searches /help as the reader and returns the names of the documents found. */
async function search(page: Page, language: 'fi' | 'sv', text: string): Promise<string[]> {
  await page.goto('/help');
  await page.getByRole('searchbox', { name: tr(language, 'Search') }).fill(text);
  const results = page.getByTestId('help-search-results');
  await expect(results.getByRole('status')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
  return results.getByRole('list').getByRole('link').allTextContents();
}

async function newReader(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test('a site admin writes help, publishes it, and readers find it by search in Finnish and in Swedish', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const finnishWord = `kuivumisohje${unique}`;
  const swedishWord = `torkningshjalp${unique}`;
  const finnishName = `Laatan kuivuminen ${unique}`;
  const swedishName = `Plattans torkning ${unique}`;

  await logIn(page, 'admin', 'e2e-admin-password');
  await writeHelpDocument(page, {
    name: finnishName,
    path: `kuivuminen-${unique}`,
    language: 'Suomi',
    content: `## Mittaaminen\n\nMittaa laatan kosteus porareiästä: ${finnishWord}.`,
    previewText: 'Mittaaminen',
    publish: false,
  });
  await expect(page).toHaveURL(/\/help\/\d+$/);

  // A draft is not for readers: the search finds nothing.
  const reader = await newReader(browser);
  expect(await search(reader, 'fi', finnishWord)).toEqual([]);

  // Published, its readers find it, and its link opens it by its address.
  await page.getByRole('button', { name: tr('fi', 'Edit') }).click();
  await page
    .getByTestId('help-editor')
    .getByRole('switch', { name: tr('fi', 'Published') })
    .check();
  await page
    .getByTestId('help-editor')
    .getByRole('button', { name: tr('fi', 'Save') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/help/kuivuminen-${unique}$`));
  expect(await search(reader, 'fi', finnishWord)).toEqual([finnishName]);
  await reader.getByTestId('help-search-results').getByRole('link', { name: finnishName }).click();
  await expect(reader).toHaveURL(new RegExp(`/help/kuivuminen-${unique}$`));
  await expect(reader.getByTestId('help-document')).toContainText(finnishWord);
  await expect(reader.getByRole('button', { name: tr('fi', 'Edit') })).toHaveCount(0);

  await writeHelpDocument(page, {
    name: swedishName,
    path: `torkning-${unique}`,
    language: 'Svenska',
    content: `## Mätning\n\nMät plattans fukt i ett borrhål: ${swedishWord}.`,
    previewText: 'Mätning',
    publish: true,
  });

  // In Swedish the reader finds the Swedish document and not the Finnish one; the shipped help is there in Swedish.
  await reader.goto('/profile');
  await reader
    .getByRole('combobox', { name: tr('fi', 'Language') })
    .last()
    .selectOption({ label: 'Svenska' });
  await expect(reader.getByRole('heading', { name: tr('sv', 'Profile') })).toBeVisible();
  expect(await search(reader, 'sv', swedishWord)).toEqual([swedishName]);
  expect(await search(reader, 'sv', finnishWord)).toEqual([]);
  await reader.goto('/help');
  await expect(reader.getByRole('link', { name: 'Kom igång' })).toHaveAttribute('href', '/help/getting-started');
  await reader.goto('/help/getting-started');
  await expect(reader.getByRole('heading', { level: 1, name: 'Kom igång' })).toBeVisible();

  // The site admin deletes the Swedish one after a confirmation; it is gone for readers.
  await page.getByRole('button', { name: tr('fi', 'Delete') }).click();
  await answerConfirm(page, true);
  await expect(page).toHaveURL(/\/help$/);
  expect(await search(reader, 'sv', swedishWord)).toEqual([]);
});
