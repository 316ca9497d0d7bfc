import { ColorSwatch, Group, List, Stack, Text, Title } from '@mantine/core';
import { type DataResult, type SeriesResult, seriesTimeShares } from '@olo/data-engine';
import {
  formatMeasurement,
  type ReportElementOf,
  type ReportElementView,
  seriesDryingTargets,
  unitLabel,
} from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { durationText } from '../../alarms/ruleText.ts';
import { seriesUnit, shownSeries } from '../../data-slots/chartGroups.ts';
import { formatDateTime } from '../../ui/format.ts';
import { matchedOutdoor, type SpaceWeatherMap } from '../../weather/chartWeather.ts';
import { comparisonLabelKey } from '../../weather/spaceWeather.ts';
import { DataElementFrame, DataElementState, hasValues, ViewLine } from './DataElementFrame.tsx';
import { DryingTargets } from './DryingTargets.tsx';
import { useContextWeather, useContextWeatherSeries } from './reportLooks.ts';
import type { ReportScope, ReportSeriesInfo } from './reportScope.ts';
import { durationPartsOf, episodesInView, shareText } from './reportText.ts';
import { useElementData } from './useReportData.ts';

/** A threshold of a limit as its type rounds it: "1200". */
function threshold(value: number, dataType: string, locale: string): string {
  return formatMeasurement(value, dataType, locale);
}

/**
 * The outdoor weather its space shows beside a series over the view (Space.weather): the mean of the values matched to
 * its readings (within 2 h) and, for temperature, absolute humidity and CO2, how far indoors was above outdoors.
 */
