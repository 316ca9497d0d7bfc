import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { DataFilter } from '@olo/data-engine';
import {
  dataModes,
  newReportElementId,
  type ReportDataslot,
  type ReportDataslotRange,
  type ReportPeriod,
  reportBounds,
  reportDataslotBounds,
  reportDataslotInstants,
} from '@olo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersEditor } from '../../data-slots/FiltersEditor.tsx';
import { slotChoices, slotLabel } from '../../data-slots/slotChoices.ts';
import { rangeOfDays, wallDayInput } from '../../data-slots/wallTime.ts';
import { DateField } from '../../ui/DateField.tsx';
import { DeleteButton } from '../../ui/DeleteButton.tsx';
import { ReportPeriodFields } from './ReportPeriodFields.tsx';

const modeLabels = { avg: 'Average', min: 'Minimum', max: 'Maximum' } as const;
const dayMs = 86_400_000;

/**
 * Whole days from the first to the last, both included, on the project's wall clock; the range it gives is
 * [first midnight, the midnight after the last day). Kept as typed until both days make a range.
 */
export function DayRangeFields({
  from,
  to,
  timeZone,
  onChange,
  testId,
}: {
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  timeZone: string;
  onChange: (range: { from: number; to: number }) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(() => wallDayInput(from, timeZone));
  const [last, setLast] = useState(() => wallDayInput(to - 1, timeZone));
  useEffect(() => {
    setFirst(wallDayInput(from, timeZone));
    setLast(wallDayInput(to - 1, timeZone));
  }, [from, to, timeZone]);
  const range = rangeOfDays(first, last, timeZone);
  const edit = (nextFirst: string, nextLast: string) => {
    setFirst(nextFirst);
    setLast(nextLast);
    const next = rangeOfDays(nextFirst, nextLast, timeZone);
    if (next && (next.from !== from || next.to + 1 !== to)) onChange({ from: next.from, to: next.to + 1 });
  };
  return (
    <Group gap="xs" align="start" wrap="wrap" data-testid={testId}>
      <DateField size="xs" w={150} label={t('First day')} value={first} onChange={(value) => edit(value, last)} />
      <DateField
        size="xs"
        w={150}
        label={t('Last day')}
        value={last}
        onChange={(value) => edit(first, value)}
        error={range ? undefined : t('The last day must not be before the first')}
      />
    </Group>
  );
}

const rangeKindLabels = {
  whole: 'The report’s whole range',
  last: 'Its last days',
  fixed: 'Fixed dates',
} as const;

/**
 * Where a data slot lies: the report's whole range, its last days, or fixed dates (decision 0157). Relative ones
 * follow the report's range, and that of every report made from it as a template; a weekday schedule within either
 * is the slot's filter below.
 */
function DataslotRangeFields({
  range,
  report,
  timeZone,
  index,
  onChange,
}: {
  range: ReportDataslotRange;
  report: { from: number; to: number };
  timeZone: string;
  index: number;
  onChange: (range: ReportDataslotRange) => void;
}) {
  const { t } = useTranslation();
  const [days, setDays] = useState<string | number>(range.kind === 'last' ? range.days : 7);
  const choose = (kind: ReportDataslotRange['kind']) => {
    if (kind === range.kind) return;
    if (kind === 'whole') onChange({ kind });
    else if (kind === 'last') onChange({ kind, days: typeof days === 'number' && days >= 1 ? days : 7 });
    else {
      // Fixed dates start where the slot now lies, so that choosing them moves nothing.
      const now = reportDataslotInstants(range, report, timeZone);
      onChange({
        kind,
        from: new Date(now.from).toISOString(),
        to: new Date(Math.max(now.to, now.from + dayMs)).toISOString(),
      });
    }
  };
  const daysValid =
    typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= reportDataslotBounds.daysMax;
  return (
    <Group gap="xs" align="start" wrap="wrap" data-testid={`dataslot-range-${index}`}>
      <Select
        size="xs"
        w={220}
        label={t('Range of the data slot')}
        allowDeselect={false}
        value={range.kind}
        data={(['whole', 'last', 'fixed'] as const).map((kind) => ({ value: kind, label: t(rangeKindLabels[kind]) }))}
        onChange={(chosen) => chosen && choose(chosen as ReportDataslotRange['kind'])}
      />
      {range.kind === 'last' && (
        <NumberInput
          size="xs"
          w={120}
          label={t('Days')}
          min={1}
          max={reportDataslotBounds.daysMax}
          allowDecimal={false}
          value={days}
          error={daysValid ? undefined : t('From 1 to {{max}} days', { max: reportDataslotBounds.daysMax })}
          onChange={(value) => {
            setDays(value);
            if (
              typeof value === 'number' &&
              Number.isInteger(value) &&
              value >= 1 &&
              value <= reportDataslotBounds.daysMax
            ) {
              onChange({ kind: 'last', days: value });
            }
          }}
        />
      )}
      {range.kind === 'fixed' && (
        <DayRangeFields
          from={Date.parse(range.from)}
          to={Date.parse(range.to)}
          timeZone={timeZone}
          testId={`dataslot-days-${index}`}
          onChange={(next) =>
            onChange({ kind: 'fixed', from: new Date(next.from).toISOString(), to: new Date(next.to).toISOString() })
          }
        />
      )}
    </Group>
  );
}

function DataslotEditor({
  slot,
  index,
  report,
  timeZone,
  onChange,
  onRemove,
}: {
  slot: ReportDataslot;
  index: number;
  /** The report's range, epoch ms [from, to): relative slots follow it. */
  report: { from: number; to: number };
  timeZone: string;
  onChange: (slot: ReportDataslot) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const lengths = [...new Set<number>([...slotChoices, slot.slot])].sort((a, b) => a - b);
  const slotName = (seconds: number) => {
    const { key, n } = slotLabel(seconds);
    return t(key, { n });
  };
  return (
    <Paper withBorder p="xs" data-testid="dataslot">
      <Stack gap="xs">
        <Group gap="xs" align="end" justify="space-between" wrap="wrap">
          <TextInput
            size="xs"
            style={{ flex: '1 1 180px' }}
            label={t('Name of data slot {{number}}', { number: index + 1 })}
            value={slot.name}
            error={slot.name.trim() ? undefined : t('Required')}
            onChange={(event) => onChange({ ...slot, name: event.currentTarget.value })}
          />
          <DeleteButton variant="subtle" onClick={onRemove}>
            {t('Remove data slot')}
          </DeleteButton>
        </Group>
        <DataslotRangeFields
          range={slot.range}
          report={report}
          timeZone={timeZone}
          index={index}
          onChange={(range) => onChange({ ...slot, range })}
        />
        <Group gap="xs" align="end" wrap="wrap">
          <Select
            size="xs"
            w={170}
            label={t('Slot')}
            allowDeselect={false}
            value={String(slot.slot)}
            data={lengths.map((seconds) => ({ value: String(seconds), label: slotName(seconds) }))}
            onChange={(chosen) => chosen && onChange({ ...slot, slot: Number(chosen) })}
          />
          <Select
            size="xs"
            w={130}
            label={t('Mode')}
            allowDeselect={false}
            value={slot.mode}
            data={dataModes.map((mode) => ({ value: mode, label: t(modeLabels[mode]) }))}
            onChange={(chosen) => chosen && onChange({ ...slot, mode: chosen as ReportDataslot['mode'] })}
          />
          <Switch
            size="sm"
            label={t('Show gaps')}
            checked={slot.nulls}
            onChange={(event) => onChange({ ...slot, nulls: event.currentTarget.checked })}
          />
        </Group>
        <FiltersEditor
          filters={slot.filters as DataFilter[]}
          timeZone={timeZone}
          today={wallDayInput(Date.now(), timeZone)}
          onChange={(filters) => onChange({ ...slot, filters })}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The report's range and its data slots (up to 20 named ranges with slot, mode, gaps and filters, as the summary
 * view's periods); elements show the report's range unless they name a data slot.
 */
export function RangeSettings({
  from,
  to,
  period,
  dataslots,
  timeZone,
  onRange,
  onPeriod,
  onDataslots,
}: {
  /** The range shown: the fixed one, or the rolling period's latest (shownReportRange). */
  from: number;
  to: number;
  period: ReportPeriod | null;
  dataslots: readonly ReportDataslot[];
  timeZone: string;
  onRange: (range: { from: number; to: number }) => void;
  onPeriod: (period: ReportPeriod | null) => void;
  onDataslots: (dataslots: ReportDataslot[]) => void;
}) {
  const { t } = useTranslation();
  const add = () =>
    onDataslots([
      ...dataslots,
      {
        id: newReportElementId(),
        name: t('Data slot {{number}}', { number: dataslots.length + 1 }),
        range: { kind: 'whole' },
        filters: [],
        nulls: false,
        mode: 'avg',
        slot: 3600,
      },
    ]);
  return (
    <Stack gap="xs" data-testid="range-settings">
      <Title order={2} size="h4">
        {t('Range and data slots')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('Elements show the report’s range unless they name one of its data slots.')}
      </Text>
      <ReportPeriodFields period={period} shown={{ from, to }} timeZone={timeZone} onChange={onPeriod} />
      {!period && <DayRangeFields from={from} to={to} timeZone={timeZone} onChange={onRange} testId="report-range" />}
      {dataslots.map((slot, index) => (
        <DataslotEditor
          key={slot.id}
          slot={slot}
          index={index}
          report={{ from, to }}
          timeZone={timeZone}
          onChange={(edited) => onDataslots(dataslots.map((item) => (item.id === slot.id ? edited : item)))}
          onRemove={() => onDataslots(dataslots.filter((item) => item.id !== slot.id))}
        />
      ))}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        disabled={dataslots.length >= reportBounds.dataslotsMax}
        onClick={add}
      >
        {t('Add a data slot')}
      </Button>
    </Stack>
  );
}
