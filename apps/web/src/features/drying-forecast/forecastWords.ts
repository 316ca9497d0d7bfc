import type { DryingForecast, DryingTargetForecast } from '@olo/shared';
import type { TFunction } from 'i18next';

/** A date as the forecast says it, a day of the project's zone: "12.12." in Finnish. */
export function forecastDay(time: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone }).format(new Date(time));
}

/** A target with its unit, "80 %RH". */
export function targetText(target: number, unit: string, locale: string): string {
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 1 });
  return `${number.format(target)} ${unit}`.trim();
}

/**
 * One target's forecast in words: "Forecast: 80 %RH reached around 12.12. (between 8.12. and 18.12.)", "… (at the
 * earliest 8.12.)" when the interval's far end is beyond a year, "80 %RH reached on 23.9.", "80 %RH: not drying",
 * "80 %RH: too little data for a forecast".
 */
export function targetForecastText(
  forecast: DryingTargetForecast,
  unit: string,
  t: TFunction,
  locale: string,
  timeZone: string,
): string {
  const target = targetText(forecast.target, unit, locale);
  const day = (time: number) => forecastDay(time, locale, timeZone);
  switch (forecast.state) {
    case 'reached':
      return t('{{target}} reached on {{date}}', { target, date: day(forecast.at) });
    case 'notDrying':
      return t('{{target}}: not drying', { target });
    case 'tooLittleData':
      return t('{{target}}: too little data for a forecast', { target });
    case 'forecast':
      return forecast.latest === null
        ? t('Forecast: {{target}} reached around {{date}} (at the earliest {{earliest}})', {
            target,
            date: day(forecast.at),
            earliest: day(forecast.earliest),
          })
        : t('Forecast: {{target}} reached around {{date}} (between {{earliest}} and {{latest}})', {
            target,
            date: day(forecast.at),
            earliest: day(forecast.earliest),
            latest: day(forecast.latest),
          });
  }
}

/** What the fit used, when it is worth saying: only the readings after a level shift (a heater switched off). */
export function fitNote(forecast: DryingForecast, t: TFunction, locale: string, timeZone: string): string | null {
  if (forecast.fit?.jumpAt == null) return null;
  return t('Fitted after the level shift on {{date}}', { date: forecastDay(forecast.fit.jumpAt, locale, timeZone) });
}
