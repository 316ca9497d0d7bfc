import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../meters/meterFormat.ts';

/** When a value was read, as "5 minutes ago" in the viewer's language, the exact time on hover; '-' for no value. */
export function ReadingAge({ time, now }: { time: string | undefined; now: number }) {
  const { i18n } = useTranslation();
  if (!time) return '-';
  return (
    <time dateTime={time} title={formatDateTime(time, i18n.language)}>
      {formatRelativeTime(time, now, i18n.language)}
    </time>
  );
}
