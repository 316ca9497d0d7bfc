import { useMutation, useQuery } from '@apollo/client/react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { meterSerialsInput } from '@olo/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  AdminAllMetersDocument,
  AdminFindFreeMetersDocument,
  AdminFreeMetersDocument,
  AdminMeterFromStorageDocument,
  AdminMeterOrganizationsDocument,
  type AdminMeterRowFragment,
  AdminMeterToStorageDocument,
  AdminMoveFreeMetersDocument,
} from '../../graphql/generated.ts';
import { DirtyFormsProvider, useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useShowError } from '../forms/useShowError.ts';
import { FormStack } from '../ui/FormStack.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { parseSerials } from './serials.ts';

/** Rows the list of all meters shows at most; a search narrows it down. */
const allMetersShown = 200;

/** The textarea's serials checked with the server's rule, every problem shown under the textarea. */
const serialsSchema = formSchema<{ serials: string }>({
  issues: ({ serials }) => {
    const first = meterSerialsInput.safeParse({ serials: parseSerials(serials) }).error?.issues[0];
    return first ? [{ message: first.message, path: ['serials'] }] : [];
  },
});

function formatTime(iso: string | null, language: string, never: string): string {
  return iso ? new Date(iso).toLocaleString(language) : never;
}

/** Free meters with a checkbox each; the chosen ones are moved together. */
function FreeMeterTable({
  meters,
  chosen,
  setChosen,
  label,
}: {
  meters: readonly AdminMeterRowFragment[];
  chosen: ReadonlySet<string>;
  setChosen: (serials: readonly string[], on: boolean) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const allChosen = meters.length > 0 && meters.every((meter) => chosen.has(meter.serial));
  const someChosen = meters.some((meter) => chosen.has(meter.serial));
  return (
    <ResponsiveTable minWidth={560} aria-label={label} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label={t('Choose all')}
              checked={allChosen}
              indeterminate={someChosen && !allChosen}
              onChange={(event) =>
                setChosen(
                  meters.map((meter) => meter.serial),
                  event.currentTarget.checked,
                )
              }
            />
          </Table.Th>
          <Table.Th>{t('Serial')}</Table.Th>
          <Table.Th>{t('Name')}</Table.Th>
          <Table.Th>{t('Driver')}</Table.Th>
          <Table.Th>{t('First seen')}</Table.Th>
          <Table.Th>{t('Last seen')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {meters.map((meter) => (
          <Table.Tr key={meter.id}>
            <Table.Td>
              <Checkbox
                aria-label={t('Choose {{serial}}', { serial: meter.serial })}
                checked={chosen.has(meter.serial)}
                onChange={(event) => setChosen([meter.serial], event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td style={{ fontFamily: 'monospace' }}>
              <Anchor component={Link} to={`/admin/meters/${meter.id}`}>
                {meter.serial}
              </Anchor>
            </Table.Td>
            <Table.Td>{meter.name ?? ''}</Table.Td>
            <Table.Td>{meter.driver ?? t('Unknown')}</Table.Td>
            <Table.Td>{formatTime(meter.createdAt, i18n.language, '')}</Table.Td>
            <Table.Td>{formatTime(meter.lastSeen, i18n.language, t('Never'))}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

function FindBySerials({
  found,
  setFound,
  chosen,
  setChosen,
}: {
  found: { meters: AdminMeterRowFragment[]; missing: string[] } | null;
  setFound: (found: { meters: AdminMeterRowFragment[]; missing: string[] } | null) => void;
  chosen: ReadonlySet<string>;
  setChosen: (serials: readonly string[], on: boolean) => void;
}) {
  const { t } = useTranslation();
  const [findFreeMeters, { loading }] = useMutation(AdminFindFreeMetersDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { serials: '' },
    schema: serialsSchema,
  });
  // Serials typed but not yet looked up would be lost; once found, the chosen meters are what is pending.
  useDirtyForm('serials', form.isDirty() && !found);

  const submit = form.onSubmit(async ({ serials }) => {
    clearGeneralError();
    const { serials: normalised } = meterSerialsInput.parse({ serials: parseSerials(serials) });
    try {
      const { data } = await findFreeMeters({ variables: { serials: normalised } });
      const meters = data?.findFreeMeters ?? [];
      const free = new Set(meters.map((meter) => meter.serial));
      setFound({ meters, missing: [...new Set(normalised)].filter((serial) => !free.has(serial)) });
      setChosen(
        meters.map((meter) => meter.serial),
        true,
      );
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <Stack>
      <FormStack
        onSubmit={submit}
        label={t('Find free meters by serials')}
        error={generalError}
        testId="find-meters-form"
      >
        <Textarea
          label={t('Serials (DevEUI)')}
          description={t('One per line, or separated by commas.')}
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace' } }}
          {...inputProps('serials')}
        />
        <Group>
          <Button type="submit" loading={loading}>
            {t('Find')}
          </Button>
          {found && (
            <Button
              variant="default"
              onClick={() => {
                setFound(null);
                form.reset();
              }}
            >
              {t('Clear')}
            </Button>
          )}
        </Group>
      </FormStack>
      {found && (
        <Stack gap="xs" data-testid="found-meters">
          {found.meters.length === 0 ? (
            <Text>{t('None of the serials is a free meter.')}</Text>
          ) : (
            <FreeMeterTable
              meters={found.meters}
              chosen={chosen}
              setChosen={setChosen}
              label={t('Free meters found')}
            />
          )}
          {found.missing.length > 0 && (
            <Text size="sm" c="orange" data-testid="meters-not-found">
              {t('Not free or not known: {{serials}}', { serials: found.missing.join(', ') })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function MoveToOrganization({
  chosen,
  onMoved,
}: {
  chosen: ReadonlySet<string>;
  onMoved: (serials: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const showError = useShowError();
  const organizations = useQuery(AdminMeterOrganizationsDocument);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [moveMeters, { loading }] = useMutation(AdminMoveFreeMetersDocument, {
    refetchQueries: ['AdminFreeMeters', 'AdminAllMeters'],
  });
  const options = (organizations.data?.organizations ?? []).map((organization) => ({
    value: organization.id,
    // A child organization is told apart by its path; a top-level one's path is just its slug.
    label: organization.path.includes('/') ? `${organization.name} (${organization.path})` : organization.name,
  }));
  const organizationName = options.find((option) => option.value === organizationId)?.label ?? '';

  const move = async () => {
    if (!organizationId) return;
    const serials = [...chosen];
    try {
      const { data } = await moveMeters({ variables: { serials, organizationId } });
      const moved = data?.moveFreeMeters ?? [];
      toast.success(
        t('Meters moved to {{organization}}: {{number}}.', { organization: organizationName, number: moved.length }),
      );
      onMoved(moved.map((meter) => meter.serial));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="xs" data-testid="move-meters">
      <Text size="sm">
        {chosen.size === 0
          ? t('Choose free meters above, from the list or by serials.')
          : t('Meters chosen: {{number}}.', { number: chosen.size })}
      </Text>
      <Group align="flex-end">
        <Select
          label={t('Organization')}
          searchable
          data={options}
          value={organizationId}
          onChange={setOrganizationId}
          nothingFoundMessage={t('No matches')}
          miw={280}
        />
        <Button loading={loading} disabled={!organizationId || chosen.size === 0} onClick={() => void move()}>
          {t('Move to organization')}
        </Button>
      </Group>
    </Stack>
  );
}

function StorageButton({ meter }: { meter: AdminMeterRowFragment }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [toStorage, storing] = useMutation(AdminMeterToStorageDocument);
  const [fromStorage, taking] = useMutation(AdminMeterFromStorageDocument);
  const variables = { id: meter.id };
  return meter.inStorage ? (
    <Button
      size="xs"
      variant="light"
      loading={taking.loading}
      aria-label={t('Take {{serial}} out of storage', { serial: meter.serial })}
      onClick={() => void fromStorage({ variables }).catch(showError)}
    >
      {t('From storage')}
    </Button>
  ) : (
    <Button
      size="xs"
      variant="light"
      loading={storing.loading}
      aria-label={t('Put {{serial}} in storage', { serial: meter.serial })}
      onClick={() => void toStorage({ variables }).catch(showError)}
    >
      {t('To storage')}
    </Button>
  );
}

function AllMeters() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { data, loading, error, previousData } = useQuery(AdminAllMetersDocument, {
    variables: { search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });
  const meters = (data ?? previousData)?.meters ?? [];
  const shown = meters.slice(0, allMetersShown);

  return (
    <Stack gap="xs">
      <TextInput
        label={t('Search')}
        description={t('Serial, name or location')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={400}
      />
      <QueryState loading={loading && !data && !previousData} error={data ? undefined : error}>
        {meters.length === 0 ? (
          <Text c="dimmed">{t('No meters.')}</Text>
        ) : (
          <ResponsiveTable minWidth={720} aria-label={t('All meters')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Serial')}</Table.Th>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Organization')}</Table.Th>
                <Table.Th>{t('Last seen')}</Table.Th>
                <Table.Th>{t('State')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((meter) => (
                <Table.Tr key={meter.id} data-testid="admin-meter-row">
                  <Table.Td style={{ fontFamily: 'monospace' }}>
                    <Anchor component={Link} to={`/admin/meters/${meter.id}`}>
                      {meter.serial}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{meter.name ?? ''}</Table.Td>
                  <Table.Td>{meter.organization?.name ?? t('Free')}</Table.Td>
                  <Table.Td>{formatTime(meter.lastSeen, i18n.language, t('Never'))}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {meter.inStorage && (
                        <Badge size="sm" color="gray">
                          {t('In storage')}
                        </Badge>
                      )}
                      {!meter.active && (
                        <Badge size="sm" color="gray" variant="outline">
                          {t('Inactive')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td align="right">
                    <StorageButton meter={meter} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {meters.length > shown.length && (
          <Text size="sm" c="dimmed">
            {t('Showing {{shown}} of {{number}} meters: search to narrow the list.', {
              shown: shown.length,
              number: meters.length,
            })}
          </Text>
        )}
      </QueryState>
    </Stack>
  );
}

function AdminMeters() {
  const { t } = useTranslation();
  const free = useQuery(AdminFreeMetersDocument, { fetchPolicy: 'cache-and-network' });
  const [chosen, setChosenSerials] = useState<ReadonlySet<string>>(new Set());
  const [found, setFound] = useState<{ meters: AdminMeterRowFragment[]; missing: string[] } | null>(null);
  const setChosen = useCallback((serials: readonly string[], on: boolean) => {
    setChosenSerials((previous) => {
      const next = new Set(previous);
      for (const serial of serials) {
        if (on) next.add(serial);
        else next.delete(serial);
      }
      return next;
    });
  }, []);
  const onMoved = (serials: readonly string[]) => {
    const moved = new Set(serials);
    setChosenSerials(new Set());
    // Moved meters are no longer free.
    setFound((previous) =>
      previous ? { ...previous, meters: previous.meters.filter((meter) => !moved.has(meter.serial)) } : previous,
    );
  };
  useDirtyForm('chosen-meters', chosen.size > 0);
  const freeMeters = free.data?.meters ?? [];

  return (
    <Stack>
      <Title order={1}>{t('Meters')}</Title>
      <Section
        id="free-meters"
        testId="free-meters"
        title={t('Free meters')}
        description={t('Meters that have sent readings but belong to no organization.')}
      >
        <QueryState loading={free.loading} error={free.error} data={free.data}>
          {freeMeters.length === 0 ? (
            <Text c="dimmed">{t('No free meters.')}</Text>
          ) : (
            <FreeMeterTable meters={freeMeters} chosen={chosen} setChosen={setChosen} label={t('Free meters')} />
          )}
        </QueryState>
      </Section>
      <Section id="find-free-meters" testId="find-free-meters" title={t('Find free meters by serials')}>
        <FindBySerials found={found} setFound={setFound} chosen={chosen} setChosen={setChosen} />
      </Section>
      <Section
        id="move-free-meters"
        testId="move-free-meters"
        title={t('Move to organization')}
        description={t('The chosen free meters move to the organization, whose admins then manage them.')}
      >
        <MoveToOrganization chosen={chosen} onMoved={onMoved} />
      </Section>
      <Section id="all-meters" testId="all-meters" title={t('All meters')}>
        <AllMeters />
      </Section>
    </Stack>
  );
}

/** /admin/meters: free meters and moving them to organizations, and every meter with its storage state. */
export function AdminMetersPage() {
  return (
    <Container size="xl">
      <DirtyFormsProvider>
        <AdminMeters />
      </DirtyFormsProvider>
    </Container>
  );
}
