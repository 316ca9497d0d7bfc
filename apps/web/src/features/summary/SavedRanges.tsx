import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import type { TimeRange } from '@olo/data-engine';
import { formatDateRange } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { NameSaver } from './NameSaver.tsx';
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
      <Menu closeOnItemClick>
        <Menu.Target>
          <Button size="xs" variant="default" disabled={saved.ranges.length === 0} data-testid="saved-ranges">
            {t('Saved ranges')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {saved.ranges.map((range) => (
            <Group key={range.id} gap={0} wrap="nowrap">
              <Menu.Item onClick={() => onPick({ from: Date.parse(range.from), to: Date.parse(range.to) })}>
                {range.name} ({formatDateRange(range.from, range.to, i18n.language, { timeZone })})
              </Menu.Item>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('Delete {{name}}', { name: range.name })}
                onClick={() => void saved.deleteRange(range.id)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Menu.Dropdown>
      </Menu>
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
