import { Button, Group, Stack } from '@mantine/core';
import { quickRanges, type TimeRange } from '@olo/data-engine';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeOfDays, wallDayInput } from '../data-slots/wallTime.ts';
import { DateField } from '../ui/DateField.tsx';
import { useIsPhone } from './PhoneOptions.tsx';

const sameRange = (a: TimeRange | null, b: TimeRange | null) => a?.from === b?.from && a?.to === b?.to;

/**
 * The period of a data slot: days on the project's wall clock, a quick range, or the default range (null), which
 * follows the latest data. `shown` is the range the engine resolved, so the default range shows its days too.
 */
export const RangePicker = memo(function RangePicker({
  timeZone,
  range,
  shown,
  today,
  onChange,
}: {
  timeZone: string;
  range: TimeRange | null;
  shown: TimeRange | null;
  /** The project's wall-clock day: the quick ranges change with it. */
  today: string;
  onChange: (range: TimeRange | null) => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `today` stands for the time the ranges are taken at.
  const quick = useMemo(() => quickRanges(Date.now(), timeZone), [today, timeZone]);
  const fromDay = shown ? wallDayInput(shown.from, timeZone) : '';
  const toDay = shown ? wallDayInput(shown.to, timeZone) : '';
  const pick = (from: string, to: string) => {
    const picked = rangeOfDays(from, to, timeZone);
    if (picked) onChange(picked);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="end">
        <DateField
          size="xs"
          label={t('From')}
          value={fromDay}
          clearable={false}
          data-testid="summary-range-from"
          onChange={(day) => pick(day, toDay)}
        />
        <DateField
          size="xs"
          label={t('To')}
          value={toDay}
          clearable={false}
          data-testid="summary-range-to"
          onChange={(day) => pick(fromDay, day)}
        />
      </Group>
      {/* On a phone one row that scrolls sideways, not three rows of buttons above the first graph. */}
      <Group
        gap={4}
        data-testid="summary-quick-ranges"
        wrap={phone ? 'nowrap' : 'wrap'}
        style={phone ? { overflowX: 'auto', paddingBottom: 2 } : undefined}
      >
        <Button size="compact-xs" variant={range === null ? 'filled' : 'default'} onClick={() => onChange(null)}>
          {t('Default range')}
        </Button>
        {quick.map((item) => (
          <Button
            key={item.id}
            size="compact-xs"
            variant={sameRange(range, item.range) ? 'filled' : 'default'}
            onClick={() => onChange(item.range)}
          >
            {t(item.label)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
});
