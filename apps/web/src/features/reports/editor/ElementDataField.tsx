import { Group, Select, Stack, Switch, Text } from '@mantine/core';
import type { DataFilter } from '@olo/data-engine';
import { dataModes, type ReportDataslot, type ReportElementData } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { FiltersEditor } from '../../data-slots/FiltersEditor.tsx';
import { slotChoices, slotLabel } from '../../data-slots/slotChoices.ts';
import { wallDayInput } from '../../data-slots/wallTime.ts';

const reportRange = 'report';
const inherited = 'inherit';
const modeLabels = { avg: 'Average', min: 'Minimum', max: 'Maximum' } as const;

/**
 * Where an element's values come from: the report's range or one of its data slots, and the slot length, mode,
 * gaps and filters it may set for itself (otherwise the data slot's, or on the report's range the project's).
 */
export function ElementDataField({
  value,
  dataslots,
  timeZone,
  onChange,
  rangeOnly = false,
}: {
  value: ReportElementData;
  dataslots: readonly ReportDataslot[];
  timeZone: string;
  onChange: (data: ReportElementData) => void;
  /** Only the range: for an element that judges raw values over it (the classification). */
  rangeOnly?: boolean;
}) {
  const { t } = useTranslation();
  const change = (edit: Partial<ReportElementData>) => onChange({ ...value, ...edit });
  const slotName = (seconds: number) => {
    const { key, n } = slotLabel(seconds);
    return t(key, { n });
  };
  const lengths = [...new Set<number>([...slotChoices, ...(value.slot === null ? [] : [value.slot])])].sort(
    (a, b) => a - b,
  );
  const known = value.dataslotId !== null && dataslots.some((slot) => slot.id === value.dataslotId);
  return (
    <Stack gap="xs" data-testid="element-data">
      <Select
        size="xs"
        label={t('Range')}
        allowDeselect={false}
        value={known ? value.dataslotId : reportRange}
        data={[
          { value: reportRange, label: t('The report’s range') },
          ...dataslots.map((slot) => ({ value: slot.id, label: slot.name })),
        ]}
        onChange={(chosen) => change({ dataslotId: chosen && chosen !== reportRange ? chosen : null })}
      />
      {value.dataslotId !== null && !known && (
        <Text size="xs" c="orange.9">
          {t('The data slot this element used is gone; it shows the report’s range.')}
        </Text>
      )}
      {!rangeOnly && (
        <>
          <Group gap="xs" grow wrap="wrap">
            <Select
              size="xs"
              miw={120}
              label={t('Slot')}
              allowDeselect={false}
              value={value.slot === null ? inherited : String(value.slot)}
              data={[
                { value: inherited, label: t('As the range says') },
                ...lengths.map((seconds) => ({ value: String(seconds), label: slotName(seconds) })),
              ]}
              onChange={(chosen) => change({ slot: chosen && chosen !== inherited ? Number(chosen) : null })}
            />
            <Select
              size="xs"
              miw={120}
              label={t('Mode')}
              allowDeselect={false}
              value={value.mode ?? inherited}
              data={[
                { value: inherited, label: t('As the range says') },
                ...dataModes.map((mode) => ({ value: mode, label: t(modeLabels[mode]) })),
              ]}
              onChange={(chosen) =>
                change({ mode: chosen && chosen !== inherited ? (chosen as ReportElementData['mode']) : null })
              }
            />
            <Select
              size="xs"
              miw={120}
              label={t('Show gaps')}
              allowDeselect={false}
              value={value.nulls === null ? inherited : String(value.nulls)}
              data={[
                { value: inherited, label: t('As the range says') },
                { value: 'true', label: t('Yes') },
                { value: 'false', label: t('No') },
              ]}
              onChange={(chosen) => change({ nulls: chosen === 'true' ? true : chosen === 'false' ? false : null })}
            />
          </Group>
          <Switch
            size="sm"
            label={t('Filters of its own')}
            checked={value.filters !== null}
            onChange={(event) => change({ filters: event.currentTarget.checked ? [] : null })}
          />
          {value.filters !== null && (
            <FiltersEditor
              filters={value.filters as DataFilter[]}
              timeZone={timeZone}
              today={wallDayInput(Date.now(), timeZone)}
              onChange={(filters) => change({ filters })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
