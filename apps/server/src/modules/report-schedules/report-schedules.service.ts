import crypto from 'node:crypto';
import {
  nextScheduleTime,
  periodKey,
  type ReportScheduleInput,
  reportRange,
  reportScheduleBounds,
  reportScheduleErrors,
} from '@olo/shared';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Mailer } from '../../channels/mail/mailer.ts';
import type { Transaction } from '../../db/sql.ts';
import { AppError, invalidField } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { AccessPolicy, ViewerAccess } from '../access/access.policy.ts';
import { defineJob, type JobInfo, type JobQueue, type JobSchedule } from '../jobs/jobs.service.ts';
import type { ReportPdf } from '../report-pdf/report-pdf.service.ts';
import type { ReportsRepository } from '../reports/reports.repository.ts';
import { reportScheduleMail } from './report-schedule-mails.ts';
import type { DueSchedule, ReportSchedulesRepository, ScheduleRow, SendingRow } from './report-schedules.repository.ts';

/** A PDF larger than this (bytes) goes as a link, not attached (decision 0197): many mail servers refuse 10 MB. */
export const reportAttachMaxBytes = 5 * 1024 * 1024;

/** Sendings one organization starts an hour; the schedules due beyond it wait for the next tick. */
export const reportSendingsPerOrganizationHour = 30;

/** How often due schedules are looked for, ms: a mail goes out at most this long after its time. */
export const reportScheduleTickMs = 5 * 60_000;

/** Schedules taken by one tick; the rest are due still and taken by the next. */
const dueBatch = 100;

/** Sendings listed on a report. */
export const reportSendingsListed = 50;

const sendAttempts = 6;

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/**
 * Report schedules (decisions 0196, 0197): a tick every few minutes takes the due schedules, inserts each one's
 * sending of the report's latest whole period (unique per schedule and period, so a period is sent once across
 * restarts and instances) and queues its send job, which renders the PDF with the schedule owner's rights and mails
 * each recipient still allowed, retrying with backoff.
 */
export class ReportSchedulesService {
  readonly sendJob = defineJob({
    name: 'report-schedules.send',
    payload: z.object({ sendingId: z.number().int() }),
    maxAttempts: sendAttempts,
    // 1, 2, 4, 8, 16 minutes: a mail server away for a while, not for a day.
    retryDelayMs: (attempt) => 60_000 * 2 ** (attempt - 1),
    handle: (payload, job) => this.send(payload.sendingId, job),
  });

  readonly tickJob = defineJob({
    name: 'report-schedules.tick',
    payload: z.object({}),
    handle: async () => {
      await this.tick(this.now());
    },
  });

  readonly tickSchedule: JobSchedule = {
    job: this.tickJob,
    next: (after) => new Date((Math.floor(after.getTime() / reportScheduleTickMs) + 1) * reportScheduleTickMs),
    payload: () => ({}),
  };

