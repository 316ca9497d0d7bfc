import { Group, Text } from '@mantine/core';
import { bandColor, formatMeasurement, readableOn, unitLabel } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { comparisonLabelKey, type SpaceWeatherNow, type WeatherComparison } from './spaceWeather.ts';

/** A value with its unit, '-' without one (spec section 5). */
export function formatWeatherValue(value: number | null | undefined, dataType: string, unit: string, locale: string) {
  const formatted = formatMeasurement(value ?? undefined, dataType, locale);
  return formatted === '-' ? formatted : `${formatted} ${unitLabel(unit, locale)}`.trim();
}

/**
 * A space's outdoor value beside its own series ("Ulkona −3,2 °C", with the weather series' name) and the
 * comparisons its indoor series make with it ("Ero ulos 24,1 °C"). Grey 7 on white passes AA.
 */
export function SpaceWeatherValue({
  weather,
  comparisons,
}: {
  weather: SpaceWeatherNow;
  comparisons: readonly WeatherComparison[];
}) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const type = typeLabel(weather.dataType);
  // Coloured by its limit's band like a table value, made readable on the page's white.
  const band = weather.limit ? bandColor(weather.limit, weather.value ?? undefined) : null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="space-weather" aria-label={t('Outdoor weather')} role="group">
      <Text size="sm" data-testid="space-weather-value">
        {t('Outdoors')}{' '}
        <Text
          span
          fw={600}
          data-band-color={band ?? undefined}
          style={band ? { color: readableOn(band, '#ffffff'), boxShadow: `inset 0 -3px 0 ${band}` } : undefined}
        >
          {formatWeatherValue(weather.value, weather.dataType, weather.unit, i18n.language)}
        </Text>
      </Text>
      <Text size="xs" c="gray.7" data-testid="space-weather-name">
        {weather.name === type ? type : `${weather.name} (${type})`}
      </Text>
      {comparisons.map((comparison) => (
        <Text size="sm" key={comparison.indoorSeriesId} data-testid="space-weather-comparison">
          {t(comparisonLabelKey(comparison.indoorType))}{' '}
          <Text span fw={600}>
            {formatWeatherValue(comparison.difference, comparison.indoorType, comparison.unit, i18n.language)}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
