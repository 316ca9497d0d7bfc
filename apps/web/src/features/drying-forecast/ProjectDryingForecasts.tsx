import { useQuery } from '@apollo/client/react';
import { Card, Loader, Stack, Title } from '@mantine/core';
import type { DataProject, DataView as EngineView } from '@olo/data-engine';
import { dryingForecastDefaults, seriesDryingTargets } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectStatusFieldsFragment, ProjectSummaryDocument } from '../../graphql/generated.ts';
import { seriesUnit } from '../data-slots/chartGroups.ts';
import { useDataEngine } from '../data-slots/useDataEngine.ts';
import { DryingForecastView, type ForecastSeries } from './DryingForecastView.tsx';

const dayMs = 86_400_000;

/** The project's structure-moisture series that have drying targets (seriesDryingTargets), in its order. */
export function dryingSeriesOf(project: Pick<ProjectStatusFieldsFragment, 'series'>): ForecastSeries[] {
  return project.series.flatMap((series) => {
    const targets = seriesDryingTargets(series.dataType, series.limit);
    if (targets.length === 0) return [];
    return [
      {
        id: series.id,
        name: series.name,
        dataType: series.dataType,
        unit: series.dataUnit ?? seriesUnit(series),
        color: series.color?.color ?? null,
        targets,
      },
    ];
  });
}

/** The forecasts' card once the project's data id is known: the engine reads the fortnight before `until`. */
function ForecastList({
  project,
  dataProject,
  drying,
  until,
}: {
  project: ProjectStatusFieldsFragment;
  dataProject: DataProject;
  drying: ForecastSeries[];
  until: number;
}) {
  const { t } = useTranslation();
  // The fit's window before the newest reading, in the data's own resolution (the engine's default slot).
  const view = useMemo<EngineView>(
    () => ({
      range: { from: until - dryingForecastDefaults.windowDays * dayMs, to: until },
      slotSeconds: null,
      filters: [],
      nulls: false,
      mode: 'avg',
    }),
    [until],
  );
  const result = useDataEngine(dataProject, view, null);
  const spaceNames = new Map(project.spaces.map((space) => [space.id, space.name]));
  const ready = result !== null && !result.loading;
  return (
    <Card withBorder radius="md" padding="md" data-testid="project-drying-forecasts">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('Drying forecasts')}
        </Title>
        {!ready && <Loader size="sm" aria-label={t('Loading')} />}
        {ready &&
          drying.map((series) => {
            const item = result.series.find((one) => one.series.id === series.id);
            const spaceId = project.series.find((one) => one.id === series.id)?.spaceId ?? null;
            return (
              <DryingForecastView
                key={series.id}
                series={series}
                points={item?.points ?? []}
                timeZone={dataProject.timeZone}
                heading={[spaceId === null ? undefined : spaceNames.get(spaceId), series.name]
                  .filter(Boolean)
                  .join(' · ')}
                chart={false}
              />
            );
          })}
      </Stack>
    </Card>
  );
}

function Forecasts({
  project,
  drying,
  until,
}: {
  project: ProjectStatusFieldsFragment;
  drying: ForecastSeries[];
  until: number;
}) {
  const { data } = useQuery(ProjectSummaryDocument, { variables: { projectId: project.id } });
  const summary = data?.project;
  const dataProject = useMemo<DataProject | null>(
    () =>
      summary
        ? {
            projectId: summary.id,
            dataId: summary.state.dataId,
            timeZone: summary.timeZone,
            startAt: summary.startAt === null ? null : Date.parse(summary.startAt),
            latestDataTime: until,
            defaultSelect: summary.defaultSelect,
          }
        : null,
    [summary, until],
  );
  if (!dataProject) return null;
  return <ForecastList project={project} dataProject={dataProject} drying={drying} until={until} />;
}

/**
 * The overview's drying forecasts where the project follows a structure's moisture: per series when it reaches its
 * targets over the last two weeks' fit (decision 0190). Nothing for a project without such a series.
 */
export function ProjectDryingForecasts({ project }: { project: ProjectStatusFieldsFragment }) {
  const drying = useMemo(() => dryingSeriesOf(project), [project]);
  const latest = project.state.latestReadingAt;
  // The newest reading, rounded to the hour so that every push does not refetch the fortnight.
  const until = useMemo(() => Math.ceil((latest ? Date.parse(latest) : Date.now()) / 3_600_000) * 3_600_000, [latest]);
  if (drying.length === 0) return null;
  return <Forecasts project={project} drying={drying} until={until} />;
}
