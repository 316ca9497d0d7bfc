import { useMutation } from '@apollo/client/react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { datasourceChannelLabel, humanizeChannelKey, updateSeriesInput } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { DeleteSeriesDatasourceDocument, DeleteSeriesDocument, UpdateSeriesDocument } from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirmedAction } from '../forms/useShowError.ts';
import { EditDeleteButtons } from '../ui/EditDeleteButtons.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { useMeasurementLabel, useUnitLabel } from '../ui/useMeasurementLabel.ts';
import { DatasourceEditForm, NewDatasourceForm } from './DatasourceForms.tsx';
import {
  meterLabel,
  refetchSeries,
  type SeriesEditDatasource,
  type SeriesEditSerie,
  useSeriesEdit,
} from './seriesEditContext.ts';
import {
  type SeriesValues,
  seriesDataTypes,
  unitOf,
  updateSeriesSchema,
  updateSeriesValues,
} from './seriesEditSchemas.ts';

/** Data type options; a series of a type no longer offered keeps it until someone picks another. */
export function dataTypeOptions(current?: string): string[] {
  return current && !(seriesDataTypes as string[]).includes(current) ? [...seriesDataTypes, current] : seriesDataTypes;
}

export function useSpaceOptions() {
  const { t } = useTranslation();
  const { project } = useSeriesEdit();
  return [
    { value: '', label: t('Without a space') },
    ...project.spaces.map((space) => ({ value: String(space.id), label: space.name })),
  ];
}

/** Name, data type, unit and space of a series, as both the new-series and the edit forms have them. */
export function SeriesFields({
  form,
  inputProps,
}: {
  form: ReturnType<typeof useSchemaForm<SeriesValues>>['form'];
  inputProps: ReturnType<typeof useSchemaForm<SeriesValues>>['inputProps'];
}) {
  const { t } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const spaceOptions = useSpaceOptions();
  const values = form.getValues();
  const typeProps = inputProps('dataType');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
      <Select
        label={t('Data type')}
        withAsterisk
        searchable
        allowDeselect={false}
        data={dataTypeOptions(values.dataType).map((type) => ({ value: type, label: typeLabel(type) }))}
        nothingFoundMessage={t('No matches')}
        {...typeProps}
        onChange={(dataType) => {
          // The unit follows the type unless someone has chosen another one.
          if (!values.dataUnit || values.dataUnit === unitOf(values.dataType)) {
            form.setFieldValue('dataUnit', unitOf(dataType ?? ''));
          }
          typeProps.onChange(dataType ?? '');
        }}
      />
      <TextInput label={t('Unit')} description={t('Empty: the unit of the data type')} {...inputProps('dataUnit')} />
      <Select label={t('Space')} data={spaceOptions} allowDeselect={false} {...inputProps('spaceId')} />
    </SimpleGrid>
  );
}

function SeriesEditForm({ serie, onDone }: { serie: SeriesEditSerie; onDone: () => void }) {
  const { t } = useTranslation();
  // No refetch: the page groups series by their cached spaceId, which the answer updates.
  const [updateSeries, { loading }] = useMutation(UpdateSeriesDocument);
  const { form, inputProps, generalError, onSave } = useSchemaForm<SeriesValues>({
    initialValues: {
      name: serie.name,
      dataType: serie.dataType,
      dataUnit: serie.dataUnit ?? '',
      spaceId: serie.spaceId === null ? '' : String(serie.spaceId),
    },
    schema: updateSeriesSchema(serie.id),
  });
  useDirtyForm(`series-${serie.id}`, form.isDirty());

  const submit = onSave(
    (values) => {
      const input = updateSeriesInput.parse(updateSeriesValues(serie.id, values));
      const dataType = input.dataType ?? serie.dataType;
      return updateSeries({
        variables: {
          input: {
            id: input.id,
            name: input.name,
            dataType,
            dataUnit: input.dataUnit ?? unitOf(dataType),
            spaceId: input.spaceId ?? null,
          },
        },
      });
    },
    () => {
      toast.success(t('Saved.'));
      onDone();
    },
  );

  return (
    <FormStack onSubmit={submit} label={t('Edit series {{name}}', { name: serie.name })} error={generalError}>
      <SeriesFields form={form} inputProps={inputProps} />
      <FormButtons size="xs" loading={loading} onCancel={onDone} />
    </FormStack>
  );
}

function RangeEnd({ time, inclusive, open }: { time: string | null; inclusive: boolean; open: string }) {
  const { t } = useTranslation();
  // The project's wall clock: the edit pages are inside its DisplayTimeZone (ProjectLayout).
  const formatTime = useFormatDateTime('minute');
  if (!time) return <Text size="sm">{open}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{formatTime(time)}</Text>
      <Text size="xs" c="dimmed">
        {inclusive ? t('included') : t('not included')}
      </Text>
    </Stack>
  );
}

