import { Text } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type TimePrecision } from './format.ts';

/** The viewer's own zone, as the browser reports it. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's canonical name ("Etc/UTC" and "UTC" are one zone), or null for a zone the browser does not know. */
function canonicalZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const DisplayZoneContext = createContext<string | null>(null);

/**
 * The zone in which the pages inside show times: a project's pages show its wall clock (a building in Helsinki
 * reads 08:00 when its heating starts, wherever the viewer sits). Without one (or with an unknown one), the viewer's.
 */
export function DisplayTimeZone({ zone, children }: { zone: string | null | undefined; children: ReactNode }) {
  return <DisplayZoneContext value={canonicalZone(zone)}>{children}</DisplayZoneContext>;
}

/** The zone the page shows times in, and whether it is another than the viewer's own. */
export function useDisplayZone(): { zone: string; differs: boolean } {
  const zone = useContext(DisplayZoneContext);
  const own = browserTimeZone();
  return zone ? { zone, differs: canonicalZone(own) !== zone } : { zone: own, differs: false };
}

/**
 * Formats a time (with date) in the page's zone and the viewer's language: the one way pages show a time, to the
 * second by default, to the minute where seconds mean nothing (alarm episodes, a datasource's range).
 */
export function useFormatDateTime(precision: TimePrecision = 'second'): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const { zone } = useDisplayZone();
  return (iso) => formatDateTime(iso, i18n.language, zone, precision);
}

/** "Times in Europe/Helsinki": said only where the page's zone is not the viewer's, who would otherwise misread them. */
export function TimeZoneNote() {
  const { t } = useTranslation();
  const { zone, differs } = useDisplayZone();
  if (!differs) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="time-zone-note">
      {t('Times in the time zone {{zone}}', { zone })}
    </Text>
  );
}
