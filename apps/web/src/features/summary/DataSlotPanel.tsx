import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { DataProject, TimeRange } from '@olo/data-engine';
import type { DataFilter } from '@olo/shared';
import { formatDateRange } from '@olo/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartGroups, type GroupBy, type SeriesLooks } from '../data-slots/chartGroups.ts';
import { type DataSlot, type DataSlotAction, type DataSlotChange, dataViewInput } from '../data-slots/dataSlots.ts';
import { FiltersEditor } from '../data-slots/FiltersEditor.tsx';
import { StatsTable } from '../data-slots/StatsTable.tsx';
import { SummaryChart } from '../data-slots/SummaryChart.tsx';
import { statsRows } from '../data-slots/statsRows.ts';
import { useDataEngine } from '../data-slots/useDataEngine.ts';
import { wallDayInput } from '../data-slots/wallTime.ts';
import { SummaryDryingForecasts } from '../drying-forecast/SummaryDryingForecasts.tsx';
import { RemoveIcon } from '../ui/DeleteButton.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadingSkeleton } from '../ui/QueryState.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import type { SpaceWeatherMap } from '../weather/chartWeather.ts';
import { ExportLinks } from './ExportLinks.tsx';
import { NameSaver } from './NameSaver.tsx';
import { PhoneOptions } from './PhoneOptions.tsx';
import { RangePicker } from './RangePicker.tsx';
import { SavedRanges } from './SavedRanges.tsx';
import { SlotOptions } from './SlotOptions.tsx';
import type { SummarySaved } from './useSummarySaved.ts';

export interface DataSlotPanelProps {
  project: DataProject;
  slot: DataSlot;
  /** Place among the periods, from 0. */
  index: number;
  groupBy: GroupBy;
  /** The series' colours and limits. */
  looks: SeriesLooks;
  /** The weather series each space shows beside its own. */
  spaceWeather: SpaceWeatherMap;
  /** Every weather series of the project: those no space shows stay out of the graphs and the table. */
  weatherSeriesIds: ReadonlySet<number>;
  /** The project's end, epoch ms, or null. */
  projectEnd: number | null;
  /** Paint the limits' bands behind the graphs. */
  showLimits: boolean;
  latestReading: number | null;
  /** Null in the read-only view: no saved ranges or views, no mutations. */
  saved: SummarySaved | null;
  /** False for the only period. */
  removable: boolean;
  dispatch: (action: DataSlotAction) => void;
}

