import { expect, type Locator, type Page, test } from '@playwright/test';
import { measurementNames, shippedNames } from '../packages/shared/src/index.ts';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import type { Language } from './support/translations.ts';

/**
 * Issue 31 item 7, decision 0166: in Finnish and Swedish the demo shows no English word of the data Olo ships (the
 * names of its colours, limits and measurement types). One viewport: the words are the same at every width.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English names of shipped colours and limits and of measurement types, and the English type keys ("Volt",
 * "ExternalTemperature"), that read otherwise in `language`.
 */
function englishWords(language: Language): string[] {
  const named = [...Object.values(shippedNames), ...Object.values(measurementNames)];
  const typeKeys = Object.keys(measurementNames).filter((key) => /^[A-Z][a-z]/.test(key));
  // The page's language and Finnish, the demo's own (its series are named in Finnish, "Paine-ero" among them).
  const local = new Set(named.flatMap((names) => [names[language], names.fi]));
  const words = [...named.map((names) => names.en), ...typeKeys].filter((word) => !local.has(word));
  return [...new Set(words)];
}

/** Everything a reader meets on the page: its text, the options of its selects, its labels and titles. */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')].flatMap((node) =>
      ['aria-label', 'title', 'alt', 'placeholder'].map((name) => node.getAttribute(name) ?? ''),
    );
    const options = [...document.querySelectorAll('option')].map((option) => option.textContent ?? '');
    return [document.title, document.body.innerText, ...options, ...attributes].join('\n');
  });
}

async function settled(page: Page, ready: Locator): Promise<void> {
  await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader, [aria-busy="true"]')).toHaveCount(0);
}

for (const language of ['fi', 'sv'] as const) {
  test(`the demo in ${language} shows no English name of a shipped colour, limit or measurement`, async ({ page }) => {
    test.setTimeout(600_000);
    const words = englishWords(language);
    expect(words).toEqual(expect.arrayContaining(['Bluish green', 'Indoor humidity 20–60 %', 'Temperature', 'Volt']));
    const english = new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');

    await logIn(page, demo.admin.username, demo.admin.password);
    await graphql(page, 'mutation ($language: Language) { updateUser(language: $language) { id } }', { language });
    try {
      const { projects } = await graphql<{ projects: Array<{ id: number; name: string }> }>(
        page,
        '{ projects { id name } }',
      );
      const demoProjects = projects.filter((project) =>
        [demo.schoolProject, demo.dryingProject].includes(project.name as never),
      );
      expect(demoProjects).toHaveLength(2);
      const found: string[] = [];
      const check = async (path: string, ready: Locator) => {
        if (path !== page.url().replace(/^https?:\/\/[^/]+/, '')) await page.goto(path);
        await settled(page, ready);
        const matches = new Set([...(await readableText(page)).matchAll(english)].map((match) => match[0]));
        for (const match of matches) {
          found.push(`${path}: "${match}"`);
          console.log(`${language} ${path}: "${match}"`);
        }
      };
      for (const { id } of demoProjects) {
        await check(`/p/${id}`, page.getByTestId('project-status'));
        await check(`/p/${id}/live`, page.getByTestId('live-value'));
        await check(`/p/${id}/summary`, page.getByTestId('summary-chart'));
        await check(`/p/${id}/edit/colors`, page.getByTestId('colors-series'));
        await check(`/p/${id}/edit/series`, page.getByTestId('series-item'));
        await check(`/p/${id}/alarms`, page.getByTestId('alarm').or(page.getByTestId('alarms-empty')));
        await check(`/p/${id}/report`, page.getByTestId('report-row'));
        await page.getByTestId('report-row').first().getByRole('link').first().click();
        await check(page.url().replace(/^https?:\/\/[^/]+/, ''), page.getByTestId('report-canvas'));
      }
      expect(found).toEqual([]);
    } finally {
      await graphql(page, 'mutation { updateUser(language: fi) { id } }');
    }
  });
}
