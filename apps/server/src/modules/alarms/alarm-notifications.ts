import { createHash } from 'node:crypto';
import {
  type AlarmDeliveryStatus,
  accountErrors,
  alarmActionTypes,
  alarmErrors,
  defaultLanguage,
  isLanguage,
  type Language,
} from '@olo/shared';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Mailer } from '../../channels/mail/mailer.ts';
import { normalizePhoneNumber, type SmsGateway, smsGatewayMissing } from '../../channels/sms/sms-gateway.ts';
import { postWebhook, RefusedWebhookTarget } from '../../channels/webhook/webhook-delivery.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../shared/errors.ts';
import { defineJob, type JobQueue } from '../jobs/jobs.service.ts';
import type { AlarmOutcome } from './alarm-engine.ts';
import { type AlarmNotice, alarmMail, alarmSms } from './alarm-mails.ts';
import type { ActionContext, AlarmNotificationsRepository } from './alarm-notifications.repository.ts';

/** An engine event as a job carries it: times in epoch ms. */
const eventPayload = z.object({
  kind: z.enum(['triggered', 'repeated', 'ended']),
  time: z.number(),
  /** Null when there is none: a missing-data episode opens or repeats without a reading. */
  value: z.number().nullable(),
  startedAt: z.number().nullable(),
  peak: z.number().nullable(),
  lastedMs: z.number().nullable(),
  /** A missing-data alarm: triggered and repeated mean no readings; ended, readings came again. */
  missingData: z.boolean().default(false),
});
type EventPayload = z.infer<typeof eventPayload>;

const deliveryPayload = z.object({ actionId: z.string(), triggeredId: z.string(), event: eventPayload });
/** A delivery that failed in its batch and is retried on its own: attempts made before this job's. */
const deliverPayload = deliveryPayload.extend({ previousAttempts: z.number().int().min(0).default(0) });
/** The notifications of one ingest batch: what its events set off, per action. */
const notifyPayload = z.object({ deliveries: z.array(deliveryPayload).min(1) });
type Delivery = z.output<typeof deliveryPayload>;

/**
 * Attempts of one delivery: with a 30 s base doubling to a two-hour cap, the 19 waits between 20
 * attempts add up to about 24 hours (0.5 + 1 + 2 + … + 64 min ≈ 2.1 h, then 11 × 2 h).
 */
export const alarmDeliveryMaxAttempts = 20;
export const alarmDeliveryBaseDelayMs = 30_000;
/** The longest wait between two attempts, as a multiple of the base (2 h at 30 s). */
const maxDelayFactor = 240;

/** The wait after attempt `attempt` failed, ms: base, 2 × base, 4 × base … up to 240 × base. */
export function alarmRetryDelayMs(attempt: number, baseMs = alarmDeliveryBaseDelayMs): number {
  return Math.min(baseMs * maxDelayFactor, baseMs * 2 ** (attempt - 1));
}

/** How a delivery went, as recorded on its action. */
interface DeliveryRecord {
  status: AlarmDeliveryStatus;
  error: string | null;
  /** A failure that a retry may mend. */
  retry?: Error;
}

/** Deliveries built and sent per context query (see deliver). */
const deliverySliceSize = 50;

/** A delivery that no retry can mend (a user without an address): failed at once. */
class Undeliverable extends Error {}

/** What the webhook receives (README "Alarm notifications"). */
export interface AlarmWebhookBody {
  event: AlarmNotice['kind'];
  /** A missing-data alarm: triggered and repeated mean no readings, ended that one came. */
  missingData: boolean;
  alarm: { id: string; name: string };
  project: { id: number; name: string };
  space: { id: number; name: string } | null;
  series: { id: number; name: string; dataType: string; unit: string | null } | null;
  value: number | null;
  /** ISO 8601, UTC. */
  time: string;
  startedAt: string | null;
  endAt: string | null;
  peak: number | null;
  lastedSeconds: number | null;
  triggeredId: string | null;
  /** The project's alarms page. */
  url: string;
}

export interface AlarmNotificationsDeps {
  repository: AlarmNotificationsRepository;
  jobs: JobQueue;
  mailer: Mailer;
  sms: SmsGateway;
  logger: Logger;
  publicUrl: string;
  siteName: string;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback, private and link-local addresses. */
  allowPrivateWebhooks: boolean;
  /** Whether the project's alarms may still mail this user (AccessPolicy.mayReceiveAlarms). */
  mayReceiveAlarms: (userId: string, projectId: number) => Promise<boolean>;
  /** The first retry's wait, ms (tests make it a few ms); later ones double it. */
  retryBaseDelayMs?: number;
}

