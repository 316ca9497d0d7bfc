import { expect, test } from '@playwright/test';
import { demo } from './support/accounts.ts';
import { tr } from './support/translations.ts';

/** The demo school's public link and its published summary report's (apps/server/src/seed: fixed across restarts). */
const demoPublicId = '00000000-0000-4000-8000-00000000de01';
const demoReportPublicId = '00000000-0000-4000-8000-00000000de02';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the public project at ${viewport.width} px is titled by its name and links to its published summary report`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await page.goto(`/project/${demoPublicId}`);
    // Generous: on a server just started the demo's history is still being stored, which slows the first answers.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.schoolProject, { timeout: 120_000 });
    await expect(page).toHaveTitle(`${demo.schoolProject} – Olo`);

    const reports = page.getByTestId('public-summary-reports');
    await expect(reports.getByRole('heading', { name: tr('fi', 'Summary reports') })).toBeVisible();
    const link = reports.getByRole('link', { name: 'Sisäilmaraportti' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/report/${demoReportPublicId}$`));
    await expect(page.getByTestId('report-document')).toBeVisible({ timeout: 30_000 });
  });
}
