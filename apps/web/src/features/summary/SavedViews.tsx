import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { formatDateRange } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import type { DataViewFieldsFragment } from '../../graphql/generated.ts';
import type { SummarySaved } from './useSummarySaved.ts';

/** The viewer's saved data views: add one as a period, load them all in place of the periods shown, delete one. */
export function SavedViews({
  timeZone,
  saved,
  canAdd,
  onAdd,
  onLoadAll,
  onDeleted,
}: {
  timeZone: string;
  saved: SummarySaved;
  canAdd: boolean;
  onAdd: (view: DataViewFieldsFragment) => void;
  onLoadAll: (views: readonly DataViewFieldsFragment[]) => void;
  onDeleted: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const none = saved.views.length === 0;
  return (
    <Group gap="xs">
      <Menu closeOnItemClick>
        <Menu.Target>
          <Button size="xs" variant="default" disabled={none} data-testid="saved-views">
            {t('Saved views')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {saved.views.map((view) => (
            <Group key={view.id} gap={0} wrap="nowrap">
              <Menu.Item disabled={!canAdd} onClick={() => onAdd(view)}>
                {view.name} ({formatDateRange(view.from, view.to, i18n.language, { timeZone })})
              </Menu.Item>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('Delete {{name}}', { name: view.name })}
                onClick={() => void saved.deleteView(view.id).then((deleted) => deleted && onDeleted(view.id))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" variant="default" disabled={none} onClick={() => onLoadAll(saved.views)}>
        {t('Load all saved views')}
      </Button>
    </Group>
  );
}
