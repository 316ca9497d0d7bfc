/** A weather source whose newest observation is older than this is shown as without data. */
export const weatherStaleAfterMs = 2 * 3_600_000;

/** Polling interval while a source's past weather is still being fetched, ms. */
export const backfillPollMs = 5_000;

/**
 * Whether a source has stopped bringing weather: its last fetch failed, or its newest observation is older than
 * weatherStaleAfterMs (FMI observes every 10 minutes, Open-Meteo hourly), or it has none yet.
 */
export function isWeatherStale(
  weather: { lastError?: string | null; latestTime?: string | null },
  now: number = Date.now(),
): boolean {
  if (weather.lastError) return true;
  if (!weather.latestTime) return true;
  return now - new Date(weather.latestTime).getTime() > weatherStaleAfterMs;
}

/** Whether any source is still fetching the project's past weather (backfillProgress below 1). */
export function isBackfilling(sources: readonly { backfillProgress: number }[]): boolean {
  return sources.some((source) => source.backfillProgress < 1);
}

/** "12,3 km" in the viewer's language, one decimal. */
export function formatKm(km: number | null | undefined, locale: string): string | null {
  if (typeof km !== 'number' || !Number.isFinite(km)) return null;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km);
  return `${number} km`;
}

/** An outdoor temperature, "-3,4 °C", one decimal. */
export function formatCelsius(value: number | null | undefined, locale: string): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  return `${number} °C`;
}

/** The provider as people know it. */
export function providerName(provider: string): string {
  if (provider === 'fmi') return 'FMI';
  if (provider === 'open-meteo') return 'Open-Meteo';
  return provider;
}
