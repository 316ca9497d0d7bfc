import { useQuery } from '@apollo/client/react';
import { Anchor, Button, Checkbox, Container, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  MeterListDocument,
  type MeterListFieldsFragment,
  MeterListOrganizationsDocument,
} from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { formatBattery, formatDateTime, formatRelativeTime, formatVolts } from '../ui/format.ts';
import { ListTable } from '../ui/ListTable.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { useNow } from '../ui/useNow.ts';
import { commonDriverCommands } from './driverCommands.ts';
import { type BulkAction, BulkDriverCommand, useBulkAction } from './MeterBulkActions.tsx';
import { MeterStateBadges } from './MeterStateBadges.tsx';
import {
  batteryFilterDays,
  defaultMeterFilter,
  filterFromSearchParams,
  filterVariables,
  type MeterBatteryFilter,
  type MeterFilterState,
  type MeterStateFilter,
  meterMatchesFilter,
  sameMeterFilter,
  searchParamsWithFilter,
} from './meterFilter.ts';
import { NewMetersSection } from './NewMetersSection.tsx';
import { SavedMeterLists } from './SavedMeterLists.tsx';
import { SignalValue } from './SignalValue.tsx';

function MeterRow({
  meter,
  now,
  selected,
  onSelect,
}: {
  meter: MeterListFieldsFragment;
  now: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const label = meter.name || meter.serial;
  const battery = formatBattery(meter.latest?.battery, locale);
  const vdd = formatVolts(meter.latest?.vdd, locale);
  return (
    <Table.Tr data-testid={`meter-row-${meter.id}`}>
      <Table.Td w={40}>
        {meter.currentUserIsAdmin && (
          <Checkbox
            aria-label={t('Select {{name}}', { name: label })}
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/meters/${meter.id}`} fw={500}>
          {label}
        </Anchor>
        {meter.name && (
          <Text size="xs" c="dimmed" ff="monospace">
            {meter.serial}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{meter.organization?.name ?? t('Free meter')}</Table.Td>
      <Table.Td>{meter.driver ?? '-'}</Table.Td>
      <Table.Td>
        {meter.lastSeen ? (
          <time dateTime={meter.lastSeen} title={formatDateTime(meter.lastSeen, locale)}>
            {formatRelativeTime(meter.lastSeen, now, locale)}
          </time>
        ) : (
          t('Never')
        )}
      </Table.Td>
      <Table.Td>
        {battery ?? '-'}
        {vdd && vdd !== battery && (
          <Text size="xs" c="dimmed">
            {t('Supply {{volts}}', { volts: vdd })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <SignalValue scale="rssi" value={meter.latest?.rssi} />
      </Table.Td>
      <Table.Td>
        <SignalValue scale="snr" value={meter.latest?.snr} />
      </Table.Td>
      <Table.Td>
        <MeterStateBadges meter={meter} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /meters: the meters the viewer sees, with filters kept in the URL, saved lists and bulk actions. */
export function MeterListPage() {
  const { t } = useTranslation();
  const now = useNow();
  const { currentUser } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromSearchParams(searchParams);
  const { data, previousData, loading, error } = useQuery(MeterListDocument, {
    variables: { filter: filterVariables(filter) },
    fetchPolicy: 'cache-and-network',
  });
  const organizations = useQuery(MeterListOrganizationsDocument);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const bulk = useBulkAction();

  const setFilter = (changes: Partial<MeterFilterState>) =>
    setSearchParams(
      (previous) => searchParamsWithFilter(previous, { ...filterFromSearchParams(previous), ...changes }),
      { replace: true },
    );
  const applyFilter = (next: MeterFilterState) =>
    setSearchParams((previous) => searchParamsWithFilter(previous, next), { replace: true });

  const shown = data ?? previousData;
  const meters = shown?.meters.filter((meter) => meterMatchesFilter(meter, filter, now));
  const selectable = (meters ?? []).filter((meter) => meter.currentUserIsAdmin);
  // What is selected but filtered out is not acted on.
  const chosen = selectable.filter((meter) => selected.has(meter.id)).map((meter) => meter.id);
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const chosenCommands = commonDriverCommands(
    selectable.filter((meter) => selected.has(meter.id)).map((meter) => meter.driverCommands),
  );

  const organizationOptions = [
    { value: '', label: t('All organizations') },
    ...(organizations.data?.organizations ?? [])
      .filter((organization) => organization.currentUserCanViewMeters || organization.id === filter.organizationId)
      .map((organization) => ({ value: organization.id, label: organization.name })),
  ];
  const stateOptions: { value: MeterStateFilter; label: string }[] = [
    { value: 'all', label: t('All states') },
    { value: 'missing', label: t('Missing') },
    { value: 'inStorage', label: t('In storage') },
    { value: 'inactive', label: t('Inactive') },
    { value: 'errors', label: t('With errors') },
  ];
  const batteryOptions: { value: MeterBatteryFilter; label: string }[] = [
    { value: 'all', label: t('Any') },
    { value: 'over60Days', label: t('More than {{days}} days', { days: batteryFilterDays }) },
    { value: 'within60Days', label: t('Inside {{days}} days', { days: batteryFilterDays }) },
  ];

  const runBulk = async (action: BulkAction) => {
    const failed = await bulk.run(action, chosen);
    setSelected(new Set(failed));
  };

  const filtered = !sameMeterFilter(filter, defaultMeterFilter);
  // Filters and saved lists are offered only with meters behind them (decision 0093): a viewer who sees no meter at
  // all gets the empty list alone. Once filtered, the filters stay, so that they can be cleared.
  const offerFilters = filtered || (shown?.meters.length ?? 0) > 0;
  // Choosing among one organization chooses nothing.
  const offerOrganizations = organizationOptions.length > 2 || filter.organizationId !== '';

  return (
    <Container size="xl">
      <Stack>
        <PageHeader
          title={t('Meters')}
          description={t('The meters of your organizations, with their state and battery.')}
        />
        <NewMetersSection />
        {offerFilters && (
          <>
            <Group align="flex-end" gap="md" role="search" aria-label={t('Filter meters')}>
              <SearchBox
                value={filter.search}
                onChange={(search) => setFilter({ search })}
                placeholder={t('Serial, name or location')}
              />
              <NativeSelect
                label={t('State')}
                value={filter.state}
                data={stateOptions}
                onChange={(event) => setFilter({ state: event.currentTarget.value as MeterStateFilter })}
              />
              {offerOrganizations && (
                <NativeSelect
                  label={t('Organization')}
                  value={filter.organizationId}
                  data={organizationOptions}
                  onChange={(event) => setFilter({ organizationId: event.currentTarget.value })}
                />
              )}
              <NativeSelect
                label={t('Battery')}
                value={filter.battery}
                data={batteryOptions}
                onChange={(event) => setFilter({ battery: event.currentTarget.value as MeterBatteryFilter })}
              />
            </Group>
            <SavedMeterLists filter={filter} onApply={applyFilter} />
          </>
        )}
        {selectable.length > 0 && (
          <Group gap="xs" role="toolbar" aria-label={t('Actions for the selected meters')}>
            <Text size="sm" c="dimmed">
              {t('Selected: {{number}}', { number: chosen.length })}
            </Text>
            {(['toStorage', 'fromStorage', 'resetBattery'] as const).map((action) => (
              <Button
                key={action}
                size="xs"
                variant="light"
                disabled={chosen.length === 0 || (bulk.running !== null && bulk.running !== action)}
                loading={bulk.running === action}
                onClick={() => void runBulk(action)}
              >
                {
                  { toStorage: t('To storage'), fromStorage: t('From storage'), resetBattery: t('Reset battery') }[
                    action
                  ]
                }
              </Button>
            ))}
            {chosenCommands.length > 0 && (
              <BulkDriverCommand
                // A new selection may offer other commands: start its choice afresh.
                key={chosenCommands.map((command) => command.id).join()}
                meterIds={chosen}
                commands={chosenCommands}
                onSent={() => setSelected(new Set())}
              />
            )}
          </Group>
        )}
        <ListTable
          loading={loading}
          error={error}
          items={meters}
          empty={
            filtered ? (
              <EmptyState
                testId="meter-list-empty"
                title={t('No meters match the filters.')}
                action={{ label: t('Clear the filters'), onClick: () => applyFilter(defaultMeterFilter) }}
              />
            ) : (
              <EmptyState
                testId="meter-list-empty"
                title={t('No meters yet')}
                // Only a site admin moves meters to organizations (decision 0013).
                action={currentUser?.isAdmin ? { label: t('Move meters by serial'), to: '/admin/meters' } : null}
              >
                {t(
                  "A meter is listed here once it belongs to one of your organizations. It appears in Olo when it first reports through a network server (an integration on the organization's page); a site administrator then moves it to the organization by its serial number.",
                )}
              </EmptyState>
            )
          }
          label={t('Meters')}
          testId="meter-list"
          minWidth={900}
          head={
            <>
              <Table.Th w={40}>
                {selectable.length > 0 && (
                  <Checkbox
                    aria-label={t('Select all')}
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    onChange={(event) =>
                      setSelected(new Set(event.currentTarget.checked ? selectable.map((meter) => meter.id) : []))
                    }
                  />
                )}
              </Table.Th>
              <Table.Th>{t('Meter')}</Table.Th>
              <Table.Th>{t('Organization')}</Table.Th>
              <Table.Th>{t('Driver')}</Table.Th>
              <Table.Th>{t('Last seen')}</Table.Th>
              <Table.Th>{t('Battery')}</Table.Th>
              <Table.Th>RSSI</Table.Th>
              <Table.Th>SNR</Table.Th>
              <Table.Th>{t('State')}</Table.Th>
            </>
          }
          row={(meter) => (
            <MeterRow
              key={meter.id}
              meter={meter}
              now={now}
              selected={selected.has(meter.id)}
              onSelect={(on) =>
                setSelected((previous) => {
                  const next = new Set(previous);
                  if (on) next.add(meter.id);
                  else next.delete(meter.id);
                  return next;
                })
              }
            />
          )}
        />
      </Stack>
    </Container>
  );
}
