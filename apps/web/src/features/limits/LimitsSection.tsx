import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { measurementSortRank, unitLabel } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import {
  DeleteManagedLimitDocument,
  ManagedGlobalLimitsDocument,
  ManagedOrganizationLimitsDocument,
} from '../../graphql/generated.ts';
import { EditableListSection, ItemName } from '../ui/EditableListSection.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { BandsStrip } from './BandsStrip.tsx';
import { LimitEditor, refetchLimits } from './LimitEditor.tsx';
import { limitErrorText } from './limitErrorText.ts';
import { unitOf } from './limitForm.ts';
import { useDisplayName } from './useDisplayName.ts';

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
  const typeLabel = useMeasurementLabel();
  const nameOf = useDisplayName();
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
  const [deleteLimit] = useMutation(DeleteManagedLimitDocument, { refetchQueries: refetchLimits });
  const nextOrder = (limits ?? []).reduce((max, limit) => Math.max(max, limit.order + 1), 0);
  const number = new Intl.NumberFormat(i18n.language, { useGrouping: false, maximumFractionDigits: 2 });
  const unit = (dataType: string) => unitLabel(unitOf(dataType), i18n.language);

  return (
    <EditableListSection
      id={organizationId === null ? 'global-limits' : 'organization-limits'}
      testId="limits-section"
      title={t('Limits')}
      description={t('Banded scales per measurement type, for gauges, graphs, tables and alarms.')}
      newLabel={t('Add limit')}
      disableNewWhileEditing
      loading={query.loading}
      error={query.error}
      items={limits}
      empty={{ testId: 'no-limits', text: t('No limits yet.') }}
      tableLabel={t('Limits')}
      tableTestId="limits-table"
      minWidth={360}
      rowTestId="limit-row"
      columns={[
        {
          header: t('Name'),
          cell: (limit) => (
            <Stack gap={2}>
              <ItemName name={nameOf(limit)} />
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
                  {unit(limit.dataType)}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          header: t('Bands'),
          cell: (limit) => <BandsStrip scale={limit} unit={unit(limit.dataType)} />,
          cellProps: { miw: 140, w: '50%' },
        },
      ]}
      actionsAtEnd
      editor={(limit, close) => (
        <LimitEditor
          organizationId={organizationId}
          limit={limit === 'new' ? undefined : limit}
          nextOrder={nextOrder}
          onClose={close}
        />
      )}
      confirmDelete={(limit) => t('Delete the limit {{name}}?', { name: nameOf(limit) })}
      deleteItem={(limit) => deleteLimit({ variables: { id: limit.id } })}
      deleted={t('Limit deleted.')}
      deleteError={(error) => limitErrorText(error, t)}
    />
  );
}