/**
 * Alarm notifications as durable jobs (decisions 0042, 0045): the ingest's storing transaction
 * enqueues one `alarms.notify` job with a delivery per engine event and action to notify (the
 * actions come with the cached rules). Keys per episode, action, kind and event time make it
 * idempotent, so a redelivered batch sends nothing twice; a delivery that fails is retried alone.
 */
export class AlarmNotifications {
  /**
   * The notifications of one ingest batch, as one job (decision 0045): an alarm storm queues one
   * row a batch rather than one a notification. Several batches' go together, with one context
   * query and one delivery record. A delivery that fails in a way a retry may mend goes on as its
   * own alarms.deliver job.
   */
  readonly notifyJob = defineJob({
    name: 'alarms.notify',
    payload: notifyPayload,
    maxAttempts: alarmDeliveryMaxAttempts,
    retryDelayMs: (attempt) => alarmRetryDelayMs(attempt, this.deps.retryBaseDelayMs),
    batchSize: 20,
    handleBatch: async (jobs) => {
      const deliveries = jobs.flatMap(({ payload, job }) =>
        payload.deliveries.map((delivery) => ({ ...delivery, attempt: job.attempt })),
      );
      const errors = await this.deliver(deliveries);
      await this.retryAlone(deliveries.filter((_, index) => errors[index]));
      return jobs.map(() => undefined);
    },
  });

  /** One delivery retried on its own, keyed per episode, action, kind and event time. */
  readonly deliverJob = defineJob({
    name: 'alarms.deliver',
    payload: deliverPayload,
    maxAttempts: alarmDeliveryMaxAttempts,
    retryDelayMs: (attempt) => alarmRetryDelayMs(attempt + 1, this.deps.retryBaseDelayMs),
    batchSize: 50,
    handleBatch: async (jobs) => {
      const deliveries = jobs.map(({ payload, job }) => ({
        ...payload,
        attempt: payload.previousAttempts + job.attempt,
      }));
      return this.deliver(deliveries);
    },
  });

  constructor(private readonly deps: AlarmNotificationsDeps) {}

  /**
   * Enqueues the notifications of a batch's outcomes, one per outcome and action to notify, as one
   * job in the ingest's transaction `tx` (none without any). Its key comes from the deliveries'
   * own, so the same outcomes queued again add nothing. The caller calls `jobs.lookNow()` once
   * `tx` committed.
   */
  async enqueueOutcomes(tx: Tx, outcomes: AlarmOutcome[]): Promise<number> {
    const deliveries = outcomes.flatMap((outcome) => {
      const event = toEventPayload(outcome);
      return outcome.actionIds.map((actionId) => ({ actionId, triggeredId: outcome.triggeredId, event }));
    });
    if (deliveries.length === 0) return 0;
    const key = `alarms.notify:${createHash('sha256').update(deliveries.map(deliveryKey).join('\n')).digest('hex')}`;
    return this.deps.jobs.enqueue(this.notifyJob, [{ payload: { deliveries }, key }], tx);
  }

  /** Failed deliveries of a batch, each as its own job after the wait that follows its attempt. */
  private async retryAlone(failed: Array<Delivery & { attempt: number }>): Promise<void> {
    if (failed.length === 0) return;
    const now = Date.now();
    await this.deps.jobs.enqueue(
      this.deliverJob,
      failed
        .filter((delivery) => delivery.attempt < alarmDeliveryMaxAttempts)
        .map(({ attempt, ...delivery }) => ({
          payload: { ...delivery, previousAttempts: attempt },
          key: deliveryKey(delivery),
          runAt: new Date(now + alarmRetryDelayMs(attempt, this.deps.retryBaseDelayMs)),
          maxAttempts: alarmDeliveryMaxAttempts - attempt,
        })),
    );
  }

