import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
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

test('a project that shows reports and alarms lists its published reports and its alarm state at its public link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin', 'e2e-admin-password');
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    { name: 'E2E Julkinen Oy', slug },
  );
  const { createProject } = await graphql<{ createProject: { id: number } }>(
    page,
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name: 'E2E Julkinen', organizationId: createOrganization.id } },
  );
  const projectId = createProject.id;
  const { updateProject } = await graphql<{ updateProject: { publicId: string } }>(
    page,
    'mutation ($input: UpdateProjectInput!) { updateProject(input: $input) { publicId } }',
    { input: { id: projectId, isPublic: true } },
  );
  const { createReport } = await graphql<{ createReport: { report: { id: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
    {
      input: {
        projectId,
        name: 'Lokakuun raportti',
        from: '2026-09-30T21:00:00.000Z',
        to: '2026-10-31T22:00:00.000Z',
      },
    },
  );
  await graphql(page, 'mutation ($id: Int!) { publishReport(id: $id) { id } }', { id: createReport.report.id });

  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/project/${updateProject.publicId}`);
    await expect(anonymous.getByTestId('public-project')).toBeVisible({ timeout: 30_000 });
    // Not a summary report: listed only once the project shows reports.
    await expect(anonymous.getByTestId('public-summary-reports')).toHaveCount(0);
    await expect(anonymous.getByTestId('public-alarm-state')).toHaveCount(0);

    await page.goto(`/p/${projectId}/edit/info`);
    const form = page.getByTestId('project-info-form');
    await form.getByLabel(tr('fi', 'Show reports')).check({ force: true });
    await form.getByLabel(tr('fi', 'Show alarms')).check({ force: true });
    await form.getByRole('button', { name: tr('fi', 'Save') }).click();
    await expect(page.getByText(tr('fi', 'Saved.'))).toBeVisible();

    // The open page follows the project's change (publicProjectUpdated); a reload shows the same.
    const reports = anonymous.getByTestId('public-summary-reports');
    await expect(reports.getByRole('heading', { name: tr('fi', 'Reports') })).toBeVisible({ timeout: 20_000 });
    await expect(anonymous.getByTestId('public-alarm-state')).toContainText(tr('fi', 'No open alarms'));
    await anonymous.reload();
    const link = reports.getByRole('link', { name: 'Lokakuun raportti' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    await link.click();
    await expect(anonymous.getByTestId('report-document')).toBeVisible({ timeout: 30_000 });
  } finally {
    await visitor.close();
  }
});
