import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { JobsRepository } from './jobs.repository.ts';
import { defineJob, type JobDefinition, JobQueue } from './jobs.service.ts';

const logger = pino({ level: 'silent' });
const quick = { pollMs: 50, concurrency: 2, leaseMs: 60_000 };

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let sequence = 0;
/** A job kind of its own per test, recording the payloads it handled. */
function recordingJob(options: { fail?: (attempt: number) => boolean; maxAttempts?: number } = {}) {
  sequence += 1;
  const handled: Array<{ n: number; attempt: number }> = [];
  const job = defineJob({
    name: `test.recording-${sequence}`,
    payload: z.object({ n: z.number().int() }),
    maxAttempts: options.maxAttempts,
    retryDelayMs: () => 10,
    handle: async ({ n }, { attempt }) => {
      if (options.fail?.(attempt)) throw new Error(`attempt ${attempt} failed`);
      handled.push({ n, attempt });
    },
  });
  return { job, handled };
}

describe.each(testDatabases)('the job queue on %s', (kind) => {
  let olo: TestServer;
  const queues: JobQueue[] = [];
  const queue = (...definitions: JobDefinition[]) => {
    const created = new JobQueue(new JobsRepository(olo.server.database.sql), logger, quick);
    created.define(...definitions);
    queues.push(created);
    return created;
  };
  const row = (key: string) => new JobsRepository(olo.server.database.sql).byKey(key);

  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(queues.map((created) => created.close()));
    await olo?.close();
  });

  it('runs an enqueued job once, and refuses a payload that does not fit its schema', async () => {
    const { job, handled } = recordingJob();
    const jobs = queue(job);
    await jobs.start();
    await expect(jobs.enqueue(job, [{ payload: { n: 'one' as unknown as number } }])).rejects.toThrow();
    expect(await jobs.enqueue(job, [{ payload: { n: 1 }, key: `${job.name}:1` }])).toBe(1);
    // The same key again: nothing more to do.
    expect(await jobs.enqueue(job, [{ payload: { n: 1 }, key: `${job.name}:1` }])).toBe(0);
    await until(async () => (await row(`${job.name}:1`))?.doneAt != null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handled).toEqual([{ n: 1, attempt: 1 }]);
  });

  it('retries a failing job and keeps one that keeps failing, with its last error', async () => {
    const flaky = recordingJob({ fail: (attempt) => attempt < 3 });
    const broken = recordingJob({ fail: () => true, maxAttempts: 2 });
    const jobs = queue(flaky.job, broken.job);
    await jobs.start();
    await jobs.enqueue(flaky.job, [{ payload: { n: 7 }, key: `${flaky.job.name}:7` }]);
    await jobs.enqueue(broken.job, [{ payload: { n: 8 }, key: `${broken.job.name}:8` }]);
    await until(async () => (await row(`${flaky.job.name}:7`))?.doneAt != null);
    expect(flaky.handled).toEqual([{ n: 7, attempt: 3 }]);
    await until(async () => (await row(`${broken.job.name}:8`))?.attempts === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await row(`${broken.job.name}:8`)).toMatchObject({
      attempts: 2,
      doneAt: null,
      lastError: 'attempt 2 failed',
    });
  });

  it('runs each job once when several instances share the queue', async () => {
    const { job, handled } = recordingJob();
    const instances = [queue(job), queue(job), queue(job)];
    await Promise.all(instances.map((instance) => instance.start()));
    const count = 40;
    await instances[0]?.enqueue(
      job,
      Array.from({ length: count }, (_, n) => ({ payload: { n } })),
    );
    await until(() => handled.length >= count);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled.map((entry) => entry.n).sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
  });

  it('hands a batched kind its due jobs together, completing each, and retries only the one that failed', async () => {
    sequence += 1;
    const batches: number[][] = [];
    const attemptsOf = new Map<number, number>();
    const job = defineJob({
      name: `test.batched-${sequence}`,
      payload: z.object({ n: z.number().int() }),
      retryDelayMs: () => 10,
      batchSize: 10,
      handleBatch: async (jobs) => {
        batches.push(jobs.map(({ payload }) => payload.n));
        return jobs.map(({ payload, job: { attempt } }) => {
          attemptsOf.set(payload.n, attempt);
          // The 13th fails its first attempt.
          return payload.n === 13 && attempt === 1 ? new Error('not now') : undefined;
        });
      },
    });
    const jobs = queue(job);
    const count = 25;
    // Enqueued before the queue starts: all due at once.
    await jobs.enqueue(
      job,
      Array.from({ length: count }, (_, n) => ({ payload: { n }, key: `${job.name}:${n}` })),
    );
    await jobs.start();
    await until(async () => (await row(`${job.name}:13`))?.doneAt != null);
    const handled = batches.flat();
    expect(handled.filter((n) => n !== 13).sort((a, b) => a - b)).toEqual(
      Array.from({ length: count }, (_, n) => n).filter((n) => n !== 13),
    );
    expect(handled.filter((n) => n === 13)).toHaveLength(2);
    // Two slots, each a batch of up to ten: three batches for the first 25, then the retry.
    expect(Math.max(...batches.map((batch) => batch.length))).toBe(10);
    expect(batches.length).toBeLessThanOrEqual(5);
    expect(attemptsOf.get(13)).toBe(2);
    for (const n of [0, 12, 24]) {
      expect(await row(`${job.name}:${n}`)).toMatchObject({ attempts: 1, lastError: null });
      expect((await row(`${job.name}:${n}`))?.doneAt).not.toBeNull();
    }
  });

  it('enqueues the next run of a schedule once, however many instances start', async () => {
    const { job, handled } = recordingJob();
    // Every 300 ms, on the 300 ms grid.
    const schedule = {
      job,
      next: (after: Date) => new Date((Math.floor(after.getTime() / 300) + 1) * 300),
      payload: (runAt: Date) => ({ n: runAt.getTime() }),
    };
    const instances = [queue(), queue()];
    for (const instance of instances) instance.schedule(schedule);
    await Promise.all(instances.map((instance) => instance.start()));
    await until(() => handled.length >= 3);
    await Promise.all(instances.map((instance) => instance.close()));
    const runs = handled.map((entry) => entry.n);
    expect(new Set(runs).size).toBe(runs.length);
    for (const [index, run] of runs.entries()) {
      expect(run % 300).toBe(0);
      if (index > 0) expect(run).toBeGreaterThan(runs[index - 1] as number);
    }
  });
});