  /**
   * Sends notifications and records how each action's latest went. Per delivery, resolves
   * undefined when it is settled, or the error of a failure that a retry may mend, for the queue to
   * retry (`retrying`, or `failed` on the last attempt). A refused target or a missing SMS gateway is
   * recorded and not retried. One action's notifications go in the order given (a trigger before
   * its end); different actions' go at once.
   */
  private async deliver(deliveries: Array<Delivery & { attempt: number }>): Promise<Array<Error | undefined>> {
    const results: Array<Error | undefined> = deliveries.map(() => undefined);
    const recorded = new Map<string, DeliveryRecord>();
    // Asked once a batch per user and project: a storm notifies the same members many times.
    const rights = new Map<string, Promise<boolean>>();
    const mayReceive = (userId: string, projectId: number) => {
      const key = `${userId}:${projectId}`;
      let allowed = rights.get(key);
      if (!allowed) {
        allowed = this.deps.mayReceiveAlarms(userId, projectId);
        rights.set(key, allowed);
      }
      return allowed;
    };
    // In slices, each after its own context query: a storm's thousand notifications built in one
    // go would hold the event loop, and with it the ingest, for a noticeable moment.
    for (let start = 0; start < deliveries.length; start += deliverySliceSize) {
      const slice = deliveries.slice(start, start + deliverySliceSize);
      const contexts = await this.deps.repository.actionContexts(slice);
      const byAction = new Map<string, number[]>();
      slice.forEach((delivery, index) => {
        const indexes = byAction.get(delivery.actionId);
        if (indexes) indexes.push(index);
        else byAction.set(delivery.actionId, [index]);
      });
      await Promise.all(
        [...byAction.values()].map(async (indexes) => {
          for (const index of indexes) {
            const context = contexts[index];
            if (!context) continue;
            const outcome = await this.deliverOne(context, slice[index] as (typeof slice)[number], mayReceive);
            if (!outcome) continue;
            recorded.set(context.actionId, outcome);
            results[start + index] = outcome.retry;
          }
        }),
      );
    }
    try {
      await this.deps.repository.recordDeliveries(
        [...recorded].map(([actionId, { status, error }]) => ({ actionId, status, error })),
      );
    } catch (error) {
      // What was sent stays sent: thrown, the batch would be retried and send it all again. The
      // actions show their next delivery's state instead.
      this.deps.logger.error({ err: error, actions: recorded.size }, 'recording alarm deliveries failed');
    }
    return results;
  }

  /** One notification: how it went (`retry`: the error of a failure a retry may mend), or null if nobody asks for it. */
  private async deliverOne(
    context: ActionContext,
    delivery: Delivery & { attempt: number },
    mayReceive: AlarmNotificationsDeps['mayReceiveAlarms'],
  ): Promise<DeliveryRecord | null> {
    // Deleted or switched off since the event: nobody asks for it any more.
    if (!context.active) return null;
    if (delivery.event.kind === 'ended' && !context.triggerAtEnd) return null;
    try {
      return recordOf(
        await this.send(context, () => this.notice(context, delivery.event), delivery.triggeredId, mayReceive),
      );
    } catch (error) {
      const message = (error as Error).message;
      if (settles(error)) {
        // The action's fault (a refused target, no address): no stack worth writing.
        this.deps.logger.warn(
          { actionId: context.actionId, status: 'failed', error: message },
          'alarm notification not delivered',
        );
        return { status: 'failed', error: message };
      }
      const givingUp = delivery.attempt >= alarmDeliveryMaxAttempts;
      return { status: givingUp ? 'failed' : 'retrying', error: message, retry: error as Error };
    }
  }

  /**
   * Sends a test notification through the action now (no retries) and records the outcome on it,
   * as the action's editor shows it. Throws NOT_FOUND for an unknown action.
   */
  async sendTest(actionId: string): Promise<{ status: AlarmDeliveryStatus; error: string | null }> {
    const { repository } = this.deps;
    const [context] = await repository.actionContexts([{ actionId, triggeredId: null }]);
    if (!context) throw new AppError('NOT_FOUND', accountErrors.notFound);
    const notice: AlarmNotice = {
      ...this.place(context),
      kind: 'test',
      missingData: false,
      value: context.latestValue,
      time: new Date(),
      startedAt: null,
      peak: null,
      lastedMs: null,
    };
    let result: { status: AlarmDeliveryStatus; error: string | null };
    try {
      result = recordOf(await this.send(context, () => notice, null));
    } catch (error) {
      result = { status: 'failed', error: (error as Error).message };
    }
    await repository.recordDeliveries([{ actionId, ...result }], { evenIfUnchanged: true });
    return result;
  }

  private place(context: ActionContext) {
    return {
      alarmName: context.alarmName,
      projectName: context.projectName,
      spaceName: context.spaceName,
      seriesName: context.seriesName,
      dataType: context.dataType,
      unit: context.unit,
      limit: context.limit,
      timeZone: context.timeZone,
      link: `${this.deps.publicUrl}/p/${context.projectId}/alarms`,
    };
  }

  private notice(context: ActionContext, event: EventPayload): AlarmNotice {
    return {
      ...this.place(context),
      kind: event.kind,
      missingData: event.missingData,
      value: event.value,
      time: new Date(event.time),
      startedAt: event.startedAt === null ? null : new Date(event.startedAt),
      peak: event.peak,
      lastedMs: event.lastedMs,
    };
  }

