import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportContentVersion } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { type ReceivedMail, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const repoRoot = path.join(serverRoot, '..', '..');
const scheduleFields = 'id frequency weekday monthDay hour minute enabled language memberIds addresses nextDueAt';
const createSchedule = `mutation Create($reportId: Int!, $input: ReportScheduleInput!) {
  createReportSchedule(reportId: $reportId, input: $input) { ${scheduleFields} }
}`;
const sendings = `query Sendings($reportId: Int!) {
  reportSendings(reportId: $reportId) { id status from to attempts error recipientCount asLink sentAt }
}`;

/** A PDF attachment's text (pdftotext), whitespace made single spaces. */
function pdfText(content: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olo-sending-')), 'report.pdf');
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ');
}

describe.each(testDatabases)('scheduled reports by mail on %s', (kind) => {
  let olo: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: TestClient;
  let viewer: { client: TestClient; account: { id: string; email: string } };
  let outsider: TestClient;
  let projectId = 0;
  const sql = () => olo.server.database.sql;
  const service = () => olo.server.services.reportSchedules;

  beforeAll(async () => {
    // The PDF's print page is the built web app's (built only when stale).
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    inbox = await startSmtpInbox();
    olo = await startTestServer(kind, { SMTP_URL: inbox.url, PUBLIC_URL: 'https://olo.example' });
    ({ client: admin } = await signedInClient(olo.url));
    viewer = await signedInClient(olo.url);
    ({ client: outsider } = await signedInClient(olo.url));
    await sql()`update user_emails set is_verified = true where user_id = ${viewer.account.id}`;
    const organization = await createOrganization(admin, { name: 'Kiinteistöt Oy' });
    projectId = (await createProject(admin, organization.id, { name: 'Koulu', timeZone: 'Europe/Helsinki' })).id;
    await sql()`insert into project_memberships (project_id, user_id, can_view_reports)
      values (${projectId}, ${viewer.account.id}, true)`;
  }, 120_000);
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  /** A report of the project with a rolling period and a text naming its range. */
  async function report(name: string, period: Record<string, unknown>) {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into reports (project_id, name, content, from_at, to_at, period)
      values (${projectId}, ${name}, ${JSON.stringify({
        version: reportContentVersion,
        elements: [
          {
            id: 'range',
            kind: 'text',
            style: 'paragraph',
            text: 'Ajanjakso {report.from} – {report.to}',
            repeatPerSpace: false,
            pageBreakBefore: false,
            children: [],
          },
        ],
      })}::jsonb, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', ${JSON.stringify(period)}::jsonb)
      returning id`;
    return row?.id as number;
  }

  /** A schedule of the report; the earlier tests' are switched off, so that a tick takes only this one. */
  async function schedule(reportId: number, input: Record<string, unknown>) {
    await sql()`update report_schedules set enabled = false`;
    const response = await admin.graphql<{ createReportSchedule: { id: number; nextDueAt: string } }>(createSchedule, {
      reportId,
      input: { hour: 7, minute: 0, language: 'fi', ...input },
    });
    return expectData(response).createReportSchedule;
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const mailsOf = (subject: RegExp) => inbox.mails.filter((mail: ReceivedMail) => subject.test(mail.subject));

  async function waitSent(reportId: number, count = 1) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const list = expectData(
        await admin.graphql<{ reportSendings: Array<{ status: string }> }>(sendings, { reportId }),
      ).reportSendings;
      if (list.filter((sending) => sending.status === 'sent').length >= count) return list;
      await settle();
    }
    throw new Error('not sent in time');
  }

  it('mails the previous week on Monday morning, with the PDF naming the period, once however many ticks', async () => {
    const reportId = await report('Viikkoraportti', { kind: 'previousWeek', days: null });
    const created = await schedule(reportId, {
      frequency: 'weekly',
      weekday: 1,
      memberIds: [viewer.account.id],
      addresses: ['Vieras@Example.com'],
    });
    expect(new Date(created.nextDueAt).getTime()).toBeGreaterThan(Date.now());
    // The server looks for due schedules every 5 minutes, once across instances: its next look is queued.
    const [tickJob] = await sql()<Array<{ runAt: Date }>>`
      select run_at as "runAt" from jobs where name = 'report-schedules.tick' and done_at is null`;
    expect(new Date(tickJob?.runAt as Date).getTime() % 300_000).toBe(0);
    // Monday 2 March 2026 07:00 in Helsinki is 05:00 UTC; a tick before it sends nothing.
    await sql()`update report_schedules set next_due_at = '2026-03-02T05:00:00Z' where id = ${created.id}`;
    expect(await service().tick(new Date('2026-03-02T04:59:00Z'))).toBe(0);
    // Two instances' ticks at once, and another later: one sending of the week.
    const ticks = await Promise.all([
      service().tick(new Date('2026-03-02T05:00:00Z')),
      service().tick(new Date('2026-03-02T05:00:00Z')),
    ]);
    expect(ticks.reduce((a, b) => a + b, 0)).toBe(1);
    await sql()`update report_schedules set next_due_at = '2026-03-02T05:00:00Z' where id = ${created.id}`;
    expect(await service().tick(new Date('2026-03-02T05:05:00Z'))).toBe(0);

    const toMember = await inbox.waitFor(
      viewer.account.email,
      (mail) => mail.subject.startsWith('Viikkoraportti'),
      60_000,
    );
    expect(toMember.subject).toBe('Viikkoraportti 23.2.–1.3.2026');
    expect(toMember.text).toContain('Raportti Viikkoraportti (Koulu) ajalta 23.2.–1.3.2026.');
    expect(toMember.text).toContain(`https://olo.example/p/${projectId}/report/${reportId}`);
    expect(toMember.headers['list-unsubscribe']).toBeUndefined();
    const [attachment] = toMember.attachments;
    expect(attachment?.mimeType).toBe('application/pdf');
    expect(pdfText(attachment?.content as Buffer)).toContain('Ajanjakso 23.2.2026 – 1.3.2026');

    const toOutside = await inbox.waitFor('vieras@example.com', (mail) => mail.subject.startsWith('Viikkoraportti'));
    expect(toOutside.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(toOutside.text).not.toContain('/p/');
    const list = await waitSent(reportId);
    expect(list).toMatchObject([
      { status: 'sent', from: '2026-02-22T22:00:00.000Z', to: '2026-03-01T22:00:00.000Z', recipientCount: 2 },
    ]);
    await settle();
    expect(mailsOf(/^Viikkoraportti/)).toHaveLength(2);

    // The one-click unsubscribe (RFC 8058): a POST to the header's link; GET only asks.
    const link = (toOutside.headers['list-unsubscribe'] as string).slice(1, -1).replace('https://olo.example', olo.url);
    expect((await fetch(link)).status).toBe(200);
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Tilaus on peruttu');
    const listed = await admin.graphql<{ reportSchedules: Array<{ unsubscribed: string[] }> }>(
      'query Q($reportId: Int!) { reportSchedules(reportId: $reportId) { unsubscribed } }',
      { reportId },
    );
    expect(expectData(listed).reportSchedules).toEqual([{ unsubscribed: ['vieras@example.com'] }]);
    expect((await fetch(`${olo.url}/api/report-unsubscribe/not-a-token-at-all`, { method: 'POST' })).status).toBe(404);

    // The next week: the member still, the unsubscribed address no more; someone removed from the project neither.
    await sql()`update project_memberships set can_view_reports = false where user_id = ${viewer.account.id}`;
    await sql()`update report_schedules set member_ids = ${JSON.stringify([viewer.account.id])}::jsonb where id = ${created.id}`;
    expect(await service().tick(new Date('2026-03-09T05:00:00Z'))).toBe(1);
    const second = await waitSent(reportId, 2);
    expect(second[0]).toMatchObject({ status: 'sent', recipientCount: 0, from: '2026-03-01T22:00:00.000Z' });
    expect(mailsOf(/^Viikkoraportti/)).toHaveLength(2);
    await sql()`update project_memberships set can_view_reports = true where user_id = ${viewer.account.id}`;
  }, 120_000);

  it('mails the last day of the month the month before it, across the autumn DST change', async () => {
    const reportId = await report('Kuukausiraportti', { kind: 'previousMonth', days: null });
    const created = await schedule(reportId, {
      frequency: 'monthly',
      monthDay: null,
      hour: 6,
      memberIds: [],
      addresses: ['kk@example.com'],
      language: 'en',
    });
    // The last day of November 2026 at 06:00 Helsinki (UTC+2) is 04:00 UTC.
    await sql()`update report_schedules set next_due_at = '2026-11-30T04:00:00Z' where id = ${created.id}`;
    expect(await service().tick(new Date('2026-11-30T04:00:00Z'))).toBe(1);
    const mail = await inbox.waitFor('kk@example.com', (m) => m.subject.startsWith('Kuukausiraportti'), 60_000);
    // October has 31 days and its last Sunday turns the clocks back: 1 Oct 00:00 +03 to 1 Nov 00:00 +02.
    expect(mail.subject).toBe('Kuukausiraportti 1 – 31 Oct 2026');
    const [sending] = await waitSent(reportId);
    expect(sending).toMatchObject({ from: '2026-09-30T21:00:00.000Z', to: '2026-10-31T22:00:00.000Z' });
    const next = await sql()<Array<{ nextDueAt: Date }>>`
      select next_due_at as "nextDueAt" from report_schedules where id = ${created.id}`;
    // December's last day, in winter time.
    expect(new Date(next[0]?.nextDueAt as Date).toISOString()).toBe('2026-12-31T04:00:00.000Z');
  }, 120_000);

  it('retries a send the mail server refused, then sends it once', async () => {
    const reportId = await report('Kvartaali', { kind: 'previousQuarter', days: null });
    const created = await schedule(reportId, {
      frequency: 'monthly',
      monthDay: 1,
      memberIds: [],
      addresses: ['retry@example.com'],
    });
    inbox.refuse(1);
    await sql()`update report_schedules set next_due_at = '2026-04-01T04:00:00Z' where id = ${created.id}`;
    expect(await service().tick(new Date('2026-04-01T04:00:00Z'))).toBe(1);
    const deadline = Date.now() + 60_000;
    let failed: { status: string; attempts: number; error: string | null } | undefined;
    while (Date.now() < deadline) {
      [failed] = expectData(
        await admin.graphql<{ reportSendings: Array<NonNullable<typeof failed>> }>(sendings, { reportId }),
      ).reportSendings;
      if (failed?.error) break;
      await settle();
    }
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.error).toMatch(/Try again later/);
    // The backoff's wait (a minute) made now.
    await sql()`update jobs set run_at = now() where name = 'report-schedules.send' and done_at is null`;
    olo.server.services.jobs.lookNow();
    const [sent] = await waitSent(reportId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null });
    const mails = mailsOf(/^Kvartaali/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Kvartaali 1.1.–31.3.2026');
  }, 120_000);

  it('marks a sending failed after its last attempt, and "send now" tries that period again', async () => {
    const reportId = await report('Epäonninen', { kind: 'previousMonth', days: null });
    const created = await schedule(reportId, { frequency: 'monthly', monthDay: 1, addresses: ['fail@example.com'] });
    inbox.refuse(6);
    const first = expectData(
      await admin.graphql<{ sendReportNow: { id: number } }>(
        'mutation M($id: Int!) { sendReportNow(scheduleId: $id) { id } }',
        { id: created.id },
      ),
    ).sendReportNow;
    const deadline = Date.now() + 90_000;
    let sending: { status: string; attempts: number; error: string | null } | undefined;
    while (Date.now() < deadline) {
      [sending] = expectData(
        await admin.graphql<{ reportSendings: Array<NonNullable<typeof sending>> }>(sendings, { reportId }),
      ).reportSendings;
      if (sending?.status === 'failed') break;
      // Each backoff's wait made now.
      await sql()`update jobs set run_at = now() where name = 'report-schedules.send' and done_at is null`;
      olo.server.services.jobs.lookNow();
      await settle();
    }
    expect(sending).toMatchObject({ status: 'failed', attempts: 6 });
    expect(sending?.error).toMatch(/Try again later/);
    // Readers of the report see that it failed, not the mail server's words.
    const read = expectData(
      await viewer.client.graphql<{ reportSendings: Array<{ status: string; error: string | null }> }>(sendings, {
        reportId,
      }),
    ).reportSendings;
    expect(read).toMatchObject([{ status: 'failed', error: null }]);
    expect(mailsOf(/^Epäonninen/)).toHaveLength(0);
    const again = expectData(
      await admin.graphql<{ sendReportNow: { id: number; status: string } }>(
        'mutation M($id: Int!) { sendReportNow(scheduleId: $id) { id status } }',
        { id: created.id },
      ),
    ).sendReportNow;
    expect(again).toEqual({ id: first.id, status: 'queued' });
    await inbox.waitFor('fail@example.com', (mail) => mail.subject.startsWith('Epäonninen'), 60_000);
    const [sent] = await waitSent(reportId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 7, error: null });
  }, 150_000);

  it('lets report admins edit schedules, viewers see the sendings, and nobody else either', async () => {
    const reportId = await report('Salainen', { kind: 'lastDays', days: 7 });
    const input = {
      frequency: 'weekly',
      weekday: 3,
      hour: 8,
      minute: 30,
      language: 'sv',
      addresses: ['a@example.com'],
    };
    const refused = await viewer.client.graphql(createSchedule, { reportId, input });
    expect(refused.errors?.[0]?.message).toBe('Permission denied');
    const stranger = await outsider.graphql(sendings, { reportId });
    expect(stranger.errors?.[0]?.message).toBe('Permission denied');
    expect(
      expectData(await viewer.client.graphql<{ reportSendings: unknown[] }>(sendings, { reportId })).reportSendings,
    ).toEqual([]);
    const bad = await admin.graphql(createSchedule, {
      reportId,
      input: { ...input, addresses: ['not an address'], weekday: 9 },
    });
    expect(bad.errors?.[0]?.extensions?.issues).toEqual(
      expect.arrayContaining([
        { path: 'weekday', message: 'Out of range' },
        { path: 'addresses.0', message: 'Invalid email' },
      ]),
    );
    const strangerMember = await admin.graphql(createSchedule, {
      reportId,
      input: { ...input, memberIds: [(await signedInClient(olo.url)).account.id] },
    });
    expect(strangerMember.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'memberIds', message: 'The recipient may not view the reports of the project' },
    ]);
    const count = await sql()`select 1 from report_schedules where report_id = ${reportId}`;
    expect(count).toHaveLength(0);
    const anonymous = await new TestClient(olo.url).graphql(sendings, { reportId });
    expect(anonymous.errors?.[0]?.message).toBe('Not signed in');
  });
});

