import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { measurementSortRank, unitLabel } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  DeleteManagedLimitDocument,
  ManagedGlobalLimitsDocument,
  type ManagedLimitFieldsFragment,
  ManagedOrganizationLimitsDocument,
} from '../../graphql/generated.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { EditDeleteButtons } from '../ui/EditDeleteButtons.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { Section } from '../ui/Section.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { BandsStrip } from './BandsStrip.tsx';
import { LimitEditor, refetchLimits } from './LimitEditor.tsx';
import { limitErrorText } from './limitErrorText.ts';
import { unitOf } from './limitForm.ts';

/** Limits by data type (the priority types first), then order, then id (spec §9). */
export function sortLimits<Item extends { dataType: string; order: number; id: number }>(
  limits: readonly Item[],
): Item[] {
  return [...limits].sort(
    (a, b) =>
      measurementSortRank(a.dataType) - measurementSortRank(b.dataType) ||
      a.dataType.localeCompare(b.dataType) ||
      a.order - b.order ||
      a.id - b.id,
  );
}

/**
 * The limits of an organization (`organizationId`) or the global ones (null), by type then order, each with its bands
 * drawn; created and edited in the limit editor, deleted here unless something uses them (the server names what).
 */
export function LimitsSection({ organizationId }: { organizationId: string | null }) {
  const { t, i18n } = useTranslation();
  const ask = useConfirm();
  const typeLabel = useMeasurementLabel();
  const global = useQuery(ManagedGlobalLimitsDocument, {
    skip: organizationId !== null,
    fetchPolicy: 'cache-and-network',
  });
  const own = useQuery(ManagedOrganizationLimitsDocument, {
    skip: organizationId === null,
    variables: { organizationId: organizationId ?? '' },
    fetchPolicy: 'cache-and-network',
  });
  const query = organizationId === null ? global : own;
  const loaded = organizationId === null ? global.data?.globalLimits : own.data?.limitsByOrganization;
  const limits = loaded ? sortLimits(loaded) : undefined;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleteLimit] = useMutation(DeleteManagedLimitDocument, { refetchQueries: refetchLimits });
  const nextOrder = (limits ?? []).reduce((max, limit) => Math.max(max, limit.order + 1), 0);
  const edited = limits?.find((limit) => limit.id === editing);
  const number = new Intl.NumberFormat(i18n.language, { useGrouping: false, maximumFractionDigits: 2 });

  const remove = async (limit: ManagedLimitFieldsFragment) => {
    if (!(await ask(t('Delete the limit {{name}}?', { name: limit.name })))) return;
    deleteLimit({ variables: { id: limit.id } })
      .then(() => toast.success(t('Limit deleted.')))
      .catch((error: unknown) => toast.error(limitErrorText(error, t)));
  };

  return (
    <Section
      id={organizationId === null ? 'global-limits' : 'organization-limits'}
      testId="limits-section"
      title={t('Limits')}
      description={t('Banded scales per measurement type, for gauges, graphs, tables and alarms.')}
      action={
        <Button size="xs" variant="light" onClick={() => setEditing('new')} disabled={editing !== null}>
          {t('Add limit')}
        </Button>
      }
    >
      {editing === 'new' && (
        <LimitEditor organizationId={organizationId} nextOrder={nextOrder} onClose={() => setEditing(null)} />
      )}
      {edited && (
        <LimitEditor
          key={edited.id}
          organizationId={organizationId}
          limit={edited}
          nextOrder={nextOrder}
          onClose={() => setEditing(null)}
        />
      )}
      <ListTable
        loading={query.loading}
        error={query.error}
        items={limits}
        empty={<EmptyState testId="no-limits">{t('No limits yet.')}</EmptyState>}
        label={t('Limits')}
        testId="limits-table"
        minWidth={360}
        head={
          <>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Bands')}</Table.Th>
            <Table.Th />
          </>
        }
        row={(limit) => {
          const unit = unitLabel(unitOf(limit.dataType), i18n.language);
          return (
            <Table.Tr key={limit.id} data-testid="limit-row">
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {limit.name}
                  </Text>
                  <Group gap={4}>
                    <Badge size="xs" variant="light">
                      {typeLabel(limit.dataType)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t('Order {{order}}', { order: limit.order })}
                    </Text>
                  </Group>
                  {(limit.normalMin !== null || limit.normalMax !== null) && (
                    <Text size="xs" c="dimmed">
                      {t('Normal: {{from}}…{{to}}', {
                        from: limit.normalMin === null ? '' : number.format(limit.normalMin),
                        to: limit.normalMax === null ? '' : number.format(limit.normalMax),
                      })}{' '}
                      {unit}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td miw={140} w="50%">
                <BandsStrip scale={limit} unit={unit} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <EditDeleteButtons
                    name={limit.name}
                    onEdit={() => setEditing(limit.id)}
                    onDelete={() => remove(limit)}
                    editDisabled={editing !== null}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </Section>
  );
}
