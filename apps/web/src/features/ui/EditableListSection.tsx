import type { ErrorLike } from '@apollo/client';
import { Button, Group, Table, type TableTdProps, Text } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../forms/useShowError.ts';
import { EditDeleteButtons } from './EditDeleteButtons.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ListTable } from './ListTable.tsx';
import { Section } from './Section.tsx';

/** A column of an EditableListSection before its Edit/Delete buttons. */
export interface ListColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
  cellProps?: TableTdProps;
}

/** An item's name as the lists of EditableListSection show it. */
export function ItemName({ name }: { name: string }) {
  return (
    <Text size="sm" fw={500}>
      {name}
    </Text>
  );
}

/**
 * A section of a page that lists items from a query and creates, edits and deletes them in place: a "New" button
 * beside the title, the editor of the new or edited item above the list, and each row's Edit/Delete buttons. One
 * editor is open at a time, so that opening another never drops unsaved changes; deleting asks `confirmDelete` first.
 * `editor` draws the editor of an item or of a new one ('new'); `close` ends editing, `open` switches to an item (a
 * new item that goes on being edited once created, say).
 */
export function EditableListSection<Item extends { id: number; name: string }>({
  id,
  testId,
  title,
  description,
  newLabel,
  disableNewWhileEditing,
  loading,
  error,
  items,
  empty,
  tableLabel,
  tableTestId,
  minWidth,
  rowTestId,
  columns,
  actionsAtEnd,
  editor,
  confirmDelete,
  deleteItem,
  deleted,
  deleteError,
}: {
  id: string;
  testId: string;
  title: string;
  description: string;
  newLabel: string;
  /** Keeps the New button in its place while an editor is open, disabled, instead of hiding it. */
  disableNewWhileEditing?: boolean;
  loading: boolean;
  error?: ErrorLike;
  items: readonly Item[] | undefined;
  empty: { testId: string; text: string };
  tableLabel: string;
  tableTestId: string;
  minWidth: number;
  rowTestId: string;
  columns: readonly ListColumn<Item>[];
  /** The Edit/Delete buttons at the row's end under an unnamed heading, instead of under "Actions". */
  actionsAtEnd?: boolean;
  editor: (item: Item | 'new', close: () => void, open: (id: number) => void) => ReactNode;
  confirmDelete: (item: Item) => string;
  deleteItem: (item: Item) => Promise<unknown>;
  /** The toast once an item is deleted. */
  deleted: string;
  /** The text of a failed delete, where the caller knows its errors better than the generic one. */
  deleteError?: (error: unknown) => string;
}) {
  const { t } = useTranslation();
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const edited = editing === 'new' ? 'new' : items?.find((item) => item.id === editing);
  const close = () => setEditing(null);

  return (
    <Section
      id={id}
      testId={testId}
      title={title}
      description={description}
      action={
        (editing === null || disableNewWhileEditing) && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')} disabled={editing !== null}>
            {newLabel}
          </Button>
        )
      }
    >
      {edited && (
        // Keyed by the item: another item's editor starts from that item's values.
        <Fragment key={edited === 'new' ? 'new' : edited.id}>{editor(edited, close, setEditing)}</Fragment>
      )}
      <ListTable
        loading={loading}
        error={error}
        items={items}
        empty={<EmptyState testId={empty.testId}>{empty.text}</EmptyState>}
        label={tableLabel}
        testId={tableTestId}
        minWidth={minWidth}
        head={
          <>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            {actionsAtEnd ? <Table.Th /> : <Table.Th>{t('Actions')}</Table.Th>}
          </>
        }
        row={(item) => (
          <Table.Tr key={item.id} data-testid={rowTestId}>
            {columns.map((column) => (
              <Table.Td key={column.header} {...column.cellProps}>
                {column.cell(item)}
              </Table.Td>
            ))}
            <Table.Td>
              <Group gap="xs" justify={actionsAtEnd ? 'flex-end' : undefined} wrap="nowrap">
                <EditDeleteButtons
                  name={item.name}
                  onEdit={() => setEditing(item.id)}
                  onDelete={() => confirmed(confirmDelete(item), () => deleteItem(item), deleted, deleteError)}
                  editDisabled={editing !== null}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Section>
  );
}
