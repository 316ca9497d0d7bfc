import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

/** The PDF's text (poppler's pdftotext), page by page. */
function pdfPages(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}

async function schoolProjectId(page: Page): Promise<number> {
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const id = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(id).toBeDefined();
  return id as number;
}

/** A report of the demo school, with a title, published; its id and public id. */
async function publishedReport(page: Page, name: string) {
  const projectId = await schoolProjectId(page);
  const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
    { input: { projectId, name, from: '2026-10-31T22:00:00.000Z', to: '2026-11-30T22:00:00.000Z' } },
  );
  const { id, version } = createReport.report;
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: {
      id,
      version,
      content: { version: 1, elements: [{ id: 'title', kind: 'text', style: 'title', text: '{report.name}' }] },
    },
  });
  const { publishReport } = await graphql<{ publishReport: { publicId: string } }>(
    page,
    'mutation ($id: Int!) { publishReport(id: $id) { publicId } }',
    { id },
  );
  return { id, projectId, publicId: publishReport.publicId };
}

test('a report list row downloads the report as a PDF named after it, with its text', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await schoolProjectId(page);
  await page.goto(`/p/${projectId}/report`);
  const link = page
    .getByTestId('report-row')
    .getByRole('link', { name: tr('fi', 'Download PDF: {{name}}').replace('{{name}}', 'Sisäilmaraportti') });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 40_000 }), link.click()]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toBe('Sisäilmaraportti.pdf');
  const file = (await download.path()) as string;
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const pages = pdfPages(file);
  // The cover first, with the report's name; then the content.
  expect(pages[0]).toContain('Sisäilmaraportti');
  expect(pages.length).toBeGreaterThan(2);
});

test('a published report downloads as PDF signed out, and an unpublished one says why', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await logIn(page, demo.admin.username, demo.admin.password);
  const name = `PDF ${Date.now().toString(36)}`;
  const report = await publishedReport(page, name);

  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/report/${report.publicId}`);
    await expect(anonymous.getByTestId('report-document')).toHaveAttribute('data-report-ready', 'true');
    const link = anonymous.getByRole('link', { name: tr('fi', 'Download PDF') });
    const [download] = await Promise.all([anonymous.waitForEvent('download', { timeout: 40_000 }), link.click()]);
    expect(await download.failure()).toBeNull();
    expect(download.suggestedFilename()).toBe(`${name}.pdf`);
    expect(pdfPages((await download.path()) as string).join('\n')).toContain(name);
  } finally {
    await visitor.close();
  }

  // Unpublished while another visitor has the page open (and no PDF of it kept by the browser, which may keep a
  // public PDF for five minutes): the button shows the server's refusal, in the page's language, and saves nothing.
  const late = await browser.newContext();
  try {
    const anonymous = await late.newPage();
    await anonymous.goto(`/report/${report.publicId}`);
    await expect(anonymous.getByTestId('report-document')).toHaveAttribute('data-report-ready', 'true');
    await graphql(page, 'mutation ($id: Int!) { unpublishReport(id: $id) { id } }', { id: report.id });
    let downloaded = false;
    anonymous.on('download', () => {
      downloaded = true;
    });
    await anonymous.getByRole('link', { name: tr('fi', 'Download PDF') }).click();
    await expect(anonymous.locator('.Toastify__toast')).toContainText('Raporttia ei löytynyt');
    expect(downloaded).toBe(false);
  } finally {
    await late.close();
  }
});