function OutdoorSummary({ item, weather }: { item: SeriesResult; weather: SeriesResult }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const matched = matchedOutdoor(item, weather);
  if (matched.outdoor === null && matched.difference === null) return null;
  const withUnit = (number: number, series: SeriesResult['series']) => {
    const unit = unitLabel(seriesUnit(series), locale);
    const text = formatMeasurement(number, series.dataType, locale);
    return unit ? `${text} ${unit}` : text;
  };
  return (
    <Text size="sm" data-testid={`report-summary-outdoor-${item.series.id}`}>
      {[
        matched.outdoor !== null &&
          t('{{series}}: average {{value}}', {
            series: weather.series.name,
            value: withUnit(matched.outdoor, weather.series),
          }),
        matched.difference !== null &&
          t('{{comparison}} on average {{value}}', {
            comparison: t(comparisonLabelKey(item.series.dataType)),
            value: withUnit(matched.difference, item.series),
          }),
      ]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

/** One series: its lowest, mean and highest reading, and the shares of time by its limit's bands and normal range. */
function SeriesSummary({
  item,
  info,
  spaceName,
  result,
  timeZone,
  weather,
}: {
  item: SeriesResult;
  info: ReportSeriesInfo | undefined;
  spaceName: string | undefined;
  result: DataResult;
  timeZone: string;
  /** The weather series its space shows beside it, when the view has it. */
  weather: SeriesResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { series, stats } = item;
  const unit = unitLabel(seriesUnit(series), locale);
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  const value = (number: number | undefined) => withUnit(formatMeasurement(number, series.dataType, locale));
  const limit = info?.limit ?? null;
  const shares = limit && stats ? seriesTimeShares(item, result, limit) : null;
  // A drying limit's normal range is its first target: when it was reached says more than the time above it.
  const drying = seriesDryingTargets(series.dataType, limit).length > 0;
  const name = series.name;
  const bandLabel = (band: { from: number; to: number }, index: number, count: number) => {
    if (index === 0) return t('below {{value}}', { value: withUnit(threshold(band.to, series.dataType, locale)) });
    if (index === count - 1) {
      return t('{{value}} or more', { value: withUnit(threshold(band.from, series.dataType, locale)) });
    }
    return withUnit(`${threshold(band.from, series.dataType, locale)}–${threshold(band.to, series.dataType, locale)}`);
  };
  return (
    <Stack gap={4} component="section" aria-label={[spaceName, name].filter(Boolean).join(' · ')}>
      <Title order={4} size="h5">
        {[spaceName, name].filter(Boolean).join(' · ')}
      </Title>
      {stats ? (
        <Text size="sm" data-testid={`report-summary-stats-${series.id}`}>
          {t('Minimum {{min}}, average {{avg}}, maximum {{max}}', {
            min: value(stats.min),
            avg: value(stats.avg),
            max: value(stats.max),
          })}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('Timespan has no data.')}
        </Text>
      )}
      {weather && <OutdoorSummary item={item} weather={weather} />}
      <DryingTargets item={item} info={info} timeZone={timeZone} />
      {shares && limit && (
        <List size="sm" spacing={2} data-testid={`report-summary-shares-${series.id}`}>
          {!drying && shares.above !== null && limit.normalMax !== null && (
            <List.Item>
              {t('{{series}} above {{value}} {{share}} of the time', {
                series: name,
                value: withUnit(threshold(limit.normalMax, series.dataType, locale)),
                share: shareText(shares.above, locale),
              })}
            </List.Item>
          )}
          {!drying && shares.below !== null && limit.normalMin !== null && (
            <List.Item>
              {t('{{series}} below {{value}} {{share}} of the time', {
                series: name,
                value: withUnit(threshold(limit.normalMin, series.dataType, locale)),
                share: shareText(shares.below, locale),
              })}
            </List.Item>
          )}
          {shares.bands.length > 1 &&
            shares.bands.map((band, index) => (
              <List.Item
                key={`${band.from}-${band.to}`}
                icon={<ColorSwatch color={band.color} size={10} withShadow={false} aria-hidden />}
              >
                {t('{{range}}: {{share}} of the time', {
                  range: bandLabel(band, index, shares.bands.length),
                  share: shareText(band.share, locale),
                })}
              </List.Item>
            ))}
        </List>
      )}
    </Stack>
  );
}

/** The alarm episodes of the element's series in its view: when, how long (or still open), and the peak. */
function EpisodeList({ scope, seriesIds, view }: { scope: ReportScope; seriesIds: number[]; view: ReportElementView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { context } = scope;
  const episodes = episodesInView(context.episodes, seriesIds, view);
  const seriesById = new Map(context.series.map((item) => [item.id, item]));
  return (
    <Stack gap={4} component="section" aria-label={t('Alarms')}>
      <Title order={4} size="h5">
        {t('Alarms')}
      </Title>
      {episodes.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="report-no-episodes">
          {t('No alarms in the period.')}
        </Text>
      ) : (
        <List size="sm" spacing={2} data-testid="report-episodes">
          {episodes.map((episode) => {
            const series = seriesById.get(episode.seriesId);
            const start = formatDateTime(new Date(episode.start).toISOString(), locale, context.timeZone, 'minute');
            const duration = durationText(durationPartsOf((episode.end ?? Date.now()) - episode.start), locale);
            const unit = series ? unitLabel(series.dataUnit ?? seriesUnit(series), locale) : '';
            const peak =
              episode.peak === null
                ? null
                : `${formatMeasurement(episode.peak, series?.dataType, locale)}${unit ? ` ${unit}` : ''}`;
            return (
              <List.Item key={episode.id}>
                <Group gap={6} wrap="wrap">
                  <Text span size="sm" fw={600}>
                    {episode.alarmName}
                  </Text>
                  <Text span size="sm">
                    {[
                      series?.name,
                      episode.end === null
                        ? t('{{start}}, still open ({{duration}} so far)', { start, duration })
                        : t('{{start}}, lasted {{duration}}', { start, duration }),
                      peak && t('peak {{value}}', { value: peak }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}

/** The result's weather series that the item's space shows beside it (Space.weather), if any. */
function weatherOf(item: SeriesResult, spaceWeather: SpaceWeatherMap, result: DataResult): SeriesResult | undefined {
  const weatherId = item.series.spaceId === null ? undefined : spaceWeather.get(item.series.spaceId);
  return weatherId === undefined ? undefined : result.series.find((one) => one.series.id === weatherId);
}

/**
 * The summary of the chosen series over the element's view: per series its min/avg/max and the shares of time in each
 * band of its limit and outside its normal range, naming the data slot and its filters; then the alarm episodes.
 */
export function SummaryElement({ element, scope }: { element: ReportElementOf<'summary'>; scope: ReportScope }) {
  const { view, seriesIds, result, ready } = useElementData(scope, element);
  const weatherSeries = useContextWeatherSeries(scope.context);
  const spaceWeather = useContextWeather(scope.context);
  const drawable = hasValues(result, ready);
  const infos = new Map(scope.context.series.map((item) => [item.id, item]));
  const spaceNames = new Map(scope.context.spaces.map((space) => [space.id, space.name]));
  return (
    <DataElementFrame kind="summary" title={element.title} ready={ready}>
      <ViewLine view={view} timeZone={scope.context.timeZone} />
      <DataElementState seriesCount={seriesIds.length} result={result} ready={ready} />
      {drawable &&
        shownSeries(result)
          // The weather its spaces show is context, not a series of the summary.
          .filter((item) => !weatherSeries.has(item.series.id))
          .map((item) => (
            <SeriesSummary
              key={item.series.id}
              item={item}
              info={infos.get(item.series.id)}
              spaceName={item.series.spaceId === null ? undefined : spaceNames.get(item.series.spaceId)}
              result={result}
              timeZone={scope.context.timeZone}
              weather={weatherOf(item, spaceWeather, result)}
            />
          ))}
      {element.alarms && seriesIds.length > 0 && <EpisodeList scope={scope} seriesIds={seriesIds} view={view} />}
    </DataElementFrame>
  );
}
