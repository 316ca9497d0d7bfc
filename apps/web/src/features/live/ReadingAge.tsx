import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../ui/format.ts';
import { useFormatDateTime } from '../ui/timeZone.tsx';

/** When a value was read, as "5 minutes ago" in the viewer's language, the exact time (in the page's zone) on hover; '-' for no value. */
export function ReadingAge({ time, now }: { time: string | undefined; now: number }) {
  const { i18n } = useTranslation();
  const formatTime = useFormatDateTime();
  if (!time) return '-';
  return (
    <time dateTime={time} title={formatTime(time)}>
      {formatRelativeTime(time, now, i18n.language)}
    </time>
  );
}
