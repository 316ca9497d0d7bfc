import { Group, SegmentedControl, Select, Switch } from '@mantine/core';
import { type DataMode, dataModes } from '@olo/data-engine';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSlot, DataSlotChange } from '../data-slots/dataSlots.ts';
import { slotChoices, slotLabel } from '../data-slots/slotChoices.ts';

const modeLabels: Record<DataMode, string> = { avg: 'Average', min: 'Minimum', max: 'Maximum' };

/** Slot length (automatic: by the range), mode and nulls of a period. */
export const SlotOptions = memo(function SlotOptions({
  slot,
  resolvedSlotSeconds,
  onChange,
}: {
  slot: DataSlot;
  resolvedSlotSeconds: number | null;
  onChange: (change: DataSlotChange) => void;
}) {
  const { t } = useTranslation();
  const label = (seconds: number) => {
    const { key, n } = slotLabel(seconds);
    return t(key, { n });
  };
  const automatic =
    resolvedSlotSeconds === null ? t('Automatic') : t('Automatic ({{slot}})', { slot: label(resolvedSlotSeconds) });
  // A saved view may hold a length that is not offered; it stays choosable.
  const choices = [...new Set<number>([...slotChoices, ...(slot.slotSeconds === null ? [] : [slot.slotSeconds])])];
  return (
    <Group gap="md" align="end">
      <Select
        size="xs"
        w={200}
        label={t('Slot')}
        data-testid="summary-slot"
        allowDeselect={false}
        value={slot.slotSeconds === null ? 'auto' : String(slot.slotSeconds)}
        data={[
          { value: 'auto', label: automatic },
          ...choices.sort((a, b) => a - b).map((seconds) => ({ value: String(seconds), label: label(seconds) })),
        ]}
        onChange={(value) => onChange({ slotSeconds: !value || value === 'auto' ? null : Number(value) })}
      />
      <SegmentedControl
        size="xs"
        data-testid="summary-mode"
        value={slot.mode}
        data={dataModes.map((mode) => ({ value: mode, label: t(modeLabels[mode]) }))}
        onChange={(value) => onChange({ mode: value as DataMode })}
      />
      <Switch
        size="sm"
        label={t('Show gaps')}
        data-testid="summary-nulls"
        checked={slot.nulls}
        onChange={(event) => onChange({ nulls: event.currentTarget.checked })}
      />
    </Group>
  );
});