function DatasourceRow({ datasource, dataType }: { datasource: SeriesEditDatasource; dataType: string }) {
  const { t, i18n } = useTranslation();
  const { project, selected, setSelected } = useSeriesEdit();
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState(false);
  const [deleteDatasource, deleting] = useMutation(DeleteSeriesDatasourceDocument, refetchSeries(project.id));
  const meter = datasource.meter;
  const meterName = meter ? meterLabel(meter) : t('Meter {{id}}', { id: datasource.meterId });
  // A channel fed straight into the series measures the series' type: named by it, in the viewer's language.
  const channelName = datasourceChannelLabel(
    datasource.channel,
    { dataType, direct: !datasource.datasourceFunctionId },
    i18n.language,
  );
  const label = `${meterName} / ${channelName}`;

  const remove = () => {
    confirmed(
      t('Delete the datasource {{name}}? The values it gave the series are removed.', { name: label }),
      () => {
        setSelected(datasource.id, false);
        return deleteDatasource({ variables: { id: datasource.id } });
      },
      t('Datasource deleted.'),
    );
  };

  return (
    <>
      <Table.Tr data-testid="series-datasource">
        <Table.Td>
          <Checkbox
            aria-label={t('Select {{name}} for moving', { name: label })}
            checked={selected.has(datasource.id)}
            onChange={(event) => setSelected(datasource.id, event.currentTarget.checked)}
          />
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/meters/${datasource.meterId}`}>
            {meterName}
          </Anchor>
          {meter?.driver && (
            <Text size="xs" c="dimmed">
              {t('Driver: {{driver}}', { driver: meter.driver })}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {channelName}
          {datasource.type === 'function' && datasource.datasourceFunctionName && (
            <Text size="xs" c="dimmed">
              {t('{{function}} with {{channels}}', {
                function: t(datasource.datasourceFunctionName),
                channels: datasource.extraChannels.map(humanizeChannelKey).join(', '),
              })}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <RangeEnd time={datasource.startAt} inclusive={datasource.startInclusive} open={t('From the beginning')} />
        </Table.Td>
        <Table.Td>
          <Group gap={4}>
            <RangeEnd time={datasource.endAt} inclusive={datasource.endInclusive} open={t('No end')} />
            {datasource.ended && (
              <Badge size="xs" color="gray" variant="light">
                {t('Ended')}
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <EditDeleteButtons
              name={label}
              onEdit={() => setEditing(true)}
              onDelete={remove}
              editDisabled={editing}
              deleting={deleting.loading}
            />
          </Group>
        </Table.Td>
      </Table.Tr>
      {editing && (
        <Table.Tr>
          <Table.Td colSpan={6}>
            <DatasourceEditForm datasource={datasource} onDone={() => setEditing(false)} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** One series with its datasources, and the forms that change them. */
export function SeriesItem({ serie }: { serie: SeriesEditSerie }) {
  const { t } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const unitText = useUnitLabel();
  const { project } = useSeriesEdit();
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleteSeries, deleting] = useMutation(DeleteSeriesDocument, refetchSeries(project.id));

  const remove = () => {
    confirmed(
      t('Delete the series {{name}}? Its datasources and stored values are deleted too.', {
        name: serie.name,
      }),
      () => deleteSeries({ variables: { id: serie.id } }),
      t('Series deleted.'),
    );
  };

  return (
    <Paper withBorder p="sm" data-testid="series-item" aria-label={serie.name} component="article">
      <Stack gap="xs">
        {editing ? (
          <SeriesEditForm serie={serie} onDone={() => setEditing(false)} />
        ) : (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="xs">
              <Text fw={500}>{serie.name}</Text>
              <Badge variant="light">{typeLabel(serie.dataType)}</Badge>
              {serie.dataUnit && (
                <Text size="sm" c="dimmed">
                  {unitText(serie.dataUnit)}
                </Text>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <EditDeleteButtons
                name={serie.name}
                onEdit={() => setEditing(true)}
                onDelete={remove}
                deleting={deleting.loading}
              />
            </Group>
          </Group>
        )}
        {serie.seriesDatasources.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('No datasources: nothing feeds this series.')}
          </Text>
        ) : (
          <ResponsiveTable
            minWidth={640}
            verticalSpacing={4}
            aria-label={t('Datasources of {{name}}', { name: serie.name })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>{t('Move')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('Meter')}</Table.Th>
                <Table.Th>{t('Channel')}</Table.Th>
                <Table.Th>{t('Start')}</Table.Th>
                <Table.Th>{t('End')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {serie.seriesDatasources.map((datasource) => (
                <DatasourceRow key={datasource.id} datasource={datasource} dataType={serie.dataType} />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {adding ? (
          <Paper withBorder p="sm">
            <NewDatasourceForm serie={serie} onDone={() => setAdding(false)} />
          </Paper>
        ) : (
          <Group>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setAdding(true)}
              aria-label={t('Add a datasource to {{name}}', { name: serie.name })}
            >
              {t('Add datasource')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
