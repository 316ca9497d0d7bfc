import type { DataExportFormat, DataExportQuery, Language } from '@olo/shared';
import { type Sql, type Transaction, type Tx, textArray, transaction } from '../../db/sql.ts';
import type { ProgressStatus } from '../jobs/job-progress.ts';

/** A background export (table data_exports, decision 0100). */
export interface DataExportRow {
  id: number;
  projectId: number;
  userId: string;
  format: DataExportFormat;
  language: Language;
  request: DataExportQuery;
  status: ProgressStatus;
  rowsDone: number;
  rowsTotal: number | null;
  file: string | null;
  filename: string | null;
  size: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date;
}

const columns = (tx: Tx) => tx`
  id, project_id as "projectId", user_id as "userId", format, language, request, status, rows_done as "rowsDone",
  rows_total as "rowsTotal", file, filename, size::float8 as size, error, created_at as "createdAt",
  started_at as "startedAt", finished_at as "finishedAt", expires_at as "expiresAt"`;

type Raw = Omit<DataExportRow, 'createdAt' | 'startedAt' | 'finishedAt' | 'expiresAt' | 'request'> & {
  request: DataExportQuery | string;
  createdAt: Date | string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
  expiresAt: Date | string;
};

const orNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function rowOf(raw: Raw): DataExportRow {
  return {
    ...raw,
    request: typeof raw.request === 'string' ? (JSON.parse(raw.request) as DataExportQuery) : raw.request,
    createdAt: new Date(raw.createdAt),
    startedAt: orNull(raw.startedAt),
    finishedAt: orNull(raw.finishedAt),
    expiresAt: new Date(raw.expiresAt),
  };
}

/**
 * SQL of background exports. Raw SQL (decision 0062): the record is inserted in the transaction
 * that enqueues its job, and the job's steps update it.
 */
export class DataExportsRepository {
  constructor(readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  /** Takes the owner's lock for the rest of `tx`: two starts at once count each other's exports. */
  async lockOwner(tx: Tx, userId: string): Promise<void> {
    await tx`select pg_advisory_xact_lock(hashtext(${`data_exports:${userId}`}))`;
  }

  /** The owner's exports not yet finished (queued, running, or failed and still retried). */
  async countUnfinished(tx: Tx, userId: string): Promise<number> {
    const [row] = await tx<Array<{ count: number }>>`
      select count(*)::int as count from data_exports where user_id = ${userId}::uuid and finished_at is null`;
    return row?.count ?? 0;
  }

  async insert(
    tx: Tx,
    row: Pick<DataExportRow, 'projectId' | 'userId' | 'format' | 'language' | 'request'> & { keepHours: number },
  ): Promise<DataExportRow> {
    const [inserted] = await tx<Raw[]>`
      insert into data_exports (project_id, user_id, format, language, request, expires_at)
      values (${row.projectId}, ${row.userId}::uuid, ${row.format}, ${row.language}, ${JSON.stringify(row.request)}::jsonb,
        now() + make_interval(hours => ${row.keepHours}))
      returning ${columns(tx)}`;
    return rowOf(inserted as Raw);
  }

  async find(id: number): Promise<DataExportRow | undefined> {
    const [row] = await this.sql<Raw[]>`select ${columns(this.sql)} from data_exports where id = ${id}`;
    return row && rowOf(row);
  }

  /** The owner's exports of the project that have not expired, newest first. */
  async recentOfOwner(userId: string, projectId: number, limit: number): Promise<DataExportRow[]> {
    const rows = await this.sql<Raw[]>`
      select ${columns(this.sql)} from data_exports
      where user_id = ${userId}::uuid and project_id = ${projectId} and expires_at > now()
      order by created_at desc, id desc limit ${limit}`;
    return rows.map(rowOf);
  }

  /** The work starts (again): running, the error of a failed attempt cleared, progress from zero. */
  async start(id: number): Promise<void> {
    await this.sql`
      update data_exports set status = 'running', error = null, rows_done = 0,
        started_at = coalesce(started_at, now())
      where id = ${id}`;
  }

  async progress(id: number, rowsDone: number, rowsTotal: number): Promise<void> {
    await this.sql`update data_exports set rows_done = ${rowsDone}, rows_total = ${rowsTotal} where id = ${id}`;
  }

  /** The file is written: served from now until `keepHours` have passed. */
  async finish(id: number, file: { file: string; filename: string; size: number; keepHours: number }): Promise<void> {
    await this.sql`
      update data_exports set status = 'done', error = null, file = ${file.file}, filename = ${file.filename},
        size = ${file.size}, rows_done = coalesce(rows_total, rows_done), finished_at = now(),
        expires_at = now() + make_interval(hours => ${file.keepHours})
      where id = ${id}`;
  }

  /** An attempt failed: shown with its error; `finally_` when the job gives up (no retry follows). */
  async fail(id: number, error: string, finally_: boolean): Promise<void> {
    await this.sql`
      update data_exports set status = 'failed', error = ${error.slice(0, 2000)},
        finished_at = ${finally_ ? this.sql`now()` : null}
      where id = ${id}`;
  }

  /** Up to `limit` expired exports, deleted; their files (for the caller to remove). */
  async deleteExpired(limit: number): Promise<string[]> {
    const rows = await this.sql<Array<{ file: string | null }>>`
      delete from data_exports where id in (
        select id from data_exports where expires_at <= now() order by expires_at limit ${limit})
      returning file`;
    return rows.flatMap((row) => (row.file ? [row.file] : []));
  }

  /** Whether a file name is still some export's (housekeeping leaves those alone). */
  async knownFiles(files: string[]): Promise<Set<string>> {
    if (files.length === 0) return new Set();
    const rows = await this.sql<Array<{ file: string }>>`
      select file from data_exports where file = any(${textArray(files)}::text[])`;
    return new Set(rows.map((row) => row.file));
  }
}