describe('a scheduled report whose PDF is too large to attach', () => {
  let olo: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    inbox = await startSmtpInbox();
    olo = await startTestServer('pglite', {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'https://olo.example',
      REPORT_ATTACH_MAX_BYTES: '1000',
    });
  }, 120_000);
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  it('goes to members as a link to the report in Olo and to outside addresses as a note, never attached', async () => {
    const sql = olo.server.database.sql;
    const { client: admin } = await signedInClient(olo.url);
    const member = await signedInClient(olo.url);
    await sql`update user_emails set is_verified = true where user_id = ${member.account.id}`;
    const organization = await createOrganization(admin);
    const projectId = (await createProject(admin, organization.id, { name: 'Iso', timeZone: 'Europe/Stockholm' })).id;
    await sql`insert into project_memberships (project_id, user_id, can_view_reports) values (${projectId}, ${member.account.id}, true)`;
    const [report] = await sql<Array<{ id: number }>>`
      insert into reports (project_id, name, content, from_at, to_at, period)
      values (${projectId}, 'Månadsrapport', ${JSON.stringify({ version: reportContentVersion, elements: [] })}::jsonb,
        '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '{"kind":"previousMonth","days":null}'::jsonb)
      returning id`;
    const reportId = report?.id as number;
    const created = expectData(
      await admin.graphql<{ createReportSchedule: { id: number } }>(createSchedule, {
        reportId,
        input: {
          frequency: 'monthly',
          monthDay: 1,
          hour: 8,
          minute: 0,
          language: 'sv',
          memberIds: [member.account.id],
          addresses: ['extern@example.com'],
        },
      }),
    ).createReportSchedule;
    const sent = expectData(
      await admin.graphql<{ sendReportNow: { status: string } }>(
        'mutation M($id: Int!) { sendReportNow(scheduleId: $id) { status } }',
        { id: created.id },
      ),
    ).sendReportNow;
    expect(sent.status).toBe('queued');
    const toMember = await inbox.waitFor(
      member.account.email,
      (mail) => mail.subject.startsWith('Månadsrapport'),
      60_000,
    );
    expect(toMember.attachments).toEqual([]);
    expect(toMember.text).toContain('Rapportens PDF är för stor för att bifogas; öppna rapporten i Olo:');
    expect(toMember.text).toContain(`https://olo.example/p/${projectId}/report/${reportId}`);
    const toOutside = await inbox.waitFor('extern@example.com', (mail) => mail.subject.startsWith('Månadsrapport'));
    expect(toOutside.attachments).toEqual([]);
    expect(toOutside.text).toContain('Be avsändaren om rapporten.');
    expect(toOutside.text).not.toContain('/p/');
    const deadline = Date.now() + 30_000;
    let list: Array<{ status: string; asLink: boolean }> = [];
    while (Date.now() < deadline) {
      list = expectData(await admin.graphql<{ reportSendings: typeof list }>(sendings, { reportId })).reportSendings;
      if (list[0]?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(list).toMatchObject([{ status: 'sent', asLink: true }]);
    // The same month again: refused, nothing more is mailed.
    const again = await admin.graphql('mutation M($id: Int!) { sendReportNow(scheduleId: $id) { status } }', {
      id: created.id,
    });
    expect(again.errors?.[0]?.message).toBe('The latest period was sent already');
  }, 120_000);
});