  /** `notSent`: an SMS with no gateway configured, only logged. `notice` is built when something reads it. */
  private async send(
    context: ActionContext,
    notice: () => AlarmNotice,
    triggeredId: string | null,
    mayReceive = this.deps.mayReceiveAlarms,
  ): Promise<'sent' | 'notSent'> {
    const { siteName } = this.deps;
    switch (context.type) {
      case 'email': {
        if (!context.email) throw new Undeliverable('The action has no email address');
        const language = languageOf(context.addressLanguage);
        await this.deps.mailer.send(alarmMail({ to: context.email, language, notice: notice(), siteName }));
        return 'sent';
      }
      case 'user': {
        if (context.userActive === false) throw new Undeliverable('The user is deactivated');
        if (!context.userEmail) throw new Undeliverable('The user has no email address');
        // Rights change after the action was saved: a member removed, or their alarm rights taken away.
        if (!context.userId || !(await mayReceive(context.userId, context.projectId))) {
          throw new Undeliverable(alarmErrors.userLostAlarmAccess);
        }
        const language = languageOf(context.userLanguage);
        await this.deps.mailer.send(alarmMail({ to: context.userEmail, language, notice: notice(), siteName }));
        return 'sent';
      }
      case 'sms': {
        if (!context.sms) throw new Undeliverable('The action has no phone number');
        // A phone number has no language of its own: the site's default.
        return this.deps.sms.send(normalizePhoneNumber(context.sms), () =>
          alarmSms(notice(), defaultLanguage, siteName),
        );
      }
      case 'webhook': {
        if (!context.webhook) throw new Undeliverable('The action has no webhook address');
        await postWebhook({
          url: context.webhook,
          body: JSON.stringify(webhookBody(context, notice(), triggeredId)),
          secret: context.secret,
          allowPrivate: this.deps.allowPrivateWebhooks,
        });
        return 'sent';
      }
      default:
        throw new Undeliverable(
          `Unknown action type ${String(context.type)} (expected ${alarmActionTypes.join(', ')})`,
        );
    }
  }
}

/** A send that did not throw, as recorded: `notSent` only ever means no SMS gateway. */
function recordOf(status: 'sent' | 'notSent'): DeliveryRecord {
  return { status, error: status === 'notSent' ? smsGatewayMissing : null };
}

/** A failure that no retry changes: the action fails at once. */
function settles(error: unknown): boolean {
  return error instanceof RefusedWebhookTarget || error instanceof Undeliverable;
}

/** A delivery's idempotency key: per episode, action, kind and event time. */
function deliveryKey(delivery: Delivery): string {
  return `alarm:${delivery.triggeredId}:${delivery.actionId}:${delivery.event.kind}:${delivery.event.time}`;
}

function languageOf(value: string | null): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

/** The engine's NaN (no reading behind a missing-data event) as null, which JSON keeps. */
const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);

function toEventPayload(outcome: AlarmOutcome): EventPayload {
  const { event, missingData } = outcome;
  return {
    kind: event.kind,
    time: event.time,
    value: finiteOrNull(event.value),
    startedAt: event.kind === 'triggered' ? null : event.startedAt,
    // A missing-data episode has no peak: its end's "peak" is merely the reading that ended it.
    peak: event.kind === 'ended' && !missingData ? finiteOrNull(event.peak) : null,
    lastedMs: event.kind === 'ended' ? event.lastedMs : null,
    missingData,
  };
}

function webhookBody(context: ActionContext, notice: AlarmNotice, triggeredId: string | null): AlarmWebhookBody {
  const iso = (time: Date | null) => time?.toISOString() ?? null;
  return {
    event: notice.kind,
    missingData: notice.missingData,
    alarm: { id: context.alarmId, name: context.alarmName },
    project: { id: context.projectId, name: context.projectName },
    space: context.spaceId === null ? null : { id: context.spaceId, name: context.spaceName ?? '' },
    series:
      context.seriesId === null
        ? null
        : {
            id: context.seriesId,
            name: context.seriesName ?? '',
            dataType: context.dataType ?? '',
            unit: context.unit,
          },
    value: notice.value,
    time: notice.time.toISOString(),
    startedAt: notice.kind === 'triggered' ? iso(notice.time) : iso(notice.startedAt),
    endAt: notice.kind === 'ended' ? iso(notice.time) : null,
    peak: notice.peak,
    lastedSeconds: notice.lastedMs === null ? null : Math.round(notice.lastedMs / 1000),
    triggeredId,
    url: notice.link,
  };
}
