import { batteryState, lowVoltageThreshold } from '@olo/drivers';
import { isLanguage, nextLocalHour } from '@olo/shared';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Mailer } from '../../channels/mail/mailer.ts';
import { defineJob, type JobQueue, type JobSchedule } from '../jobs/jobs.service.ts';
import { isMissing } from '../meters/meters.service.ts';
import { type MeterProblem, meterErrorMail, type OrganizationMeterErrors } from './meter-error-mails.ts';
import type { MeterErrorsRepository, WatchedMeter } from './meter-errors.repository.ts';

/** The daily mail goes out at this hour of the mail time zone. */
export const meterErrorMailHour = 7;

type HealthKind = 'batteryLow' | 'batteryMedium' | 'lowVoltage' | 'missing';

/** The health problems a meter has now. */
export function healthProblems(meter: WatchedMeter, now: Date): HealthKind[] {
  const problems: HealthKind[] = [];
  const battery = batteryState(meter.driver, meter.battery);
  if (battery === 'low') problems.push('batteryLow');
  if (battery === 'medium') problems.push('batteryMedium');
  if (meter.vdd !== null && meter.vdd < lowVoltageThreshold) problems.push('lowVoltage');
  if (isMissing(meter, now)) problems.push('missing');
  return problems;
}

const mailMessage = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });

/**
 * The daily mail of new meter errors to organization members with notifyOnMeterError: a health
 * problem (battery, low voltage, missing) is new the first day it is seen, and again after it
 * cleared; a meter's system error is new until mailed once.
 */
export class MeterErrorsService {
  readonly mailJob = defineJob({
    name: 'meter-errors.mail',
    payload: mailMessage,
    maxAttempts: 8,
    handle: (message) => this.deps.mailer.send(message),
  });

  readonly dailyJob = defineJob({
    name: 'meter-errors.daily',
    payload: z.object({}),
    handle: async () => {
      const mails = await this.mailNewErrors(new Date());
      this.deps.logger.info({ mails }, 'daily meter-error mail');
    },
  });

  readonly schedule: JobSchedule = {
    job: this.dailyJob,
    next: (after) => nextLocalHour(after, meterErrorMailHour, this.deps.timeZone),
    payload: () => ({}),
  };

  constructor(
    private readonly deps: {
      repository: MeterErrorsRepository;
      jobs: JobQueue;
      mailer: Mailer;
      logger: Logger;
      publicUrl: string;
      siteName: string;
      /** Of the mail's times and of its hour. */
      timeZone: string;
    },
  ) {}

  /**
   * Records the problems that are new at `now`, forgets those that cleared, and queues one mail per
   * recipient, all in one transaction: a run that fails changes nothing and is retried, and a run
   * repeated after success finds nothing new. Returns the number of mails queued.
   */
  async mailNewErrors(now: Date): Promise<number> {
    const { repository, jobs } = this.deps;
    const mails = await repository.transaction(async (tx) => {
      const meters = await repository.watchedMeters(tx);
      const noticed = new Set((await repository.notices(tx)).map((n) => `${n.meterId}|${n.kind}`));
      const current = new Set<string>();
      const problemsOf = new Map<number, MeterProblem[]>();
      const add = (meterId: number, problem: MeterProblem) => {
        const list = problemsOf.get(meterId);
        if (list) list.push(problem);
        else problemsOf.set(meterId, [problem]);
      };
      const added: Array<{ meterId: number; kind: string }> = [];
      for (const meter of meters) {
        for (const kind of healthProblems(meter, now)) {
          const key = `${meter.id}|${kind}`;
          current.add(key);
          if (noticed.has(key)) continue;
          added.push({ meterId: meter.id, kind });
          add(meter.id, kind === 'missing' ? { kind, lastSeenAt: meter.lastSeenAt as Date } : { kind });
        }
      }
      // A meter no longer watched (stored, switched off, released) keeps no notices either.
      const cleared = [...noticed]
        .filter((key) => !current.has(key))
        .map((key) => {
          const [meterId, kind] = key.split('|');
          return { meterId: Number(meterId), kind: kind as string };
        });
      await repository.removeNotices(tx, cleared);
      await repository.addNotices(tx, added);
      const watched = new Map(meters.map((meter) => [meter.id, meter]));
      for (const error of await repository.takeUnmailedSystemErrors(tx)) {
        if (watched.has(error.meterId)) add(error.meterId, { kind: 'systemError', name: error.name, time: error.time });
      }
      if (problemsOf.size === 0) return 0;

      const byOrganization = new Map<string, OrganizationMeterErrors>();
      for (const meter of meters) {
        const problems = problemsOf.get(meter.id);
        if (!problems) continue;
        const organization = byOrganization.get(meter.organizationId) ?? { name: meter.organizationName, meters: [] };
        organization.meters.push({ id: meter.id, serial: meter.serial, name: meter.name, problems });
        byOrganization.set(meter.organizationId, organization);
      }
      const recipients = await repository.recipients(tx, [...byOrganization.keys()]);
      const perUser = new Map<string, { email: string; language: string; organizationIds: string[] }>();
      for (const recipient of recipients) {
        const entry = perUser.get(recipient.userId) ?? { ...recipient, organizationIds: [] };
        entry.organizationIds.push(recipient.organizationId);
        perUser.set(recipient.userId, entry);
      }
      const mails = [...perUser.values()].map((recipient) => ({
        payload: meterErrorMail({
          to: recipient.email,
          language: isLanguage(recipient.language) ? recipient.language : 'fi',
          organizations: recipient.organizationIds.map((id) => byOrganization.get(id) as OrganizationMeterErrors),
          publicUrl: this.deps.publicUrl,
          siteName: this.deps.siteName,
          timeZone: this.deps.timeZone,
        }),
      }));
      await jobs.enqueue(this.mailJob, mails, tx);
      return mails.length;
    });
    if (mails > 0) jobs.lookNow();
    return mails;
  }
}
