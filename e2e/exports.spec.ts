import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// The browser tests' Olo writes exports of more than 500 values in the background (global-setup.ts),
// so the demo school's default week (ten-minute slots of several series) is a large export.

test('a large export runs in the background, survives leaving the page, and downloads when ready', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id as number;
  expect(projectId).toBeDefined();
  await page.goto(`/p/${projectId}/summary`);
  const exports = page.getByTestId('summary-exports');
  // Large: a button that starts the export rather than a link to the file.
  const start = exports.getByRole('button', { name: tr('fi', 'Download CSV') });
  await expect(start).toBeVisible({ timeout: 40_000 });
  await start.click();
  // Its row appears at once, queued or already on its way.
  await expect(page.getByTestId('data-exports').getByTestId('data-export').first()).toBeVisible();

  // Away and back: the export is the server's, listed again with its state.
  await page.goto(`/p/${projectId}`);
  await page.goto(`/p/${projectId}/summary`);
  // The newest first.
  const row = page.getByTestId('data-exports').getByTestId('data-export').first();
  await expect(row).toContainText('on valmis.', { timeout: 30_000 });
  await expect(row.getByRole('progressbar')).toHaveCount(0);

  const link = row.getByRole('link');
  // The server's answer first, so that a failed download says what the server answered.
  const answer = await page.request.get((await link.getAttribute('href')) as string);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.csv"; filename\*=UTF-8''/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(/^.+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path()) as string, 'utf8');
  // The heading row and values: the Finnish CSV's time column in the project's zone, `;` between fields.
  expect(text.startsWith('\uFEFFAika (Europe/Helsinki);')).toBe(true);
  expect(text.split('\r\n').length).toBeGreaterThan(100);
});
