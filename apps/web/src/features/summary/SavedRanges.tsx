import { Group } from '@mantine/core';
import type { TimeRange } from '@olo/data-engine';
import { formatDateRange } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { NameSaver } from './NameSaver.tsx';
import { SavedItemsMenu } from './SavedItemsMenu.tsx';
import type { SummarySaved } from './useSummarySaved.ts';

/** The viewer's saved date ranges: pick one, delete one, or save the period shown under a name. */
export function SavedRanges({
  projectId,
  timeZone,
  shown,
  saved,
  onPick,
}: {
  projectId: number;
  timeZone: string;
  shown: TimeRange | null;
  saved: SummarySaved;
  onPick: (range: TimeRange) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs">
      <SavedItemsMenu
        label={t('Saved ranges')}
        testId="saved-ranges"
        timeZone={timeZone}
        items={saved.ranges}
        onPick={(range) => onPick({ from: Date.parse(range.from), to: Date.parse(range.to) })}
        onDelete={(range) => void saved.deleteRange(range.id)}
      />
      {shown && (
        <NameSaver
          label={t('Save range')}
          initialName={formatDateRange(new Date(shown.from), new Date(shown.to), i18n.language, { timeZone })}
          testId="save-range"
          onSave={async (name) =>
            (await saved.saveRange({
              projectId,
              name: name.trim(),
              from: new Date(shown.from).toISOString(),
              to: new Date(shown.to).toISOString(),
            })) !== null
          }
        />
      )}
    </Group>
  );
}
