import type { Logger } from 'pino';
import { z } from 'zod';
import type { Tx } from '../../db/sql.ts';
import type { JobRow, JobsRepository, NewJob } from './jobs.repository.ts';

/** The job as its handler sees it. */
export interface JobInfo {
  id: number;
  attempt: number;
  runAt: Date;
}

interface JobBase<Schema extends z.ZodType> {
  name: string;
  payload: Schema;
  /** Attempts before the job is given up (kept with its last error). Default 10. */
  maxAttempts?: number;
  /** Wait before the attempt after `attempt` failed, ms. Default: 10 s doubling up to an hour. */
  retryDelayMs?(attempt: number): number;
}

/** Handled one job at a time. */
interface SingleJob<Schema extends z.ZodType> extends JobBase<Schema> {
  handle(payload: z.output<Schema>, job: JobInfo): Promise<void>;
  handleBatch?: never;
  batchSize?: never;
}

/**
 * Handled up to `batchSize` jobs at a time, for work whose cost is mostly round trips to the
 * database: the batch costs one claim, one completion and what the handler makes of it. The
 * handler resolves, per job in the order given, undefined when it is done or the error it failed
 * with (retried as a single job's throw is).
 */
interface BatchedJob<Schema extends z.ZodType> extends JobBase<Schema> {
  handleBatch(jobs: Array<{ payload: z.output<Schema>; job: JobInfo }>): Promise<Array<Error | undefined>>;
  batchSize: number;
  handle?: never;
}

/**
 * A named kind of background work. The handler must be idempotent: a job runs at least once, and
 * again if its worker died after doing the work but before recording it.
 */
