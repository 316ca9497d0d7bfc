import type { ErrorLike } from '@apollo/client';
import { Table, type TableProps } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import classes from './ListTable.module.css';
import { QueryState } from './QueryState.tsx';

/**
 * A table whose rows hold buttons, fields or links (decision 0085): on a wide screen it scrolls sideways inside its
 * container when narrower than `minWidth` (px); on a phone each row wraps into a block of cells, each under its
 * column's name, so that every control stays on the screen. Read-only tables of numbers keep Table.ScrollContainer.
 * `children` are the table's Table.Thead and Table.Tbody.
 */
export function ResponsiveTable({
  minWidth,
  children,
  ...tableProps
}: { minWidth: number; children: ReactNode } & TableProps & { 'data-testid'?: string }) {
  const table = useRef<HTMLTableElement>(null);
  // Each body cell gets its column's heading as data-label, the stacked layout's visible name of the cell. Rows come
  // and go with the data and with their own forms, so the labels follow every change of the table's rows.
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const label = () => {
      const headings = Array.from(element.tHead?.rows[0]?.cells ?? [], (cell) => cell.textContent?.trim() ?? '');
      for (const body of Array.from(element.tBodies)) {
        for (const row of Array.from(body.rows)) {
          let column = 0;
          for (const cell of Array.from(row.cells)) {
            if (cell.colSpan === 1 && cell.dataset.label === undefined) cell.dataset.label = headings[column] ?? '';
            column += cell.colSpan;
          }
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      className={classes.stacked}
      classNames={{ scrollContainerInner: classes.inner }}
    >
      <Table ref={table} {...tableProps}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A page's list from a query: the query's state until its answer is there, `empty` for an empty list, else a
 * ResponsiveTable, `head` its heading cells and `row` each item's row.
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
      <ResponsiveTable
        minWidth={minWidth}
        aria-label={label}
        data-testid={testId}
        verticalSpacing="xs"
        highlightOnHover
      >
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{items?.map(row)}</Table.Tbody>
      </ResponsiveTable>
    </QueryState>
  );
}
