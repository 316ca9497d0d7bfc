import type { SiteStatusFieldsFragment } from '../../graphql/generated.ts';
import { isWeatherStale } from '../weather/weatherSourceStatus.ts';

/** green: nothing to do; amber: worth a look; red: something users notice is failing. */
export type HealthLevel = 'green' | 'amber' | 'red';

/** One thing the summary names: an English text (an i18n key) with its values, and how bad it is. */
export interface HealthFinding {
  level: Exclude<HealthLevel, 'green'>;
  text: string;
  values: Record<string, string | number>;
}

/** An instance beats every 60 s: three missed beats and it is taken as stopped. */
export const heartbeatStaleMs = 3 * 60_000;
/** Jobs due and not taken beyond this many mean the queue is behind. */
export const jobBacklog = 100;

export function isHeartbeatStale(lastSeenAt: string, now: number): boolean {
  return now - Date.parse(lastSeenAt) > heartbeatStaleMs;
}

const countOf = (rows: ReadonlyArray<{ key: string; count: number }>, key: string) =>
  rows.find((row) => row.key === key)?.count ?? 0;

/** What the dashboard's summary says, worst first; none: all is well. */
export function healthFindings(status: SiteStatusFieldsFragment, now: number = Date.now()): HealthFinding[] {
  const findings: HealthFinding[] = [];
  const add = (level: HealthFinding['level'], text: string, values: HealthFinding['values'] = {}) =>
    findings.push({ level, text, values });

  if (!status.broker.up) add('red', 'The MQTT broker is down');
  const failedAlarms = countOf(status.alarmDeliveries, 'failed');
  if (failedAlarms > 0) add('red', 'Alarm notifications failed in the last hour: {{count}}', { count: failedAlarms });
  const stopped = status.computers.filter((computer) => isHeartbeatStale(computer.lastSeenAt, now));
  if (stopped.length > 0)
    add('amber', 'Instances without a heartbeat: {{names}}', { names: stopped.map((one) => one.name).join(', ') });
  const retryingAlarms = countOf(status.alarmDeliveries, 'retrying');
  if (retryingAlarms > 0) add('amber', 'Alarm notifications being retried: {{count}}', { count: retryingAlarms });
  const gaveUp = status.jobs.reduce((sum, job) => sum + job.gaveUp, 0);
  if (gaveUp > 0) add('amber', 'Background jobs that failed for good: {{count}}', { count: gaveUp });
  const due = status.jobs.reduce((sum, job) => sum + job.due, 0);
  if (due > jobBacklog) add('amber', 'Background jobs waiting to run: {{count}}', { count: due });
  const refused = status.refusals.reduce((sum, row) => sum + row.count, 0);
  if (refused > 0) add('amber', 'Uplinks refused in the last hour: {{count}}', { count: refused });
  if (status.pdf.failures > 0) add('amber', 'Failed PDF renders: {{count}}', { count: status.pdf.failures });
  const staleWeather = status.weathers.filter((weather) => isWeatherStale(weather, now));
  if (staleWeather.length > 0)
    add('amber', 'Weather sources without recent data: {{names}}', {
      names: staleWeather.map((weather) => weather.stationName).join(', '),
    });
  if (status.systemErrors.ofNoMeter > 0)
    add('amber', 'Unacknowledged system errors: {{count}}', { count: status.systemErrors.ofNoMeter });
  const missing = status.meterHealth.reduce((sum, row) => sum + row.summary.missing, 0);
  if (missing > 0) add('amber', 'Missing meters: {{count}}', { count: missing });
  return findings.sort((a, b) => (a.level === b.level ? 0 : a.level === 'red' ? -1 : 1));
}

export function healthLevel(findings: readonly HealthFinding[]): HealthLevel {
  if (findings.some((finding) => finding.level === 'red')) return 'red';
  return findings.length > 0 ? 'amber' : 'green';
}

/** Bytes as MB or GB, one decimal, in the viewer's language. */
export function formatBytes(bytes: number, locale: string): string {
  const gb = bytes / 1024 ** 3;
  const format = (value: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  return gb >= 1 ? `${format(gb)} GB` : `${format(bytes / 1024 ** 2)} MB`;
}

/**
 * The last hour's uplinks a minute each, oldest first, minutes without any as zero: the server sends only minutes
 * that had uplinks.
 */
export function minuteSeries(
  minutes: SiteStatusFieldsFragment['ingestMinutes'],
  generatedAt: string,
): Array<{ minute: number; uplinks: number; values: number }> {
  const last = Math.floor(Date.parse(generatedAt) / 60_000) * 60_000;
  const byMinute = new Map(minutes.map((row) => [Date.parse(row.minute), row]));
  return Array.from({ length: 60 }, (_, index) => {
    const minute = last - (59 - index) * 60_000;
    const row = byMinute.get(minute);
    return { minute, uplinks: row?.uplinks ?? 0, values: row?.values ?? 0 };
  });
}
