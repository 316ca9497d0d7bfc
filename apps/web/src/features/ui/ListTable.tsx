import type { ErrorLike } from '@apollo/client';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryState } from './QueryState.tsx';

/**
 * A page's list from a query: the query's state until its answer is there, `empty` for an empty list, else a table
 * that scrolls sideways on a narrow screen, `head` its heading cells and `row` each item's row.
 */
export function ListTable<Item>({
  loading,
  error,
  items,
  empty,
  label,
  testId,
  minWidth,
  head,
  row,
}: {
  loading: boolean;
  error?: ErrorLike;
  items: readonly Item[] | undefined;
  empty: ReactNode;
  label: string;
  testId: string;
  minWidth: number;
  head: ReactNode;
  row: (item: Item) => ReactNode;
}) {
  return (
    <QueryState loading={loading} error={error} data={items} empty={empty} skeleton="table">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table aria-label={label} data-testid={testId} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{items?.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </QueryState>
  );
}
