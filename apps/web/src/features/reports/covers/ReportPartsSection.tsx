import type { ErrorLike } from '@apollo/client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableListSection, ItemName, type ListColumn } from '../../ui/EditableListSection.tsx';
import { useFormatDateTime } from '../../ui/timeZone.tsx';

/**
 * An organization's report parts (covers, print templates) for its admins: a table of them by name and last update,
 * each created, edited and deleted in place. `kind` names the test ids: `<kind>s-section`, `<kind>-row`, ...
 */
export function ReportPartsSection<Item extends { id: number; name: string; updatedAt: string }>({
  kind,
  title,
  description,
  newLabel,
  emptyText,
  query,
  columns = [],
  editor,
  confirmDelete,
  deleteItem,
  deleted,
}: {
  kind: string;
  title: string;
  description: string;
  newLabel: string;
  emptyText: string;
  /** The organization's query: its parts, undefined until loaded. */
  query: { items: readonly Item[] | undefined; loading: boolean; error?: ErrorLike };
  /** Between the name and the update time. */
  columns?: readonly ListColumn<Item>[];
  editor: (item: Item | 'new', close: () => void, open: (id: number) => void) => ReactNode;
  confirmDelete: (item: Item) => string;
  deleteItem: (item: Item) => Promise<unknown>;
  deleted: string;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime('minute');
  const { items } = query;
  return (
    <EditableListSection
      id={`${kind}s`}
      testId={`${kind}s-section`}
      title={title}
      description={description}
      newLabel={newLabel}
      loading={query.loading && !items}
      error={items ? undefined : query.error}
      items={items}
      empty={{ testId: `no-${kind}s`, text: emptyText }}
      tableLabel={title}
      tableTestId={`${kind}s-table`}
      minWidth={420}
      rowTestId={`${kind}-row`}
      columns={[
        { header: t('Name'), cell: (item) => <ItemName name={item.name} /> },
        ...columns,
        { header: t('Updated'), cell: (item) => formatTime(item.updatedAt) },
      ]}
      editor={editor}
      confirmDelete={confirmDelete}
      deleteItem={deleteItem}
      deleted={deleted}
    />
  );
}