export type JobDefinition<Schema extends z.ZodType = z.ZodType> = SingleJob<Schema> | BatchedJob<Schema>;

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
  /**
   * How long `lookNow` waits, ms, so that the jobs a stream of transactions queues (an alarm storm
   * on the ingest) are claimed together rather than one claim per commit. Default 200.
   */
  gatherMs?: number;
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
  /** When `timer` fires (epoch ms). */
  private timerAt = Number.POSITIVE_INFINITY;
  private looking: Promise<void> | undefined;
  private lookAgain = false;
  /** The last claim took as many jobs as there was room for: more may be due. */
  private saturated = false;
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
    items: Array<{ payload: z.input<Schema>; key?: string; runAt?: Date; maxAttempts?: number }>,
    tx?: Tx,
  ): Promise<number> {
    const jobs: NewJob[] = items.map((item) => ({
      name: definition.name,
      payload: definition.payload.parse(item.payload),
      key: item.key ?? null,
      runAt: item.runAt,
      maxAttempts: item.maxAttempts ?? definition.maxAttempts,
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

  /** Looks for due jobs within `gatherMs` instead of at the next poll (after enqueueing in a transaction). */
  lookNow(): void {
    if (!this.started || this.closed) return;
    const gatherMs = this.options.gatherMs ?? 200;
    if (this.looking) this.lookAgain = true;
    else if (this.timerAt > Date.now() + gatherMs) this.later(gatherMs);
  }

  private wake(): void {
    if (!this.started || this.closed) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.looking = this.look().finally(() => {
      this.looking = undefined;
      if (this.lookAgain) {
        this.lookAgain = false;
        this.wake();
      }
    });
  }

  private async look(): Promise<void> {
    const room = this.options.concurrency - this.running.size;
    // Full: the end of a running job looks again, so a wake-up (each ingest commit that queued
    // notifications is one) costs no query.
    if (room <= 0) return;
    let sleepMs = this.options.pollMs;
    try {
      const claimed = await this.repository.claim([...this.definitions.keys()], room, this.options.leaseMs);
      // Fewer than asked for: nothing else was due, so a job's end need not look again at once.
      this.saturated = claimed.length === room;
      for (const group of await this.batched(claimed)) this.run(group);
      if (claimed.length === room) return this.later(0);
      // With jobs running, the end of each looks again; only an idle queue needs to know when to.
      if (claimed.length === 0) {
        const due = await this.repository.nextDue([...this.definitions.keys()]);
        if (due) sleepMs = Math.max(0, Math.min(sleepMs, due.getTime() - Date.now()));
      }
    } catch (error) {
      // The database away for a moment: the jobs wait in it; look again later.
      this.logger.warn({ err: error }, 'looking for due jobs failed');
    }
    this.later(sleepMs);
  }

  /**
   * The claimed jobs as units of work: a single job each, and per batched kind one batch, topped
   * up to its size with more due jobs of that kind.
   */
  private async batched(claimed: JobRow[]): Promise<JobRow[][]> {
    const groups: JobRow[][] = [];
    const batches = new Map<string, JobRow[]>();
    for (const job of claimed) {
      if (!this.definitions.get(job.name)?.batchSize) groups.push([job]);
      else if (batches.has(job.name)) batches.get(job.name)?.push(job);
      else batches.set(job.name, [job]);
    }
    for (const [name, jobs] of batches) {
      const size = this.definitions.get(name)?.batchSize ?? 1;
      if (jobs.length < size && this.saturated) {
        try {
          jobs.push(...(await this.repository.claim([name], size - jobs.length, this.options.leaseMs)));
        } catch (error) {
          // The batch runs with what it has; the rest stay due.
          this.logger.warn({ err: error }, 'topping up a batch of jobs failed');
        }
      }
      groups.push(jobs);
    }
    return groups;
  }

  private later(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    // Timers beyond 2^31 ms fire at once; the poll interval bounds the sleep anyway.
    const delay = Math.min(ms, 2 ** 31 - 1);
    this.timerAt = Date.now() + delay;
    this.timer = setTimeout(() => this.wake(), delay);
  }

  /** Runs jobs of one kind (one, or a batch), counted as one of the `concurrency` slots. */
  private run(jobs: JobRow[]): void {
    const running = this.execute(jobs).finally(() => {
      this.running.delete(running);
      // Each look costs statements (on a busy ingest, each a write to the database's socket):
      // with nothing more due, the next is gathered with those the commits ask for.
      if (this.saturated) this.wake();
      else this.lookNow();
    });
    this.running.add(running);
  }

  private async execute(jobs: JobRow[]): Promise<void> {
    const definition = this.definitions.get((jobs[0] as JobRow).name) as JobDefinition;
    const items: Array<{ row: JobRow; payload: unknown; job: JobInfo }> = [];
    const failures: Array<{ row: JobRow; error: unknown }> = [];
    for (const row of jobs) {
      try {
        const payload = definition.payload.parse(row.payload);
        items.push({ row, payload, job: { id: row.id, attempt: row.attempts, runAt: new Date(row.runAt) } });
      } catch (error) {
        failures.push({ row, error });
      }
    }
    const errors = items.length === 0 ? [] : await handleJobs(definition, items);
    const done: JobRow[] = [];
    items.forEach((item, index) => {
      const error = errors[index];
      if (error) failures.push({ row: item.row, error });
      else done.push(item.row);
    });
    if (done.length > 0) {
      try {
        await this.repository.complete(done.map((row) => row.id));
      } catch (error) {
        // Their leases run out and they run again: handlers are idempotent.
        this.logger.error({ err: error, job: definition.name }, 'recording finished jobs failed');
        return;
      }
      const schedule = this.schedules.get(definition.name);
      if (schedule) {
        for (const row of done) {
          try {
            await this.enqueueNext(schedule, new Date(Math.max(Date.now(), new Date(row.runAt).getTime())));
          } catch (error) {
            // Each instance enqueues the next run again when it starts.
            this.logger.error({ err: error, job: definition.name }, 'scheduling the next run failed');
          }
        }
      }
    }
    for (const { row, error } of failures) await this.recordFailure(definition, row, error);
  }

  private async recordFailure(definition: JobDefinition, job: JobRow, error: unknown): Promise<void> {
    const log = this.logger.child({ job: job.name, jobId: job.id, attempt: job.attempts });
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

  private async enqueueNext(schedule: JobSchedule, after: Date): Promise<void> {
    const runAt = schedule.next(after);
    await this.enqueue(schedule.job, [
      { payload: schedule.payload(runAt), key: `${schedule.job.name}@${runAt.toISOString()}`, runAt },
    ]);
  }
}

/** Runs a definition's handler on parsed jobs: per job, undefined when done or the error it failed with. */
async function handleJobs(
  definition: JobDefinition,
  items: Array<{ payload: unknown; job: JobInfo }>,
): Promise<Array<Error | undefined>> {
  if (definition.handleBatch) {
    try {
      return await definition.handleBatch(items);
    } catch (error) {
      return items.map(() => error as Error);
    }
  }
  const errors: Array<Error | undefined> = [];
  for (const item of items) {
    try {
      await definition.handle(item.payload, item.job);
      errors.push(undefined);
    } catch (error) {
      errors.push(error as Error);
    }
  }
  return errors;
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
