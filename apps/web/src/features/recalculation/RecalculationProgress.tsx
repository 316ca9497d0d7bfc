import { useQuery } from '@apollo/client/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MeterRecalculationsDocument,
  ProjectRecalculationsDocument,
  type RecalculationFieldsFragment,
} from '../../graphql/generated.ts';
import { BackgroundProgress, runningPollMs, usePollWhile } from '../ui/BackgroundProgress.tsx';
import { useNow } from '../ui/useNow.ts';

/** A finished recomputation says "values are ready" this long after it ended (the server keeps them a day). */
const readyShownMs = 60 * 60_000;

type Target = { meterId: number; projectId?: never } | { projectId: number; meterId?: never };

/** Unfinished ones, or else the newest recently finished one: what the user needs to know. */
export function shownRecalculations(
  rows: RecalculationFieldsFragment[],
  now: number,
  seenRunning: ReadonlySet<number>,
): RecalculationFieldsFragment[] {
  const unfinished = rows.filter((row) => row.finishedAt === null);
  if (unfinished.length > 0) return unfinished;
  const newest = rows[0];
  if (!newest?.finishedAt) return [];
  const recent = now - new Date(newest.finishedAt).getTime() < readyShownMs;
  return recent || seenRunning.has(newest.id) ? [newest] : [];
}

function useRecalculations(target: Target): RecalculationFieldsFragment[] {
  // Both queries are declared; the one not asked for is skipped.
  const byMeter = useQuery(MeterRecalculationsDocument, {
    variables: { id: target.meterId ?? 0 },
    skip: target.meterId === undefined,
    fetchPolicy: 'cache-and-network',
  });
  const byProject = useQuery(ProjectRecalculationsDocument, {
    variables: { id: target.projectId ?? 0 },
    skip: target.projectId === undefined,
    fetchPolicy: 'cache-and-network',
  });
  const rows = byMeter.data?.meter?.recalculations ?? byProject.data?.project?.recalculations ?? [];
  const running = rows.some((row) => row.finishedAt === null);
  // Polling rather than a subscription: progress moves every few seconds at most (decision 0087).
  usePollWhile(running, target.meterId === undefined ? byProject : byMeter);
  return rows;
}

/**
 * The stored values being recomputed in the background after a conversion, calibration,
 * datasource change or deletion of readings, with their progress; "values are ready" once done,
 * or the error of a failed attempt. Kept on the server, so it is there again when the user comes
 * back to the page. Renders nothing when there is nothing to tell.
 */
export function RecalculationProgress(target: Target) {
  const { t, i18n } = useTranslation();
  const now = useNow(runningPollMs);
  const rows = useRecalculations(target);
  const seenRunning = useRef(new Set<number>());
  for (const row of rows) if (row.finishedAt === null) seenRunning.current.add(row.id);
  const shown = shownRecalculations(rows, now, seenRunning.current);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <BackgroundProgress
      testId="recalculation-progress"
      rowTestId="recalculation"
      barLabel={t('Recomputing stored values')}
      rows={shown.map((row) => ({
        id: row.id,
        status: row.status,
        percent: row.percent,
        label:
          row.status === 'done'
            ? t('The stored values are ready.')
            : row.status === 'failed'
              ? row.finishedAt === null
                ? t('Recomputing stored values failed: {{error}} It is tried again shortly.', {
                    error: row.error ?? '',
                  })
                : t('Recomputing stored values failed: {{error}}', { error: row.error ?? '' })
              : t('Recomputing stored values… {{percent}}', { percent: percent.format(row.percent / 100) }),
      }))}
    />
  );
}
