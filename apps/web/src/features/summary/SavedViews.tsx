import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataViewFieldsFragment } from '../../graphql/generated.ts';
import { SavedItemsMenu } from './SavedItemsMenu.tsx';
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
  const { t } = useTranslation();
  const none = saved.views.length === 0;
  return (
    <Group gap="xs">
      <SavedItemsMenu
        label={t('Saved views')}
        testId="saved-views"
        timeZone={timeZone}
        items={saved.views}
        pickDisabled={!canAdd}
        onPick={onAdd}
        onDelete={(view) => void saved.deleteView(view.id).then((deleted) => deleted && onDeleted(view.id))}
      />
      <Button size="xs" variant="default" disabled={none} onClick={() => onLoadAll(saved.views)}>
        {t('Load all saved views')}
      </Button>
    </Group>
  );
}
