import { Button, Checkbox, Group, Menu, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { DataFilter } from '@olo/data-engine';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, DateTimeField } from '../ui/DateField.tsx';
import { RemoveIcon } from '../ui/DeleteButton.tsx';
import {
  newFilter,
  removeDayOfInput,
  removeFilter,
  removeRangeOfInputs,
  replaceFilter,
  type WeekdayHours,
  type WeekRangeFilter,
  weekdayRows,
  weekRangeOfRows,
} from './filterEdits.ts';
import { wallTimeInput } from './wallTime.ts';

const weekdayKeys = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

function WeekRangeEditor({ filter, onChange }: { filter: WeekRangeFilter; onChange: (filter: DataFilter) => void }) {
  const { t } = useTranslation();
  const rows = weekdayRows(filter);
  const change = (weekday: number, edit: Partial<WeekdayHours>) =>
    onChange(weekRangeOfRows(rows.map((row) => (row.weekday === weekday ? { ...row, ...edit } : row))));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('Allowed hours')}
      </Text>
      {rows.map((row) => (
        <Group key={row.weekday} gap="xs" wrap="nowrap">
          <Checkbox
            w={140}
            label={t(weekdayKeys[row.weekday - 1] as string)}
            checked={row.allowed}
            onChange={(event) => change(row.weekday, { allowed: event.currentTarget.checked })}
          />
          <NumberInput
            size="xs"
            w={70}
            min={0}
            max={23}
            aria-label={t('From hour')}
            disabled={!row.allowed}
            value={row.from}
            onChange={(value) => change(row.weekday, { from: Number(value) })}
          />
          <Text size="xs">–</Text>
          <NumberInput
            size="xs"
            w={70}
            min={1}
            max={24}
            aria-label={t('To hour')}
            disabled={!row.allowed}
            value={row.to}
            onChange={(value) => change(row.weekday, { to: Number(value) })}
          />
        </Group>
      ))}
    </Stack>
  );
}

function RemoveRangeEditor({
  filter,
  timeZone,
  onChange,
}: {
  filter: Extract<DataFilter, { type: 'removerange' }>;
  timeZone: string;
  onChange: (filter: DataFilter) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => wallTimeInput(Date.parse(filter.from), timeZone));
  const [to, setTo] = useState(() => wallTimeInput(Date.parse(filter.to), timeZone));
  // Kept as typed until both ends make a valid span; only then does the view change.
  const edit = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    const parsed = removeRangeOfInputs(nextFrom, nextTo, timeZone);
    if (parsed) onChange(parsed);
  };
  return (
    <Group gap="xs" align="end">
      <DateTimeField
        size="xs"
        label={t('Remove from')}
        value={from}
        clearable={false}
        onChange={(value) => edit(value, to)}
      />
      <DateTimeField
        size="xs"
        label={t('Remove until')}
        value={to}
        clearable={false}
        onChange={(value) => edit(from, value)}
      />
    </Group>
  );
}

function FilterEditor(props: { filter: DataFilter; timeZone: string; onChange: (filter: DataFilter) => void }) {
  const { t } = useTranslation();
  const { filter, onChange } = props;
  if (filter.type === 'weekrange') return <WeekRangeEditor filter={filter} onChange={onChange} />;
  if (filter.type === 'removerange') return <RemoveRangeEditor {...props} filter={filter} />;
  return (
    <DateField
      size="xs"
      label={t('Removed day')}
      value={filter.day}
      clearable={false}
      onChange={(day) => {
        const parsed = removeDayOfInput(day);
        if (parsed) onChange(parsed);
      }}
    />
  );
}

const filterTitles: Record<DataFilter['type'], string> = {
  weekrange: 'Hours of the week',
  removeday: 'Remove a day',
  removerange: 'Remove a time span',
};

/** The slot filters of a period (weekrange, removeday, removerange): all of them apply together. */
export const FiltersEditor = memo(function FiltersEditor({
  filters,
  timeZone,
  today,
  onChange,
}: {
  filters: readonly DataFilter[];
  timeZone: string;
  /** The project's wall-clock day, for new day filters. */
  today: string;
  onChange: (filters: DataFilter[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="summary-filters">
      {filters.map((filter, index) => (
        // Filters have no identity of their own; their place is theirs while this list is shown.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Paper key={index} withBorder p="xs" data-testid={`summary-filter-${filter.type}`}>
          <Group justify="space-between" align="start" wrap="nowrap">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t(filterTitles[filter.type])}
              </Text>
              <FilterEditor
                filter={filter}
                timeZone={timeZone}
                onChange={(edited) => onChange(replaceFilter(filters, index, edited))}
              />
            </Stack>
            <RemoveIcon label={t('Remove filter')} onClick={() => onChange(removeFilter(filters, index))} />
          </Group>
        </Paper>
      ))}
      <Menu>
        <Menu.Target>
          <Button variant="light" size="xs" w="fit-content">
            {t('Add filter')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(Object.keys(filterTitles) as DataFilter['type'][]).map((type) => (
            <Menu.Item key={type} onClick={() => onChange([...filters, newFilter(type, today, timeZone)])}>
              {t(filterTitles[type])}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
});
