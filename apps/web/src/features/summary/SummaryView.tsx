import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { DataProject } from '@olo/data-engine';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassificationSection } from '../classification/ClassificationSection.tsx';
import type { GroupBy, SeriesLooks } from '../data-slots/chartGroups.ts';
import { dataSlotsReducer, initialDataSlot, maxDataSlots } from '../data-slots/dataSlots.ts';
import type { SpaceWeatherMap } from '../weather/chartWeather.ts';
import { DataExports } from './DataExports.tsx';
import { DataSlotPanel } from './DataSlotPanel.tsx';
import { PhoneOptions } from './PhoneOptions.tsx';
import { SavedViews } from './SavedViews.tsx';
import type { SummaryAddress } from './summaryAddress.ts';
import { type SummarySaved, useSummarySaved } from './useSummarySaved.ts';

export interface SummaryViewProps {
  /** Times in epoch ms; `latestDataTime` ends the default range. */
  project: DataProject;
  /** The project's default data view options (`Project.defaults`: nulls, filters, mode, slot). */
  defaults?: unknown;
  /** Newest pushed reading time (epoch ms): moves a period on the default range, at most every 4 minutes. */
  latestReading?: number | null;
  /** No saved ranges or views and no mutations: for viewers who are not members (the public project view). */
  readOnly?: boolean;
  /** The series' chosen colours and the limits they follow; without, palette colours and no bands. */
  seriesLooks?: SeriesLooks;
  /** The weather series each space shows beside its own (Space.weather); without, none. */
  spaceWeather?: SpaceWeatherMap;
  /** Every weather series of the project (only those a space shows are drawn); without, none. */
  weatherSeriesIds?: ReadonlySet<number>;
  /** The project's end, epoch ms: no weather value past it belongs to a reading. */
  projectEnd?: number | null;
  /** The page's address: where the first period's range, slot and the grouping start, and where they are kept. */
  address?: { initial: SummaryAddress; onChange: (address: SummaryAddress) => void };
}

const noLooks: SeriesLooks = new Map();
const noWeather: SpaceWeatherMap = new Map();
const noWeatherSeries: ReadonlySet<number> = new Set();

function SummaryPeriods({
  project,
  defaults,
  latestReading = null,
  seriesLooks = noLooks,
  spaceWeather = noWeather,
  weatherSeriesIds = noWeatherSeries,
  projectEnd = null,
  saved,
  address,
}: SummaryViewProps & { saved: SummarySaved | null }) {
  const { t } = useTranslation();
  const [showLimits, setShowLimits] = useState(true);
  const anyLimit = useMemo(() => [...seriesLooks.values()].some((look) => look.limit !== null), [seriesLooks]);
  const [slots, dispatch] = useReducer(dataSlotsReducer, defaults, (given) => {
    const first = initialDataSlot(given);
    const start = address?.initial;
    return [{ ...first, range: start?.range ?? first.range, slotSeconds: start?.slotSeconds ?? first.slotSeconds }];
  });
  const [groupBy, setGroupBy] = useState<GroupBy>(address?.initial.groupBy ?? 'space');
  const firstRange = slots[0]?.range ?? null;
  const firstSlot = slots[0]?.slotSeconds ?? null;
  const onAddress = address?.onChange;
  useEffect(() => {
    onAddress?.({ range: firstRange, slotSeconds: firstSlot, groupBy });
  }, [firstRange, firstSlot, groupBy, onAddress]);
  // One object while the project's fields stay the same, however often the caller builds it anew.
  const { projectId, dataId, timeZone, startAt, latestDataTime, defaultSelect } = project;
  const dataProject = useMemo<DataProject>(
    () => ({ projectId, dataId, timeZone, startAt, latestDataTime, defaultSelect }),
    [projectId, dataId, timeZone, startAt, latestDataTime, defaultSelect],
  );
  const full = slots.length >= maxDataSlots;
  return (
    <Stack gap="md" data-testid="summary-view">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          data-testid="summary-group-by"
          value={groupBy}
          onChange={(value) => setGroupBy(value as GroupBy)}
          data={[
            { value: 'space', label: t('By space') },
            { value: 'type', label: t('By measurement type') },
          ]}
        />
        <PhoneOptions testId="summary-options">
          <Group justify="space-between" gap="md" style={{ flexGrow: 1 }}>
            {anyLimit ? (
              <Switch
                size="sm"
                label={t('Show limits')}
                checked={showLimits}
                onChange={(event) => setShowLimits(event.currentTarget.checked)}
                data-testid="summary-show-limits"
              />
            ) : (
              <span />
            )}
            <Group gap="xs">
              {saved && (
                <SavedViews
                  timeZone={project.timeZone}
                  saved={saved}
                  canAdd={!full}
                  onAdd={(view) => dispatch({ type: 'addView', view })}
                  onLoadAll={(views) => dispatch({ type: 'loadViews', views })}
                  onDeleted={(id) => dispatch({ type: 'viewDeleted', id })}
                />
              )}
              <Button size="xs" disabled={full} onClick={() => dispatch({ type: 'add' })} data-testid="add-period">
                {t('Add period')}
              </Button>
            </Group>
          </Group>
        </PhoneOptions>
      </Group>
      {full && (
        <Text size="sm" c="dimmed">
          {t('At most {{n}} periods.', { n: maxDataSlots })}
        </Text>
      )}
      {saved && <DataExports projectId={project.projectId} timeZone={project.timeZone} />}
      {slots.map((slot, index) => (
        <DataSlotPanel
          key={slot.key}
          project={dataProject}
          slot={slot}
          index={index}
          groupBy={groupBy}
          looks={seriesLooks}
          spaceWeather={spaceWeather}
          weatherSeriesIds={weatherSeriesIds}
          projectEnd={projectEnd}
          showLimits={showLimits}
          latestReading={latestReading}
          saved={saved}
          removable={slots.length > 1}
          dispatch={dispatch}
        />
      ))}
      {saved && <ClassificationSection project={dataProject} range={firstRange} />}
    </Stack>
  );
}

function WithSaved(props: SummaryViewProps) {
  const saved = useSummarySaved(props.project.projectId);
  return <SummaryPeriods {...props} saved={saved} />;
}

/**
 * A project's summary: periods (data slots) side by side, each with its range, slot, mode, nulls and filters, its
 * graphs by space or by measurement type and its min/avg/max table. Members also save ranges and views of their
 * own; `readOnly` leaves those out, for the public view of a project.
 */
export function SummaryView(props: SummaryViewProps) {
  return props.readOnly ? <SummaryPeriods {...props} saved={null} /> : <WithSaved {...props} />;
}