  constructor(
    private readonly deps: {
      repository: ReportSchedulesRepository;
      reports: ReportsRepository;
      policy: AccessPolicy;
      jobs: JobQueue;
      mailer: Mailer;
      pdf: (
        access: ViewerAccess,
        reportId: number,
        language: ScheduleRow['language'],
        range: { from: Date; to: Date },
      ) => Promise<ReportPdf>;
      logger: Logger;
      publicUrl: string;
      siteName: string;
      rateLimits: RateLimiter;
      now?: () => Date;
      attachMaxBytes?: number;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The report's project, after checking the viewer may `action` its reports. */
  private async reportProject(
    access: ViewerAccess,
    reportId: number,
    action: 'project.adminReports' | 'project.viewReports',
  ) {
    const report = await this.deps.reports.findById(reportId);
    if (!report) throw notFound();
    await access.assert(action, report.projectId);
    const [project] = await this.deps.reports.projectsWithOrganization([report.projectId]);
    if (!project) throw notFound();
    return { report, project };
  }

  async ofReport(access: ViewerAccess, reportId: number): Promise<ScheduleRow[]> {
    await this.reportProject(access, reportId, 'project.adminReports');
    return this.deps.repository.ofReport(reportId);
  }

  /** The report's sendings; their errors (a mail server's words may name outside addresses) for report admins only. */
  async sendings(access: ViewerAccess, reportId: number): Promise<SendingRow[]> {
    const { project } = await this.reportProject(access, reportId, 'project.viewReports');
    const rows = await this.deps.repository.sendingsOf(reportId, reportSendingsListed);
    if (await access.can('project.adminReports', project.id)) return rows;
    return rows.map((row) => ({ ...row, error: null }));
  }

  private async fields(access: ViewerAccess, projectId: number, timeZone: string, input: ReportScheduleInput) {
    const allowed = await Promise.all(input.memberIds.map((id) => this.deps.policy.mayReceiveReports(id, projectId)));
    if (allowed.some((ok) => !ok)) throw invalidField('memberIds', reportScheduleErrors.recipientNotAllowed);
    return {
      ...input,
      ownerId: access.user?.id ?? null,
      nextDueAt: nextScheduleTime(input, this.now(), timeZone),
    };
  }

  async create(access: ViewerAccess, reportId: number, input: ReportScheduleInput): Promise<ScheduleRow> {
    const { project } = await this.reportProject(access, reportId, 'project.adminReports');
    if ((await this.deps.repository.countOfReport(reportId)) >= reportScheduleBounds.perReport) {
      throw new AppError('BAD_USER_INPUT', reportScheduleErrors.tooManySchedules);
    }
    return this.deps.repository.insert(reportId, await this.fields(access, project.id, project.timeZone, input));
  }

  private async ownSchedule(access: ViewerAccess, id: number) {
    const schedule = await this.deps.repository.byId(id);
    if (!schedule) throw notFound();
    return { schedule, ...(await this.reportProject(access, schedule.reportId, 'project.adminReports')) };
  }

  async update(access: ViewerAccess, id: number, input: ReportScheduleInput): Promise<ScheduleRow> {
    const { project } = await this.ownSchedule(access, id);
    const row = await this.deps.repository.update(id, await this.fields(access, project.id, project.timeZone, input));
    if (!row) throw notFound();
    return row;
  }

  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.ownSchedule(access, id);
    return this.deps.repository.delete(id);
  }

  /** Sends the latest whole period now, unless it was sent already (then 'Already sent for this period'). */
  async sendNow(access: ViewerAccess, id: number): Promise<SendingRow> {
    await this.ownSchedule(access, id);
    const sendingId = await this.deps.repository.transaction(async (tx) => {
      const schedule = await this.deps.repository.withReport(tx, id);
      if (!schedule) throw notFound();
      const started = await this.start(tx, schedule, this.now(), { retryFailed: true });
      if (started === 'sent') throw new AppError('CONFLICT', reportScheduleErrors.alreadySent);
      if (started === 'bounded') throw new AppError('TOO_MANY_REQUESTS', reportScheduleErrors.tooManySendings);
      return started;
    });
    this.deps.jobs.lookNow();
    return (await this.deps.repository.sending(sendingId)) as SendingRow;
  }

  /**
   * The sending of the schedule's latest whole period at `now`, inserted with its send job in `tx`: 'sent' when that
   * period has its sending already, 'bounded' when the organization started its hour's sendings. `retryFailed` (a
   * user's "send now") queues the period's failed sending again instead.
   */
  private async start(tx: Transaction, schedule: DueSchedule, now: Date, options: { retryFailed?: boolean } = {}) {
    const { repository, jobs } = this.deps;
    const since = new Date(now.getTime() - 3_600_000);
    if ((await repository.sendingsSince(tx, schedule.organizationId, since)) >= reportSendingsPerOrganizationHour) {
      return 'bounded' as const;
    }
    const range = reportRange(schedule.report, now, schedule.timeZone);
    const sendingId = await repository.insertSending(tx, {
      scheduleId: schedule.id,
      reportId: schedule.reportId,
      organizationId: schedule.organizationId,
      periodKey: periodKey(range),
      ...range,
    });
    if (sendingId !== undefined) {
      await jobs.enqueue(this.sendJob, [{ payload: { sendingId }, key: `report-sending:${sendingId}:0` }], tx);
      return sendingId;
    }
    const failed = options.retryFailed ? await repository.requeueFailed(tx, schedule.id, periodKey(range)) : undefined;
    if (!failed) return 'sent' as const;
    // Its earlier jobs keep their keys: the attempts so far make this one's new.
    const key = `report-sending:${failed.id}:${failed.attempts}`;
    await jobs.enqueue(this.sendJob, [{ payload: { sendingId: failed.id }, key }], tx);
    return failed.id;
  }

  /**
   * Takes the schedules due at `now`: each gets its period's sending (once: the unique index) and its next due time.
   * One organization over its bound keeps its schedules due for the next tick. Returns the sendings started.
   */
  async tick(now: Date): Promise<number> {
    const { repository } = this.deps;
    const started = await repository.transaction(async (tx) => {
      let count = 0;
      for (const schedule of await repository.due(tx, now, dueBatch)) {
        const outcome = await this.start(tx, schedule, now);
        if (outcome === 'bounded') continue;
        if (typeof outcome === 'number') count++;
        await repository.setNextDue(tx, schedule.id, nextScheduleTime(schedule, now, schedule.timeZone));
      }
      return count;
    });
    if (started > 0) this.deps.jobs.lookNow();
    return started;
  }

  /** Mails a sending's recipients not mailed yet; idempotent, so a retry mails only those left. */
  async send(sendingId: number, job: JobInfo): Promise<void> {
    const { repository } = this.deps;
    const sending = await repository.sending(sendingId);
    if (sending?.status !== 'queued') return;
    await repository.attempt(sendingId);
    try {
      await this.deliver(sending);
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
      if (job.attempt >= sendAttempts) await repository.finish(sendingId, { status: 'failed', error: message });
      else await repository.failAttempt(sendingId, message);
      throw error;
    }
  }

  private async deliver(sending: SendingRow): Promise<void> {
    const { repository, policy } = this.deps;
    const schedule = await repository.withReport(repository.sql, sending.scheduleId);
    if (!schedule) return;
    const [project] = await this.deps.reports.projectsWithOrganization([schedule.projectId]);
    const report = await this.deps.reports.findById(schedule.reportId);
    if (!project || !report) return;
    const allowed = await Promise.all(
      schedule.memberIds.map(async (id) => ((await policy.mayReceiveReports(id, schedule.projectId)) ? id : null)),
    );
    const members = await repository.memberAddresses(allowed.filter((id): id is string => id !== null));
    const tokens = await repository.subscribedTokens(schedule.id, schedule.addresses, () =>
      crypto.randomBytes(24).toString('base64url'),
    );
    const recipients = [
      ...members.map((member) => ({ email: member.email.toLowerCase(), unsubscribeUrl: null })),
      ...[...tokens].map(([email, token]) => ({
        email,
        unsubscribeUrl: `${this.deps.publicUrl}/api/report-unsubscribe/${encodeURIComponent(token)}`,
      })),
    ].filter((recipient, index, all) => all.findIndex((other) => other.email === recipient.email) === index);
    const left = recipients.filter((recipient) => !sending.delivered.includes(recipient.email));
    let asLink = false;
    if (left.length > 0) {
      if (!schedule.ownerId || !(await policy.mayReceiveReports(schedule.ownerId, schedule.projectId))) {
        throw new Error("The schedule's owner may no longer view the project's reports");
      }
      const pdf = await this.deps.pdf(await policy.forUserId(schedule.ownerId), schedule.reportId, schedule.language, {
        from: sending.from,
        to: sending.to,
      });
      asLink = pdf.body.length > (this.deps.attachMaxBytes ?? reportAttachMaxBytes);
      for (const recipient of left) {
        await this.deps.mailer.send(
          reportScheduleMail({
            to: recipient.email,
            language: schedule.language,
            reportName: report.name,
            projectName: project.name,
            range: { from: sending.from, to: sending.to },
            timeZone: project.timeZone,
            reportUrl: `${this.deps.publicUrl}/p/${schedule.projectId}/report/${schedule.reportId}`,
            pdf: asLink ? null : { filename: pdf.filename, content: pdf.body },
            unsubscribeUrl: recipient.unsubscribeUrl,
            siteName: this.deps.siteName,
          }),
        );
        await repository.delivered(sending.id, recipient.email);
      }
    }
    await repository.finish(sending.id, {
      status: 'sent',
      error: null,
      recipientCount: recipients.length,
      asLink,
    });
  }

  /** A schedule's unsubscribed outside addresses; for schedules its caller was allowed to read. */
  unsubscribed(scheduleId: number): Promise<string[]> {
    return this.deps.repository.unsubscribedOf(scheduleId);
  }

  /** One-click unsubscribe of an outside address, counted per address (`ip`); false for an unknown token. */
  unsubscribe(token: string, ip: string | undefined): Promise<boolean> {
    this.deps.rateLimits.take(['reportUnsubscribePerIp', ip]);
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return Promise.resolve(false);
    return this.deps.repository.unsubscribe(token);
  }
}
