import { Button, Group, Stack, TextInput } from '@mantine/core';
import { quickRanges, type TimeRange } from '@olo/data-engine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeOfDays, wallDayInput } from './wallTime.ts';

const sameRange = (a: TimeRange | null, b: TimeRange | null) => a?.from === b?.from && a?.to === b?.to;

/**
 * The period of a data slot: days on the project's wall clock, a quick range, or the default range (null), which
 * follows the latest data. `shown` is the range the engine resolved, so the default range shows its days too.
 */
export function RangePicker({
  timeZone,
  range,
  shown,
  now,
  onChange,
  children,
}: {
  timeZone: string;
  range: TimeRange | null;
  shown: TimeRange | null;
  now: number;
  onChange: (range: TimeRange | null) => void;
  /** Saved ranges, where the viewer has them. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const fromDay = shown ? wallDayInput(shown.from, timeZone) : '';
  const toDay = shown ? wallDayInput(shown.to, timeZone) : '';
  const pick = (from: string, to: string) => {
    const picked = rangeOfDays(from, to, timeZone);
    if (picked) onChange(picked);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="end">
        <TextInput
          type="date"
          size="xs"
          label={t('From')}
          value={fromDay}
          data-testid="summary-range-from"
          onChange={(event) => pick(event.currentTarget.value, toDay)}
        />
        <TextInput
          type="date"
          size="xs"
          label={t('To')}
          value={toDay}
          data-testid="summary-range-to"
          onChange={(event) => pick(fromDay, event.currentTarget.value)}
        />
        {children}
      </Group>
      <Group gap={4} data-testid="summary-quick-ranges">
        <Button size="compact-xs" variant={range === null ? 'filled' : 'default'} onClick={() => onChange(null)}>
          {t('Default range')}
        </Button>
        {quickRanges(now, timeZone).map((quick) => (
          <Button
            key={quick.id}
            size="compact-xs"
            variant={sameRange(range, quick.range) ? 'filled' : 'default'}
            onClick={() => onChange(quick.range)}
          >
            {t(quick.label)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
