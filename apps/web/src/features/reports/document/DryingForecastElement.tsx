import { Text } from '@mantine/core';
import type { DataResult, SeriesResult } from '@olo/data-engine';
import { type ReportElementOf, seriesDryingTargets } from '@olo/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesUnit, shownSeries } from '../../data-slots/chartGroups.ts';
import { meanAbsoluteHumidity } from '../../drying-forecast/absoluteHumidity.ts';
import { DryingForecastView } from '../../drying-forecast/DryingForecastView.tsx';
import { DataElementFrame, DataElementState, hasValues, ViewLine } from './DataElementFrame.tsx';
import { useChartsDrawn } from './GraphElement.tsx';
import type { ReportScope, ReportSeriesInfo } from './reportScope.ts';
import { useElementData } from './useReportData.ts';

/** Indoor and outdoor absolute humidity beside a stairwell's forecast, from its room series and the weather. */
function AbsoluteHumidityLine({
  item,
  result,
  infos,
  windowDays,
}: {
  item: SeriesResult;
  result: DataResult;
  infos: ReadonlyMap<number, ReportSeriesInfo>;
  windowDays: number;
}) {
  const { t, i18n } = useTranslation();
  const ofType = (dataType: string, weather: boolean) =>
    result.series.find((one) => {
      const weatherId = infos.get(one.series.id)?.weatherId ?? null;
      if (one.series.dataType !== dataType) return false;
      return weather ? weatherId !== null : one.series.spaceId === item.series.spaceId && weatherId === null;
    })?.points;
  const until = item.points.at(-1)?.time ?? 0;
  const means = meanAbsoluteHumidity(
    {
      humidity: ofType('Humidity', false),
      temperature: ofType('Temperature', false),
      outdoor: ofType('Absolute humidity', true),
    },
    until,
    windowDays,
  );
  // The two side by side or nothing: one alone says nothing about which way the air carries moisture.
  if (means.indoor === null || means.outdoor === null) return null;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const value = (mean: number) => `${number.format(mean)} g/m³`;
  return (
    <Text size="sm" data-testid={`drying-forecast-humidity-${item.series.id}`}>
      {t('Absolute humidity over the window: indoors {{indoor}}, outdoors {{outdoor}}', {
        indoor: value(means.indoor),
        outdoor: value(means.outdoor),
      })}
    </Text>
  );
}

/**
 * The drying forecast of the chosen structure-moisture series over the element's view: per series a graph with the
 * fit dashed on past the readings and its interval, and when each drying target is reached (decision 0190).
 */
export function DryingForecastElement({
  element,
  scope,
}: {
  element: ReportElementOf<'dryingForecast'>;
  scope: ReportScope;
}) {
  const { view, seriesIds, result, ready } = useElementData(scope, element);
  const drawable = hasValues(result, ready);
  const infos = new Map(scope.context.series.map((item) => [item.id, item]));
  const spaceNames = new Map(scope.context.spaces.map((space) => [space.id, space.name]));
  const drying = drawable
    ? shownSeries(result).flatMap((item) => {
        const info = infos.get(item.series.id);
        const targets = seriesDryingTargets(item.series.dataType, info?.limit);
        return targets.length > 0 ? [{ item, info, targets }] : [];
      })
    : [];
  const charts = useRef<HTMLDivElement>(null);
  const drawn = useChartsDrawn(charts, drying.length, 'drying-forecast-chart');
  const { t } = useTranslation();
  return (
    <DataElementFrame kind="dryingForecast" title={element.title} ready={ready && drawn}>
      <ViewLine view={view} timeZone={scope.context.timeZone} />
      <DataElementState seriesCount={seriesIds.length} result={result} ready={ready} />
      {drawable && drying.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="drying-forecast-none">
          {t('None of the chosen series measures a structure’s moisture with drying targets.')}
        </Text>
      )}
      <div ref={charts}>
        {drawable &&
          drying.map(({ item, info, targets }) => {
            const spaceName = item.series.spaceId === null ? undefined : spaceNames.get(item.series.spaceId);
            return (
              <DryingForecastView
                key={item.series.id}
                series={{
                  id: item.series.id,
                  name: item.series.name,
                  dataType: item.series.dataType,
                  unit: info?.dataUnit ?? seriesUnit(item.series),
                  color: info?.color ?? null,
                  targets,
                }}
                points={item.points}
                windowDays={element.windowDays}
                timeZone={scope.context.timeZone}
                heading={[spaceName, item.series.name].filter(Boolean).join(' · ')}
                extra={
                  <AbsoluteHumidityLine item={item} result={result} infos={infos} windowDays={element.windowDays} />
                }
              />
            );
          })}
      </div>
    </DataElementFrame>
  );
}
