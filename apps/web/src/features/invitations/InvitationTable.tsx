import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../ui/ListTable.tsx';

/**
 * Invitations as a table, one row each (the profile's own, an organization's or a project's pending ones): whom or
 * what (`who`), when it was sent (`sent`), when it expires, and the row's buttons.
 */
export function InvitationTable({
  who,
  sent,
  label,
  testId,
  children,
}: {
  who: string;
  sent: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable minWidth={480} aria-label={label} data-testid={testId} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{who}</Table.Th>
          <Table.Th>{sent}</Table.Th>
          <Table.Th>{t('Expires')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </ResponsiveTable>
  );
}
