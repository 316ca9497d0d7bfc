import {
  type ClassificationClass,
  type ClassificationResult,
  type ClassTarget,
  classificationBounds,
  type classificationQueryInput,
  classifiedMeasurements,
  classifySeries,
  classTargetsOf,
  occupiedPieces,
  usageScheduleSchema,
} from '@olo/shared';
import type { z } from 'zod';
import { ByteBoundedCache } from '../../shared/byte-bounded-cache.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { ClassificationRepository, ClassifiedSeriesRow, ClassLimitRow } from './classification.repository.ts';

/** The class the heat map counts time outside of: S2, "good", what a building is designed for (decision 0193). */
export const heatMapClass: ClassificationClass = 'S2';

/** One space's series judged: the result with what the table shows beside it. */
export interface ClassificationRow extends ClassificationResult {
  series: ClassifiedSeriesRow;
  targets: ClassTarget[];
  /** The achieved class's colour; below S3 the colour above S3's last band; null when nothing was judged. */
  color: string | null;
}

export interface ClassificationAnswer {
  /** A report's data slot whose range it covers; null or absent: the report's range, or the range asked for. */
  dataslotId?: string | null;
  from: Date;
  to: Date;
  timeZone: string;
  requiredShare: number;
  heatMapClass: ClassificationClass;
  rows: ClassificationRow[];
}

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/** How long an answer is reused: a public report's visitors share one reading of up to a year of values. */
const reuseMs = 5 * 60_000;
/** Heap an answer is counted at per row (its 168 heat map cells and shares). */
const rowBytes = 4_000;

/**
 * The indoor climate classification (Sisäilmastoluokitus 2018) of a project's spaces over a range: each space's CO2
 * and temperature series, time-weighted over the occupied time of the project's usage schedule (decision 0193).
 */
export class ClassificationService {
  private readonly answers = new ByteBoundedCache<{ at: number; answer: ClassificationAnswer }>(16 * 1024 * 1024);

  constructor(private readonly deps: { repository: ClassificationRepository; now?: () => number }) {}

  /** For a viewer of the project's data. */
  async classify(access: ViewerAccess, input: z.input<typeof classificationQueryInput>): Promise<ClassificationAnswer> {
    await access.assert('project.view', input.projectId);
    return this.compute(input.projectId, input.from, input.to, null);
  }

  /**
   * For a report the viewer was already let read: over its range, only `seriesIds` (its context's series; a public
   * report's are the ones its content references).
   */
  async forReport(
    projectId: number,
    from: Date,
    to: Date,
    seriesIds: readonly number[],
  ): Promise<ClassificationAnswer> {
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    // A report's range is bounded elsewhere; the classification looks at its last year at most.
    const start =
      days > classificationBounds.rangeDaysMax
        ? new Date(to.getTime() - classificationBounds.rangeDaysMax * 86_400_000)
        : from;
    return this.compute(projectId, start, to, new Set(seriesIds));
  }

  private async compute(
    projectId: number,
    from: Date,
    to: Date,
    only: Set<number> | null,
  ): Promise<ClassificationAnswer> {
    const project = await this.deps.repository.project(projectId);
    if (!project) throw notFound();
    const schedule = usageScheduleSchema.parse(project.usageSchedule);
    const now = this.deps.now?.() ?? Date.now();
    // The schedule is in the key: a changed one is judged at once.
    const key = JSON.stringify([
      projectId,
      from,
      to,
      only ? [...only].sort((a, b) => a - b) : null,
      schedule,
      project.timeZone,
    ]);
    const kept = this.answers.get(key);
    if (kept && now - kept.at < reuseMs) return kept.answer;
    // Time still to come is not a gap: the range ends now at the latest.
    const end = Math.min(to.getTime(), now);
    const answer: ClassificationAnswer = {
      from,
      to,
      timeZone: project.timeZone,
      requiredShare: classificationBounds.requiredShare,
      heatMapClass,
      rows: [],
    };
    if (end <= from.getTime()) return answer;
    const pieces = occupiedPieces(schedule, from.getTime(), end, project.timeZone);
    const targetsOf = targetsByType(await this.deps.repository.classLimits());
    const series = (await this.deps.repository.series(projectId)).filter((item) => !only || only.has(item.id));
    for (const item of series) {
      const classes = targetsOf.get(item.dataType);
      if (!classes) continue;
      // A value from up to the longest hold before the range may still hold into it.
      const data = await this.deps.repository.values(
        item.id,
        new Date(from.getTime() - classificationBounds.holdMaxMs),
        new Date(end),
      );
      const result = classifySeries({ ...data, pieces, targets: classes.targets, heatMapClass });
      const achieved = classes.targets.find((target) => target.key === result.achieved);
      const color = achieved ? achieved.color : result.verdict === 'belowS3' ? classes.belowColor : null;
      answer.rows.push({ ...result, series: item, targets: classes.targets, color });
    }
    this.answers.set(key, { at: now, answer }, (answer.rows.length + 1) * rowBytes);
    return answer;
  }
}

/** The class targets of each classified type, from its three shipped limits (absent when one is missing). */
function targetsByType(limits: ClassLimitRow[]): Map<string, { targets: ClassTarget[]; belowColor: string }> {
  const byKey = new Map(limits.map((limit) => [limit.nameKey, limit]));
  const targets = new Map<string, { targets: ClassTarget[]; belowColor: string }>();
  for (const [type, keys] of Object.entries(classifiedMeasurements)) {
    const rows = keys.map((key) => byKey.get(key));
    if (rows.some((row) => !row)) continue;
    const classes = classTargetsOf(rows as ClassLimitRow[]);
    if (classes) targets.set(type, classes);
  }
  return targets;
}
