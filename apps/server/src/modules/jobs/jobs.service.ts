import type { Logger } from 'pino';
import { z } from 'zod';
import type { JobRow, JobsRepository, NewJob, Tx } from './jobs.repository.ts';

/**
 * A named kind of background work. The handler must be idempotent: a job runs at least once, and
 * again if its worker died after doing the work but before recording it.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  handle(payload: z.output<Schema>, job: { id: number; attempt: number; runAt: Date }): Promise<void>;
  /** Attempts before the job is given up (kept with its last error). Default 10. */
  maxAttempts?: number;
  /** Wait before the attempt after `attempt` failed, ms. Default: 10 s doubling up to an hour. */
  retryDelayMs?(attempt: number): number;
}

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

/** A job that recurs: `next` gives the first run time strictly after a moment. */
export interface JobSchedule<Schema extends z.ZodType = z.ZodType> {
  job: JobDefinition<Schema>;
  next(after: Date): Date;
  payload(runAt: Date): z.input<Schema>;
}

export interface JobQueueOptions {
  /** Longest sleep between looks at the queue, ms (another instance may have added work). */
  pollMs: number;
  /** Jobs run at once by this instance. */
  concurrency: number;
  /** How long a claimed job is this instance's before another may take it, ms. */
  leaseMs: number;
}

/** Wait before attempt n + 1: 10 s, 20 s, 40 s … up to an hour. */
const defaultRetryDelayMs = (attempt: number) => Math.min(3_600_000, 10_000 * 2 ** (attempt - 1));

/**
 * The durable job queue in the database (jobs table): enqueue inside the transaction that makes
 * the work necessary, and any instance runs it once it is due, with retries and backoff.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly schedules = new Map<string, JobSchedule>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  private lookAgain = false;
  private started = false;
  private closed = false;

  constructor(
    private readonly repository: JobsRepository,
    private readonly logger: Logger,
    private readonly options: JobQueueOptions = { pollMs: 5_000, concurrency: 2, leaseMs: 10 * 60_000 },
  ) {}

  define(...definitions: JobDefinition[]): void {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  /** Runs `schedule.job` at each of its times, once across all instances (the run time is its key). */
  schedule(schedule: JobSchedule): void {
    this.define(schedule.job);
    this.schedules.set(schedule.job.name, schedule);
  }

  /**
   * Adds jobs, in `tx` when given (so they exist only if that transaction commits). A payload that
   * does not fit its job's schema throws here, not later in a worker.
   */
  async enqueue<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    items: Array<{ payload: z.input<Schema>; key?: string; runAt?: Date }>,
    tx?: Tx,
  ): Promise<number> {
    const jobs: NewJob[] = items.map((item) => ({
      name: definition.name,
      payload: definition.payload.parse(item.payload),
      key: item.key ?? null,
      runAt: item.runAt,
      maxAttempts: definition.maxAttempts,
    }));
    const added = await this.repository.insert(tx ?? this.repository.sql, jobs);
    // In a transaction the jobs exist only after it commits: the caller calls `lookNow` then.
    if (added > 0 && !tx) this.lookNow();
    return added;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const schedule of this.schedules.values()) await this.enqueueNext(schedule, new Date());
    this.wake();
  }

  /** Stops taking jobs and waits for the ones running. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.looking;
    await Promise.all([...this.running]);
  }

  /** Looks for due jobs at once instead of at the next poll (after enqueueing in a transaction). */
  lookNow(): void {
    this.wake();
  }

  private wake(): void {
    if (!this.started || this.closed) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.looking = this.look().finally(() => {
      this.looking = undefined;
      if (this.lookAgain) {
        this.lookAgain = false;
        this.wake();
      }
    });
  }

  private async look(): Promise<void> {
    let sleepMs = this.options.pollMs;
    try {
      const room = this.options.concurrency - this.running.size;
      if (room > 0) {
        const claimed = await this.repository.claim([...this.definitions.keys()], room, this.options.leaseMs);
        for (const job of claimed) this.run(job);
        if (claimed.length === room) return this.later(0);
      }
      const due = await this.repository.nextDue([...this.definitions.keys()]);
      if (due) sleepMs = Math.max(0, Math.min(sleepMs, due.getTime() - Date.now()));
    } catch (error) {
      // The database away for a moment: the jobs wait in it; look again later.
      this.logger.warn({ err: error }, 'looking for due jobs failed');
    }
    this.later(sleepMs);
  }

  private later(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    // Timers beyond 2^31 ms fire at once; the poll interval bounds the sleep anyway.
    this.timer = setTimeout(() => this.wake(), Math.min(ms, 2 ** 31 - 1));
  }

  private run(job: JobRow): void {
    const running = this.execute(job).finally(() => {
      this.running.delete(running);
      this.wake();
    });
    this.running.add(running);
  }

  private async execute(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.name) as JobDefinition;
    const log = this.logger.child({ job: job.name, jobId: job.id, attempt: job.attempts });
    try {
      const payload = definition.payload.parse(job.payload);
      await definition.handle(payload, { id: job.id, attempt: job.attempts, runAt: new Date(job.runAt) });
      await this.repository.complete(job.id);
      const schedule = this.schedules.get(job.name);
      if (schedule) await this.enqueueNext(schedule, new Date(Math.max(Date.now(), new Date(job.runAt).getTime())));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givingUp = job.attempts >= job.maxAttempts;
      log[givingUp ? 'error' : 'warn']({ err: error }, givingUp ? 'job failed; giving up' : 'job failed; will retry');
      try {
        await this.repository.fail(job.id, message, (definition.retryDelayMs ?? defaultRetryDelayMs)(job.attempts));
        // A scheduled job that gave up must not end its schedule.
        const schedule = this.schedules.get(job.name);
        if (givingUp && schedule) await this.enqueueNext(schedule, new Date());
      } catch (recordError) {
        // Its lease runs out and the job is taken again.
        log.error({ err: recordError }, 'recording a failed job failed');
      }
    }
  }

  private async enqueueNext(schedule: JobSchedule, after: Date): Promise<void> {
    const runAt = schedule.next(after);
    await this.enqueue(schedule.job, [
      { payload: schedule.payload(runAt), key: `${schedule.job.name}@${runAt.toISOString()}`, runAt },
    ]);
  }
}

/** Finished jobs are kept this many days (to look into), then dropped: the queue is no archive. */
export const doneJobsKeptDays = 7;

/** Daily at 03:00 UTC: drops jobs finished more than `doneJobsKeptDays` ago (minute schedules add 1,440 a day). */
export function purgeDoneJobsSchedule(repository: JobsRepository): JobSchedule {
  return {
    job: defineJob({
      name: 'jobs.purge-done',
      payload: z.object({}),
      handle: async () => {
        await repository.purgeDone(doneJobsKeptDays);
      },
    }),
    next: (after) => {
      const next = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), 3));
      return next > after ? next : new Date(next.getTime() + 86_400_000);
    },
    payload: () => ({}),
  };
}
