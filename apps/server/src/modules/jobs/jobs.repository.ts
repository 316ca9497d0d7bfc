import { numberArray, type Sql, type Transaction, type Tx, textArray, timeArray, transaction } from '../../db/sql.ts';

export interface JobRow {
  id: number;
  name: string;
  payload: unknown;
  key: string | null;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  doneAt: Date | null;
}

export interface NewJob {
  name: string;
  payload: unknown;
  key?: string | null;
  runAt?: Date;
  maxAttempts?: number;
}

const columns = `id, name, payload, key, run_at as "runAt", attempts, max_attempts as "maxAttempts",
  last_error as "lastError", done_at as "doneAt"`;

/** The durable job queue's SQL. Times are the database's clock, so that instances agree. */
export class JobsRepository {
  constructor(readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  /** Adds jobs; one whose key is taken is skipped. Returns how many were added. */
  async insert(tx: Tx, jobs: NewJob[]): Promise<number> {
    if (jobs.length === 0) return 0;
    // The payloads as one jsonb array, read by position: as a text array, each payload's every
    // quote was escaped by the driver and parsed twice by the server (an alarm storm's are large).
    const rows = await tx`
      insert into jobs (name, payload, key, run_at, max_attempts)
      select u.name, ${JSON.stringify(jobs.map((job) => job.payload ?? null))}::jsonb -> (u.n::int - 1), u.key,
             coalesce(u.run_at, now()), u.max_attempts
      from unnest(
        ${textArray(jobs.map((job) => job.name))}::text[],
        ${textArray(jobs.map((job) => job.key))}::text[],
        ${timeArray(jobs.map((job) => job.runAt ?? null))}::timestamptz[],
        ${numberArray(jobs.map((job) => job.maxAttempts ?? 10))}::int[]
      ) with ordinality as u(name, key, run_at, max_attempts, n)
      on conflict (key) do nothing
      returning id`;
    return rows.length;
  }

  /** Takes up to `limit` due jobs of the given names for `leaseMs`, counting an attempt each. */
  async claim(names: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
    if (names.length === 0) return [];
    // Prepared (unsafe only for the constant column list): planned anew, it cost about as much as it ran.
    return this.sql.unsafe<JobRow[]>(
      `update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => $3::float8 / 1000)
       where id in (
         select id from jobs
         where done_at is null and run_at <= now() and attempts < max_attempts
           and (locked_until is null or locked_until < now()) and name = any($1::text[])
         order by run_at, id limit $2
         for update skip locked)
       returning ${columns}`,
      [names as never, limit, leaseMs],
      { prepare: true },
    );
  }

  async complete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // As text: the driver reads an int8 id as a string, whatever JobRow says.
    await this.sql`
      update jobs set done_at = now(), locked_until = null, last_error = null
      where id = any(${textArray(ids.map(String))}::bigint[])`;
  }

  /** Puts a failed job back for a later attempt (or leaves it given up when none is left). */
  async fail(id: number, error: string, retryInMs: number): Promise<void> {
    await this.sql`
      update jobs set last_error = ${error.slice(0, 2000)}, locked_until = null,
        run_at = now() + make_interval(secs => ${retryInMs}::float8 / 1000)
      where id = ${id}`;
  }

  /**
   * When the soonest job of these names that nobody holds is due, if any (for the runner's sleep).
   * Held ones are left out, so that this reads the due index in order and stops at the first: the
   * poll interval bounds the wait for a lease that lapsed.
   */
  async nextDue(names: string[]): Promise<Date | null> {
    if (names.length === 0) return null;
    const [row] = await this.sql<Array<{ at: Date | string }>>`
      select run_at as at from jobs
      where done_at is null and attempts < max_attempts and name = any(${textArray(names)}::text[])
        and (locked_until is null or locked_until < now())
      order by run_at limit 1`;
    return row ? new Date(row.at) : null;
  }

  byKey(key: string): Promise<JobRow | undefined> {
    return this.sql.unsafe<JobRow[]>(`select ${columns} from jobs where key = $1`, [key]).then((rows) => rows[0]);
  }

  /** Drops finished jobs older than `days`: the queue is no archive. */
  async purgeDone(days: number): Promise<number> {
    const rows = await this.sql`
      delete from jobs where done_at < now() - make_interval(days => ${days}) returning id`;
    return rows.length;
  }
}
