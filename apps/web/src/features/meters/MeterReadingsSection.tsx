import { useQuery } from '@apollo/client/react';
import { Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MeterReadingsDocument } from '../../graphql/generated.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { MeterChart } from './MeterChart.tsx';
import { type ChartReading, channelsOf, channelTypes, mergeReadings } from './meterReadings.ts';

const hour = 60 * 60 * 1000;
const rangeHours = { day: 24, week: 7 * 24, month: 30 * 24 } as const;
export type ReadingRange = keyof typeof rangeHours;

interface TimeWindow {
  from: string;
  to: string;
}

function windowOf(range: ReadingRange, now: number): TimeWindow {
  return { from: new Date(now - rangeHours[range] * hour).toISOString(), to: new Date(now).toISOString() };
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

/**
 * The meter's stored readings over a chosen range: a chart of one measurement type, one line per channel, and the
 * range's statistics. `live` holds readings pushed since the page opened; they join the chart without a new query.
 */
export function MeterReadingsSection({ meterId, live }: { meterId: number; live: readonly ChartReading[] }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const typeLabel = useMeasurementLabel();
  const [range, setRange] = useState<ReadingRange>('day');
  // Fixed when the range is chosen: a window that moved with every render would query again each time.
  const [timeWindow, setTimeWindow] = useState<TimeWindow>(() => windowOf('day', Date.now()));
  const [chosenType, setChosenType] = useState<string | null>(null);
  const { data, previousData, loading, error } = useQuery(MeterReadingsDocument, {
    variables: { id: meterId, from: timeWindow.from, to: timeWindow.to },
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;

  const readings = useMemo(() => {
    const from = new Date(timeWindow.from).getTime();
    const pushed = live.filter((reading) => new Date(reading.time).getTime() >= from);
    return mergeReadings(shown?.meter.data ?? [], pushed);
  }, [shown, live, timeWindow.from]);
  const types = useMemo(() => channelTypes(readings.flatMap((reading) => channelsOf(reading.channels))), [readings]);
  const dataType = chosenType && types.includes(chosenType) ? chosenType : (types[0] ?? null);

  const chooseRange = (value: string) => {
    const next = value as ReadingRange;
    setRange(next);
    setTimeWindow(windowOf(next, Date.now()));
  };

  const stats = shown?.meter.stats;
  return (
    <Section
      id="meter-readings"
      title={t('Readings')}
      action={
        <SegmentedControl
          aria-label={t('Time range')}
          value={range}
          onChange={chooseRange}
          data={[
            { value: 'day', label: t('Last 24 hours') },
            { value: 'week', label: t('Last 7 days') },
            { value: 'month', label: t('Last 30 days') },
          ]}
        />
      }
    >
      {!shown ? (
        <QueryState loading={loading} error={error} />
      ) : (
        <Stack>
          {types.length > 0 && dataType && (
            <Group>
              <NativeSelect
                label={t('Measurement type')}
                value={dataType}
                onChange={(event) => setChosenType(event.currentTarget.value)}
                data={types.map((type) => ({ value: type, label: typeLabel(type) }))}
              />
            </Group>
          )}
          {dataType ? (
            <MeterChart readings={readings} dataType={dataType} />
          ) : (
            <Text c="dimmed" ta="center" py="md">
              {t('Timespan has no data.')}
            </Text>
          )}
          {stats && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label={t('Statistics of the range')}>
              <Stat label={t('Number of readings')} value={stats.count} />
              <Stat label={t('Decoding errors')} value={stats.decodeErrors} />
              <Stat label={t('First reading')} value={formatTime(stats.first)} />
              <Stat label={t('Last reading')} value={formatTime(stats.last)} />
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Section>
  );
}
