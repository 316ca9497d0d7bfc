import { useQuery, useSubscription } from '@apollo/client/react';
import type { DataProject } from '@olo/data-engine';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProjectSummaryDocument, SeriesLatestUpdatedDocument } from '../../graphql/generated.ts';
import { seriesLooks } from '../data-slots/chartGroups.ts';
import { useProjectIdParam } from '../projects/useProject.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { spaceWeatherMap, withWeatherLimits } from '../weather/chartWeather.ts';
import { latestTime } from './latestTime.ts';
import { SummaryView } from './SummaryView.tsx';
import { addressOfQuery, queryOfAddress, type SummaryAddress } from './summaryAddress.ts';

function ProjectSummary({ projectId }: { projectId: number }) {
  const variables = { projectId };
  const { data, loading, error } = useQuery(ProjectSummaryDocument, { variables });
  const [pushed, setPushed] = useState<number | null>(null);
  useSubscription(SeriesLatestUpdatedDocument, {
    variables,
    skip: !data,
    onData: ({ data: answer }) => {
      const time = latestTime(answer.data?.seriesLatestUpdated ?? []);
      if (time !== null) setPushed((before) => (before === null ? time : Math.max(before, time)));
    },
  });
  // The latest data time as the page loaded: pushes update the same cached readings, and they reach the engine
  // as pushes (at most one refresh every 4 minutes), not as a new project that fetches at once.
  const loaded = useRef<{ projectId: number; latest: number | null } | null>(null);
  const weather = useMemo(
    () => spaceWeatherMap(data?.project.spaces ?? [], data?.project.series ?? []),
    [data?.project.spaces, data?.project.series],
  );
  const weatherSeriesIds = useMemo(
    () => new Set((data?.project.series ?? []).flatMap((series) => (series.weatherId == null ? [] : [series.id]))),
    [data?.project.series],
  );
  const looks = useMemo(
    () =>
      withWeatherLimits(
        seriesLooks(data?.project.series ?? []),
        data?.project.spaces ?? [],
        weather,
        data?.project.limits ?? [],
      ),
    [data?.project.series, data?.project.spaces, data?.project.limits, weather],
  );
  const address = useSummaryAddress(data?.project.timeZone ?? null);
  if (data && loaded.current?.projectId !== projectId) {
    loaded.current = { projectId, latest: latestTime(data.seriesLatests) };
  }
  if (!data || !loaded.current) return <QueryState loading={loading} error={error} />;
  const { project } = data;
  const dataProject: DataProject = {
    projectId: project.id,
    dataId: project.state.dataId,
    timeZone: project.timeZone,
    startAt: project.startAt === null ? null : Date.parse(project.startAt),
    latestDataTime: loaded.current.latest,
    defaultSelect: project.defaultSelect,
  };
  return (
    <SummaryView
      project={dataProject}
      defaults={project.defaults}
      latestReading={pushed}
      seriesLooks={looks}
      spaceWeather={weather}
      weatherSeriesIds={weatherSeriesIds}
      projectEnd={project.endAt === null ? null : Date.parse(project.endAt)}
      address={address ?? undefined}
    />
  );
}

/**
 * The summary's range, slot and grouping in the page's query string (decision 0156): read once when the project's
 * time zone is known, written back (replacing the history entry) as they change, so a reload or a shared link keeps
 * them.
 */
function useSummaryAddress(timeZone: string | null) {
  const [query, setQuery] = useSearchParams();
  const initial = useRef<SummaryAddress | null>(null);
  if (timeZone !== null && initial.current === null) initial.current = addressOfQuery(query, timeZone, Date.now());
  const onChange = useCallback(
    (address: SummaryAddress) => {
      if (timeZone === null) return;
      setQuery((current) => queryOfAddress(address, timeZone, Date.now(), current), { replace: true });
    },
    [timeZone, setQuery],
  );
  return initial.current ? { initial: initial.current, onChange } : null;
}

/** /p/:projectId/summary: the project's summary for its members. */
export function SummaryPage() {
  const projectId = useProjectIdParam();
  // The shell around this page shows the permission message for an id that cannot be a project.
  if (projectId === null) return null;
  return <ProjectSummary projectId={projectId} />;
}
