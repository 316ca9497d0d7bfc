import { List, Stack, Text, Title } from '@mantine/core';
import { dryingForecast, unitLabel } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ForecastChart } from './ForecastChart.tsx';
import { fitNote, targetForecastText } from './forecastWords.ts';

export interface ForecastSeries {
  id: number;
  name: string;
  dataType: string;
  unit: string;
  color: string | null;
  targets: readonly number[];
}

/**
 * A drying series' forecast: when it reaches each of its targets (or that it is not drying, or that there is too
 * little data), as sentences and, with `chart`, as a graph with the fit dashed on past the readings (decision 0190).
 */
export function DryingForecastView({
  series,
  points,
  windowDays,
  timeZone,
  heading,
  chart = true,
  extra,
}: {
  series: ForecastSeries;
  points: ReadonlyArray<{ time: number; value: number | null }>;
  windowDays?: number;
  timeZone: string;
  /** Its heading ("Porras B · Rakenteen kosteus"); none where the page names it. */
  heading?: string;
  chart?: boolean;
  /** Said under the sentences (the absolute humidity beside it). */
  extra?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const forecast = useMemo(
    () => dryingForecast(points, series.targets, { windowDays }),
    [points, series.targets, windowDays],
  );
  const unit = unitLabel(series.unit, locale);
  const note = fitNote(forecast, t, locale, timeZone);
  return (
    <Stack gap={4} component="section" aria-label={heading ?? series.name} data-testid={`drying-forecast-${series.id}`}>
      {heading && (
        <Title order={4} size="h5">
          {heading}
        </Title>
      )}
      {chart && (
        <ForecastChart
          points={points}
          fit={forecast.fit}
          targets={series.targets}
          color={series.color}
          unit={series.unit}
          dataType={series.dataType}
          seriesName={series.name}
          timeZone={timeZone}
        />
      )}
      <List size="sm" spacing={2} data-testid={`drying-forecast-text-${series.id}`}>
        {forecast.targets.map((target) => (
          <List.Item key={target.target} data-state={target.state}>
            {targetForecastText(target, unit, t, locale, timeZone)}
          </List.Item>
        ))}
      </List>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      {extra}
    </Stack>
  );
}
