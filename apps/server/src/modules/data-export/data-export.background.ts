import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { accountErrors } from '@olo/shared';
import ExcelJS from 'exceljs';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Download } from '../../http/downloads.ts';
import { AppError } from '../../shared/errors.ts';
import type { AccessPolicy, ViewerAccess } from '../access/access.policy.ts';
import { defineJob, type JobDefinition, type JobInfo, type JobQueue } from '../jobs/jobs.service.ts';
import { csvPieces, fillWorkbook } from './data-export.files.ts';
import type { DataExportRequest } from './data-export.schema.ts';
import { type DataExportService, exportContentTypes } from './data-export.service.ts';
import type { DataExportRow, DataExportsRepository } from './data-exports.repository.ts';

/** Bounds of background exports (decision 0100). */
export const backgroundExportBounds = {
  /** Hours a finished file is kept (and listed) before housekeeping deletes it. */
  keepHours: 24,
  /** Exports of one user not yet finished at once (queued, running or failed and retried). */
  unfinishedPerUser: 3,
  /** Bytes of one file: far above what `dataExportBounds.maxCells` gives (about 6 MB of CSV), a guard only. */
  maxFileBytes: 64 * 1024 * 1024,
  /** The viewer's exports listed per project. */
  listed: 10,
  /** Expired exports (and stray files) removed per housekeeping run. */
  housekeepingBatch: 200,
  /** A file in the folder that no record names is removed once it is this old (a project deleted meanwhile). */
  strayFileMs: 3_600_000,
} as const;

export const backgroundExportErrors = {
  tooMany: 'You have too many exports under way: at most 3; wait until one is ready',
  fileTooLarge: 'The export file is too large: at most 64 MB',
} as const;

/** Attempts of one export before it stays failed. */
const maxAttempts = 5;
/** Wait before a failed export is tried again: 5 s, 10 s, 20 s … up to 10 minutes. */
const defaultRetryDelayMs = (attempt: number) => Math.min(600_000, 5_000 * 2 ** (attempt - 1));

const exportPayload = z.object({ dataExportId: z.number().int().positive() });

/**
 * Exports that run in the background (issue 21 item 9, decision 0100): `start` checks access and
 * bounds as the download does and records the export with its job in one transaction; the job
 * ('data-export.run') reads the table as the owner (their access asked again), writes the file
 * under `dir` a page of rows at a time with the progress in the record, and marks it done. Only
 * the owner lists and downloads it; housekeeping deletes it when it expires.
 */
export class BackgroundExportService {
  readonly job: JobDefinition<typeof exportPayload>;

  constructor(
    private readonly deps: {
      repository: DataExportsRepository;
      exports: DataExportService;
      access: AccessPolicy;
      /** DATA_DIR/exports. */
      dir: string;
      logger: Logger;
      jobs?: JobQueue;
      /** Tests run a queue of their own under another name. */
      jobName?: string;
      retryDelayMs?: (attempt: number) => number;
    },
  ) {
    this.job = defineJob({
      name: deps.jobName ?? 'data-export.run',
      payload: exportPayload,
      maxAttempts,
      retryDelayMs: deps.retryDelayMs ?? defaultRetryDelayMs,
      handle: (payload, job) => this.run(payload.dataExportId, job),
    });
  }

  /** Starts a background export as the viewer (project.view and the download's own checks). */
  async start(viewer: ViewerAccess, request: DataExportRequest): Promise<DataExportRow> {
    const user = viewer.user;
    if (!user) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
    await viewer.assert('project.view', request.projectId);
    await this.deps.exports.check(viewer, request);
    const jobs = this.deps.jobs;
    if (!jobs) throw new Error('background exports need deps.jobs');
    const { repository } = this.deps;
    const row = await repository.transaction(async (tx) => {
      await repository.lockOwner(tx, user.id);
      if ((await repository.countUnfinished(tx, user.id)) >= backgroundExportBounds.unfinishedPerUser) {
        throw new AppError('BAD_USER_INPUT', backgroundExportErrors.tooMany);
      }
      const inserted = await repository.insert(tx, {
        projectId: request.projectId,
        userId: user.id,
        format: request.format,
        language: request.query.lang,
        request: request.query,
        // Until it is done: a failed one that gave up is listed for as long as a file would be.
        keepHours: backgroundExportBounds.keepHours,
      });
      await jobs.enqueue(
        this.job,
        [{ payload: { dataExportId: inserted.id }, key: `${this.job.name}:${inserted.id}` }],
        tx,
      );
      return inserted;
    });
    jobs.lookNow();
    return row;
  }

  /** The viewer's own exports of the project that have not expired, newest first (decision 0100). */
  async ofProject(viewer: ViewerAccess, projectId: number): Promise<DataExportRow[]> {
    if (!viewer.user) return [];
    await viewer.assert('project.view', projectId);
    return this.deps.repository.recentOfOwner(viewer.user.id, projectId, backgroundExportBounds.listed);
  }

