import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/** Issue 21 item 10 and the rest of item 6: the header, titles, what a view-only user is offered, bug reports. */

async function schoolProjectId(page: Page): Promise<number> {
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const id = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(id).toBeDefined();
  return id as number;
}

/** The ReportBug mutations the page sends from now on. */
function bugReportsOf(page: Page): string[] {
  const reports: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && body.includes('ReportBug')) reports.push(body);
  });
  return reports;
}

test('the header shows the configured site name beside its logo, named for screen readers', async ({ page }) => {
  await page.goto('/about');
  // SITE_NAME is unset on the test server, so the configured name is the default, and no SITE_LOGO draws the mark.
  const brand = page.getByTestId('site-brand');
  await expect(brand).toHaveText('Olo');
  await expect(brand.getByRole('img', { name: 'Olo' })).toBeVisible();
  await logIn(page, demo.admin.username, demo.admin.password);
  await expect(page.getByRole('link', { name: 'Olo', exact: true })).toHaveAttribute('href', '/home');
});

test('page titles name the project and the page', async ({ page }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await schoolProjectId(page);
  await page.goto(`/p/${projectId}/live`);
  await expect(page).toHaveTitle(`${tr('fi', 'Live')} – ${demo.schoolProject} – Olo`);
  await page
    .getByRole('link', { name: tr('fi', 'Projects'), exact: true })
    .first()
    .click();
  await expect(page).toHaveTitle(`${tr('fi', 'Projects')} – Olo`);
});

test('a view-only user is offered no new organization on the home and organizations pages', async ({ page }) => {
  await logIn(page, demo.viewer.username, demo.viewer.password);
  await expect(page.getByTestId('dashboard-projects')).toContainText(demo.schoolProject);
  await expect(page.getByText(tr('fi', 'Create organization'))).toHaveCount(0);

  await page.goto('/o');
  await expect(page.getByTestId('organization-list-empty')).toContainText(
    tr(
      'fi',
      'The projects you see were shared with you directly. To join an organization, ask its administrator for an invitation; it arrives by mail.',
    ),
  );
  await expect(page.getByTestId('create-organization-form')).toHaveCount(0);
  await expect(page.getByText(tr('fi', 'Create organization'))).toHaveCount(0);
});

test('a dashboard request cut off by leaving the page is not reported as a bug', async ({ page }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  await page.goto('/p');
  const reports = bugReportsOf(page);
  // The dashboard's queries get no answer, as when the browser cancels them for a navigation ("Failed to fetch").
  let cut = 0;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (/"operationName":"Dashboard(Meters)?"/.test(body)) {
      cut++;
      await route.abort('aborted');
    } else await route.fallback();
  });
  await page.getByRole('link', { name: 'Olo', exact: true }).click();
  await page.waitForURL(/\/home$/);
  await expect.poll(() => cut).toBeGreaterThan(0);
  await page
    .getByRole('link', { name: tr('fi', 'Projects'), exact: true })
    .first()
    .click();
  await expect(page.getByTestId('project-list')).toBeVisible();
  // Give a report time to be sent, had one been made.
  await page.waitForTimeout(1000);
  expect(reports).toEqual([]);
});
