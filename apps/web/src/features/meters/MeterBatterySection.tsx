import { useQuery } from '@apollo/client/react';
import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { meterBounds } from '@olo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MeterBatteryHistoryDocument, type MeterBatteryHistoryQuery } from '../../graphql/generated.ts';
import type { ChartMarker, ChartSeries, TimeChartData } from '../charts/timeChart.ts';
import { useTimeChart } from '../charts/useTimeChart.ts';
import { formatBatteryIn } from '../ui/format.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useDisplayZone, useFormatDateTime } from '../ui/timeZone.tsx';

const day = 24 * 60 * 60 * 1000;
const maxRange = meterBounds.batteryHistoryMaxDays * day;
export type BatteryRange = 'quarter' | 'year' | 'all';

interface TimeWindow {
  from: string;
  to: string;
  /** "Everything" reached further back than the server gives in one range. */
  clipped: boolean;
}

/** 90 days, a year, or since the meter first reached Olo (the newest three years of a longer life). */
export function batteryWindow(range: BatteryRange, now: number, meterCreatedAt: string): TimeWindow {
  const to = new Date(now).toISOString();
  if (range === 'quarter') return { from: new Date(now - 90 * day).toISOString(), to, clipped: false };
  if (range === 'year') return { from: new Date(now - 365 * day).toISOString(), to, clipped: false };
  const created = Date.parse(meterCreatedAt);
  const from = Math.max(Number.isNaN(created) ? now - maxRange : created, now - maxRange);
  return { from: new Date(from).toISOString(), to, clipped: created < from };
}

type BatteryDay = MeterBatteryHistoryQuery['meter']['batteryHistory'][number];
type BatteryRule = NonNullable<MeterBatteryHistoryQuery['meter']['batteryRule']>;

const colors = { min: '#74c0fc', max: '#1864ab', last: '#1c7ed6', medium: '#f08c00', low: '#e03131', reset: '#2f9e44' };
const chartHeight = 260;

/** Seconds, then the day's lowest, highest and last value, then the thresholds as flat lines. */
function chartDataOf(days: readonly BatteryDay[], rule: BatteryRule | null): TimeChartData {
  const times = days.map((entry) => Date.parse(entry.day) / 1000);
  const data: TimeChartData = [
    times,
    days.map((entry) => entry.min),
    days.map((entry) => entry.max),
    days.map((entry) => entry.last),
  ];
  if (rule)
    data.push(
      times.map(() => rule.medium),
      times.map(() => rule.low),
    );
  return data;
}

function BatteryChart({
  days,
  rule,
  resetAt,
}: {
  days: readonly BatteryDay[];
  rule: BatteryRule | null;
  resetAt: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { zone } = useDisplayZone();
  const locale = i18n.language;
  const data = useMemo(() => chartDataOf(days, rule), [days, rule]);
  const unit = rule?.unit ?? null;
  const series: ChartSeries[] = [
    { label: t('Lowest'), color: colors.min, width: 1 },
    { label: t('Highest'), color: colors.max, width: 1 },
    { label: t('Last'), color: colors.last },
    ...(rule
      ? [
          { label: t('Battery medium'), color: colors.medium, dash: [8, 6], width: 1 },
          { label: t('Battery low'), color: colors.low, dash: [8, 6], width: 1 },
        ]
      : []),
  ];
  const markers: ChartMarker[] = resetAt ? [{ time: Date.parse(resetAt) / 1000, color: colors.reset }] : [];
  const container = useTimeChart(
    JSON.stringify([locale, zone, unit, series, markers]),
    () => ({
      locale,
      timeLabel: t('Day'),
      days: true,
      timeZone: zone,
      series,
      markers,
      formatValue: (value) => formatBatteryIn(value, unit, locale) ?? '-',
    }),
    data,
    chartHeight,
  );

  return (
    <div
      ref={container}
      role="img"
      aria-label={t('Chart of the battery per day: lowest, highest and last value')}
      style={{ minHeight: chartHeight }}
    />
  );
}

/**
 * The meter's battery per day of the page's time zone over a chosen range, against its driver's medium and low thresholds, with the last
 * battery reset (a changed battery) marked: a reset followed by a jump up is a new battery, a drop without one is wear.
 */
export function MeterBatterySection({
  meter,
}: {
  meter: { id: number; createdAt: string; batteryResetAt: string | null; latest: { battery: number | null } | null };
}) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatDateTime();
  const { zone } = useDisplayZone();
  const locale = i18n.language;
  const [range, setRange] = useState<BatteryRange>('quarter');
  // Fixed when the range is chosen: a window that moved with every render would query again each time.
  const [timeWindow, setTimeWindow] = useState<TimeWindow>(() => batteryWindow('quarter', Date.now(), meter.createdAt));
  const { data, previousData, loading, error } = useQuery(MeterBatteryHistoryDocument, {
    variables: { id: meter.id, from: timeWindow.from, to: timeWindow.to, timeZone: zone },
    fetchPolicy: 'cache-and-network',
  });
  const shown = (data ?? previousData)?.meter;

  const chooseRange = (value: string) => {
    const next = value as BatteryRange;
    setRange(next);
    setTimeWindow(batteryWindow(next, Date.now(), meter.createdAt));
  };

  const rule = shown?.batteryRule ?? null;
  const days = shown?.batteryHistory ?? [];
  const resetAt = meter.batteryResetAt;
  const resetTime = resetAt ? Date.parse(resetAt) : Number.NaN;
  const resetInWindow = resetTime >= Date.parse(timeWindow.from) && resetTime <= Date.parse(timeWindow.to);
  const format = (value: number) => formatBatteryIn(value, rule?.unit ?? null, locale) ?? '-';

  return (
    <Section
      id="meter-battery"
      title={t('Battery')}
      testId="meter-battery"
      action={
        <SegmentedControl
          aria-label={t('Battery history range')}
          value={range}
          onChange={chooseRange}
          data={[
            { value: 'quarter', label: t('90 days') },
            { value: 'year', label: t('1 year') },
            { value: 'all', label: t('Since the meter came to Olo') },
          ]}
        />
      }
    >
      {!shown ? (
        <QueryState loading={loading} error={error} />
      ) : (
        <Stack gap="xs">
          {days.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {meter.latest?.battery == null
                ? t('This meter does not report its battery.')
                : t('No battery values in this range.')}
            </Text>
          ) : (
            <Box>
              <BatteryChart days={days} rule={rule} resetAt={resetInWindow ? resetAt : null} />
              <Text size="sm" c="dimmed">
                {t('Lowest, highest and last value of each day ({{zone}}).', { zone })}
              </Text>
            </Box>
          )}
          {rule && (
            <Text size="sm" data-testid="battery-thresholds">
              {t('Battery medium below {{medium}}, battery low below {{low}}.', {
                medium: format(rule.medium),
                low: format(rule.low),
              })}
            </Text>
          )}
          <Text size="sm" data-testid="battery-reset">
            {resetAt
              ? resetInWindow && days.length > 0
                ? t('Battery reset {{time}}: the green dashed line.', { time: formatTime(resetAt) })
                : t('Battery reset {{time}}.', { time: formatTime(resetAt) })
              : t('The battery has not been reset.')}
          </Text>
          {timeWindow.clipped && <Text size="sm">{t('Showing the last three years.')}</Text>}
        </Stack>
      )}
    </Section>
  );
}