/** One period of the summary: its options, graphs, min/avg/max table and exports, from a data engine of its own. */
export function DataSlotPanel(props: DataSlotPanelProps) {
  const { project, slot, index, groupBy, looks, spaceWeather, weatherSeriesIds, projectEnd, saved, dispatch } = props;
  const { key } = slot;
  // Stable callbacks: the options and graphs are memoized and render again only when their own props change.
  const change = useCallback(
    (edit: DataSlotChange) => dispatch({ type: 'change', key, change: edit }),
    [dispatch, key],
  );
  const changeRange = useCallback((range: TimeRange | null) => change({ range }), [change]);
  const changeFilters = useCallback((filters: DataFilter[]) => change({ filters }), [change]);
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  // The automatic slot gives at most 1.5 slots a pixel of the plot (decision 0156): the plot is the card's width less
  // its padding and the y axis; the window's until the card is measured.
  const { ref: card, width } = useElementSize();
  const cardWidth = width || (typeof window === 'undefined' ? 1024 : window.innerWidth);
  const maxSlots = Math.round(Math.max(120, cardWidth - 96) * 1.5);
  const view = useMemo(() => ({ ...slot, maxSlots }), [slot, maxSlots]);
  const result = useDataEngine(project, view, props.latestReading);
  const today = wallDayInput(Date.now(), project.timeZone);
  const noSpace = t('No space');
  // By the arrays, not the result: values kept while a range loads (keptWhileLoading) are not drawn again.
  const times = result?.times;
  const series = result?.series;
  const spaces = result?.spaces;
  const groups = useMemo(
    () =>
      times && series && spaces
        ? chartGroups({ times, series, spaces }, groupBy, { typeLabel, noSpace }, looks, spaceWeather, weatherSeriesIds)
        : [],
    [times, series, spaces, groupBy, typeLabel, noSpace, looks, spaceWeather, weatherSeriesIds],
  );
  const rows = useMemo(
    () =>
      series && spaces
        ? statsRows({ series, spaces }, i18n.language, noSpace, looks, spaceWeather, projectEnd, weatherSeriesIds)
        : [],
    [series, spaces, i18n.language, noSpace, looks, spaceWeather, projectEnd, weatherSeriesIds],
  );
  const shown = result?.range ?? null;
  const title = slot.name || t('Period {{n}}', { n: index + 1 });

  return (
    <Paper ref={card} withBorder p="md" radius="md" component="section" aria-label={title} data-testid="data-slot">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {title}
            {shown && (
              <Text span c="dimmed" ml="sm" data-testid="data-slot-range">
                {formatDateRange(new Date(shown.from), new Date(shown.to), i18n.language, {
                  timeZone: project.timeZone,
                })}
              </Text>
            )}
          </Title>
          {props.removable && (
            <RemoveIcon label={t('Remove period')} onClick={() => dispatch({ type: 'remove', key })} />
          )}
        </Group>
        <RangePicker
          timeZone={project.timeZone}
          range={slot.range}
          shown={shown}
          today={today}
          onChange={changeRange}
        />
        <PhoneOptions testId="period-options">
          <Stack gap="sm">
            {saved && (
              <SavedRanges
                projectId={project.projectId}
                timeZone={project.timeZone}
                shown={shown}
                saved={saved}
                onPick={changeRange}
              />
            )}
            <SlotOptions slot={slot} resolvedSlotSeconds={result?.slotSeconds ?? null} onChange={change} />
            <FiltersEditor filters={slot.filters} timeZone={project.timeZone} today={today} onChange={changeFilters} />
            {result && (
              <Group gap="xs">
                <ExportLinks projectId={project.projectId} result={result} background={saved !== null} />
                {saved && (
                  <NameSaver
                    label={slot.savedId === null ? t('Save as view') : t('Save view')}
                    initialName={slot.name}
                    testId="save-view"
                    onSave={async (name) => {
                      const view = await saved.saveView(dataViewInput(project.projectId, slot, result, name));
                      if (view) dispatch({ type: 'saved', key, view });
                      return view !== null;
                    }}
                  />
                )}
              </Group>
            )}
          </Stack>
        </PhoneOptions>
        <SlotData
          result={result}
          groups={groups}
          rows={rows}
          timeZone={project.timeZone}
          showLimits={props.showLimits}
          looks={looks}
        />
      </Stack>
    </Paper>
  );
}

function SlotData({
  result,
  groups,
  rows,
  timeZone,
  showLimits,
  looks,
}: {
  result: ReturnType<typeof useDataEngine>;
  groups: ReturnType<typeof chartGroups>;
  rows: ReturnType<typeof statsRows>;
  timeZone: string;
  showLimits: boolean;
  looks: SeriesLooks;
}) {
  const { t } = useTranslation();
  if (!result || (result.loading && result.empty)) return <LoadingSkeleton testId="summary-loading" />;
  if (result.empty) return <EmptyState testId="summary-empty">{t(result.empty)}</EmptyState>;
  return (
    <Stack gap="md">
      {result.loading && <Loader size="xs" data-testid="summary-loading" />}
      {result.failedPeriods.length > 0 && (
        <Text size="sm" c="orange" data-testid="summary-failed">
          {t('Some of the data could not be loaded.')}
        </Text>
      )}
      {groups.map((group) => (
        <SummaryChart
          key={group.key}
          group={group}
          times={result.times}
          nulls={result.nulls}
          timeZone={timeZone}
          showLimits={showLimits}
        />
      ))}
      {!result.loading && <SummaryDryingForecasts result={result} groups={groups} looks={looks} timeZone={timeZone} />}
      <StatsTable rows={rows} />
    </Stack>
  );
}
