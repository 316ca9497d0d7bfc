import { expect, test } from '@playwright/test';
import { latestWholePeriod } from '../packages/shared/src/reports/periods.ts';
import { demo, logIn } from './support/accounts.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysOverflow } from './support/axe.ts';
import { graphql } from './support/graphql.ts';
import { waitForMail } from './support/mail.ts';
import { tr } from './support/translations.ts';

test('a report admin schedules a weekly report by mail, sends the latest week now, and its reader unsubscribes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: Array<{ id: number; name: string; timeZone: string }> }>(
    page,
    '{ projects { id name timeZone } }',
  );
  const project = projects.find((candidate) => candidate.name === demo.schoolProject);
  expect(project).toBeDefined();
  const projectId = project?.id as number;
  const timeZone = project?.timeZone as string;
  const name = `Viikkoraportti ${Date.now().toString(36)}`;
  const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
    page,
    'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
    { input: { projectId, name, from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' } },
  );
  const { id, version } = createReport.report;
  await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
    input: {
      id,
      version,
      period: { kind: 'previousWeek' },
      content: { version: 1, elements: [{ id: 'title', kind: 'text', style: 'title', text: '{report.name}' }] },
    },
  });

  await page.goto(`/p/${projectId}/report/${id}`);
  await page.getByRole('button', { name: tr('fi', 'Sending by mail') }).click();
  const section = page.getByRole('region', { name: tr('fi', 'Sending by mail') });
  await expect(section.getByText(tr('fi', 'The report is not mailed.'))).toBeVisible();
  await section.getByRole('button', { name: tr('fi', 'New schedule') }).click();
  const form = section.getByTestId('report-schedule-form');
  const address = `lukija-${Date.now().toString(36)}@example.com`;
  // A bad address is refused with the reason next to the field, and nothing is saved.
  await form.getByLabel(tr('fi', 'Other email addresses')).fill('ei osoite');
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(form.getByText(tr('fi', 'Invalid email'))).toBeVisible();
  await form.getByLabel(tr('fi', 'Other email addresses')).fill(address);
  await form.getByLabel(tr('fi', 'Time'), { exact: true }).fill('07:30');
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();
  const schedule = section.getByTestId('report-schedule');
  await expect(schedule).toContainText(
    tr('fi', 'Every week on {{day}} at {{time}}').replace('{{day}}', tr('fi', 'Monday')).replace('{{time}}', '07:30'),
  );

  await schedule.getByRole('button', { name: tr('fi', 'Send the latest period now') }).click();
  const week = latestWholePeriod({ kind: 'previousWeek', days: null }, new Date(), timeZone);
  const words = new Intl.DateTimeFormat('fi-FI', { timeZone, day: 'numeric', month: 'numeric', year: 'numeric' })
    .formatRange(week.from, new Date(week.to.getTime() - 1))
    .replace(/[\u2009\u202f]/g, ' ');
  const mail = await waitForMail(address, (candidate) => candidate.subject.startsWith(name), 60_000);
  expect(mail.subject).toBe(`${name} ${words}`);
  expect(mail.attachments?.[0]).toMatchObject({ filename: `${name}.pdf`, mimeType: 'application/pdf' });
  expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  await expect(section.getByTestId('report-sending').first()).toContainText(tr('fi', 'Sent'), { timeout: 30_000 });

  // At a phone's width, with the form open beside the list, nothing overflows and axe finds nothing serious.
  await page.setViewportSize({ width: 390, height: 844 });
  await schedule.getByRole('button', { name: tr('fi', 'Edit') }).click();
  await expect(section.getByTestId('report-schedule-form')).toBeVisible();
  await expectNoSidewaysOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await section.getByRole('button', { name: tr('fi', 'Cancel') }).click();

  // Sending the same week again is refused: a period goes out once.
  await schedule.getByRole('button', { name: tr('fi', 'Send the latest period now') }).click();
  await expect(page.getByText(tr('fi', 'The latest period was sent already'))).toBeVisible();

  // The reader's unsubscribe link asks first, then stops the mail.
  const link = mail.text.split(/\s+/).find((word) => word.includes('/api/report-unsubscribe/')) as string;
  await page.goto(link);
  await page.getByRole('button', { name: 'Peru tilaus' }).click();
  await expect(page.getByText('Tilaus on peruttu.', { exact: false })).toBeVisible();
});