  /**
   * The finished file, for its owner only while they may still view the project: anyone else, an
   * unfinished or expired export gets "Not found" (not "no permission": an id tells nothing).
   */
  async download(viewer: ViewerAccess, id: number): Promise<Download> {
    const user = viewer.user;
    if (!user) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
    const row = await this.deps.repository.find(id);
    if (!row || row.userId !== user.id || row.status !== 'done' || !row.file || row.expiresAt.getTime() <= Date.now())
      throw new AppError('NOT_FOUND', 'Not found');
    // The project's own checks, as starting it asked: access lost since is access lost.
    await viewer.assert('project.view', row.projectId);
    await this.deps.exports.check(viewer, { projectId: row.projectId, format: row.format, query: row.request });
    const filePath = path.join(this.deps.dir, row.file);
    let size: number;
    try {
      size = (await fs.promises.stat(filePath)).size;
    } catch {
      throw new AppError('NOT_FOUND', 'Not found');
    }
    return {
      body: fs.createReadStream(filePath),
      size,
      contentType: exportContentTypes[row.format],
      filename: row.filename ?? `export.${row.format}`,
    };
  }

  /**
   * The job. Idempotent: each attempt writes the whole file again under its fixed name
   * (`<id>.<format>`, through a `.part` file renamed at the end), so a rerun after a worker died
   * replaces what the last one left. A refusal (access lost, too large) ends it at once; other
   * errors are retried by the queue.
   */
  private async run(id: number, job: JobInfo): Promise<void> {
    const { repository } = this.deps;
    const row = await repository.find(id);
    if (!row || row.status === 'done' || (row.status === 'failed' && row.finishedAt)) return;
    try {
      await repository.start(id);
      const user = await this.deps.access.repository.user(row.userId);
      const viewer = this.deps.access.forViewer(user ?? null);
      // Asked again as the owner now: one who lost the project since gets no file.
      await viewer.assert('project.view', row.projectId);
      const { table, filename } = await this.deps.exports.build(viewer, {
        projectId: row.projectId,
        format: row.format,
        query: row.request,
      });
      const total = table.rows.length;
      await repository.progress(id, 0, total);
      await fs.promises.mkdir(this.deps.dir, { recursive: true });
      const file = `${id}.${row.format}`;
      const finalPath = path.join(this.deps.dir, file);
      const partPath = `${finalPath}.part`;
      try {
        if (row.format === 'csv') {
          const out = fs.createWriteStream(partPath);
          let bytes = 0;
          let done = 0;
          for (const piece of csvPieces(table, row.language)) {
            bytes += Buffer.byteLength(piece.text);
            if (bytes > backgroundExportBounds.maxFileBytes) {
              out.destroy();
              throw new AppError('BAD_USER_INPUT', backgroundExportErrors.fileTooLarge);
            }
            if (!out.write(piece.text)) await once(out, 'drain');
            done += piece.rows;
            if (piece.rows > 0) await repository.progress(id, done, total);
          }
          out.end();
          await finished(out);
        } else {
          // Rows are committed to the zip as they go: the sheet is never held whole.
          const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partPath, useStyles: true });
          await fillWorkbook(workbook, table, row.language, (done) => repository.progress(id, done, total));
          await workbook.commit();
        }
        const size = (await fs.promises.stat(partPath)).size;
        if (size > backgroundExportBounds.maxFileBytes)
          throw new AppError('BAD_USER_INPUT', backgroundExportErrors.fileTooLarge);
        await fs.promises.rename(partPath, finalPath);
        await repository.finish(id, { file, filename, size, keepHours: backgroundExportBounds.keepHours });
      } finally {
        await fs.promises.rm(partPath, { force: true });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A refusal stays one on every attempt: it ends the export now.
      const final = error instanceof AppError || job.attempt >= maxAttempts;
      try {
        await repository.fail(id, message, final);
      } catch (recordError) {
        this.deps.logger.error({ err: recordError, dataExportId: id }, 'recording a failed export failed');
      }
      if (!final) throw error;
    }
  }

  /**
   * Housekeeping (decision 0101): up to `housekeepingBatch` expired exports deleted with their
   * files, and files of the folder that no export names (its project deleted, a worker that died
   * mid-write) once they are an hour old. Resolves how many files went.
   */
  async deleteExpired(): Promise<number> {
    const { repository, dir } = this.deps;
    const files = await repository.deleteExpired(backgroundExportBounds.housekeepingBatch);
    for (const file of files) await fs.promises.rm(path.join(dir, file), { force: true });
    let names: string[];
    try {
      names = (await fs.promises.readdir(dir)).slice(0, backgroundExportBounds.housekeepingBatch);
    } catch {
      return files.length;
    }
    const known = await repository.knownFiles(names);
    let stray = 0;
    for (const name of names) {
      if (known.has(name)) continue;
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile() && Date.now() - stat.mtimeMs > backgroundExportBounds.strayFileMs) {
        await fs.promises.rm(path.join(dir, name), { force: true });
        stray += 1;
      }
    }
    return files.length + stray;
  }
}
