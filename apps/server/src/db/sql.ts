import type postgres from 'postgres';

/** The raw SQL client (postgres.js); Drizzle runs on the same one (database.ts). */
export type Sql = postgres.Sql;

/** An open transaction of `Sql`. */
export type Transaction = postgres.TransactionSql;

/** Where a repository's statement runs: the caller's transaction, or the client (a statement of its own). */
export type Tx = Transaction | Sql;

/** Runs `run` in a transaction of `sql`: committed when it resolves, rolled back when it throws. */
export function transaction<T>(sql: Sql, run: (tx: Transaction) => Promise<T>): Promise<T> {
  return sql.begin((tx) => run(tx)) as Promise<T>;
}

/*
 * Array parameters are written as PostgreSQL array literals (`${intArray(ids)}::int[]`) rather
 * than by postgres.js, whose per-element escaping made most of the ingest's garbage. Numbers, ISO
 * times and booleans need no quoting; text is quoted element by element. Text that is large or
 * full of quotes (JSON, payloads of jobs) goes better as one jsonb array, read by position.
 */

/** `{1,2.5,NULL}`, for int, bigint and float8 arrays: a missing or non-finite number is NULL. */
export function numberArray(values: ReadonlyArray<number | null | undefined>): string {
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (index > 0) literal += ',';
    literal += value === null || value === undefined || !Number.isFinite(value) ? 'NULL' : String(value);
  }
  return `${literal}}`;
}

/** ISO 8601 UTC times, for timestamptz arrays; they hold no character an array literal would need quoted. */
export function timeArray(values: ReadonlyArray<Date | null>): string {
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (index > 0) literal += ',';
    literal += value ? value.toISOString() : 'NULL';
  }
  return `${literal}}`;
}

/** `{t,f}`, for bool arrays. */
export function boolArray(values: readonly boolean[]): string {
  return `{${values.map((value) => (value ? 't' : 'f')).join(',')}}`;
}

/** `{"a","b \"c\"",NULL}`, for text, uuid and other arrays of text: every element quoted. */
export function textArray(values: ReadonlyArray<string | null | undefined>): string {
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (index > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${literal}}`;
}
