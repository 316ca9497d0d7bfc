import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { Autocomplete, Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { createSeriesDatasourceInput, formatMeasurement, unitLabel, updateSeriesDatasourceInput } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateSeriesDatasourceDocument,
  SeriesEditDatasourceFunctionsDocument,
  SeriesEditMeterChannelsDocument,
  UpdateSeriesDatasourceDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { toDateTimeInput } from '../project-edit/dateTimeInput.ts';
import { DateTimeField } from '../ui/DateField.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { RequiredSelect, selectProps } from '../ui/RequiredSelect.tsx';
import { useChannelLabel, useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import {
  meterLabel,
  refetchSeries,
  type SeriesEditDatasource,
  type SeriesEditSerie,
  useSeriesEdit,
} from './seriesEditContext.ts';
import {
  createDatasourceSchema,
  createDatasourceValues,
  type DatasourceValues,
  type RangeValues,
  updateDatasourceSchema,
  updateDatasourceValues,
} from './seriesEditSchemas.ts';

type Channel = { value?: unknown; type?: unknown; unit?: unknown };

/** The meters the viewer sees, as select options. */
export function useMeterOptions() {
  const { meters } = useSeriesEdit();
  return useMemo(() => meters.map((meter) => ({ value: String(meter.id), label: meterLabel(meter) })), [meters]);
}

/** Channels of the meter's latest reading: what it can feed. */
export function useMeterChannels(meterId: string) {
  const { data, loading } = useQuery(
    SeriesEditMeterChannelsDocument,
    meterId ? { variables: { id: Number(meterId) } } : skipToken,
  );
  // Apollo keeps the last answer while skipped: a cleared choice has no channels.
  const answer = meterId ? data : undefined;
  const channels = (answer?.meter.latest?.data ?? {}) as Record<string, Channel>;
  return { channels, loading: loading && !answer, known: Boolean(answer) };
}

/** A channel of the meter as an option reads: its measurement and latest value, "Lämpötila (21,4 °C)" (decision 0092). */
function useChannelOptionLabel(channels: Record<string, Channel>): (name: string) => string {
  const { i18n } = useTranslation();
  const channelLabel = useChannelLabel();
  const named = Object.entries(channels).map(([name, channel]) => ({
    name,
    type: typeof channel.type === 'string' ? channel.type : '',
  }));
  return (name) => {
    const channel = channels[name] ?? {};
    const type = typeof channel.type === 'string' ? channel.type : '';
    const label = channelLabel({ name, type }, named);
    if (channel.value === undefined) return label;
    const unit = typeof channel.unit === 'string' ? unitLabel(channel.unit, i18n.language) : '';
    return `${label} (${`${formatMeasurement(channel.value, type, i18n.language)} ${unit}`.trim()})`;
  };
}

function RangeFields({
  inputProps,
  checkboxProps,
}: {
  inputProps: (path: 'startAt' | 'endAt') => object;
  checkboxProps: (path: 'startInclusive' | 'endInclusive') => object;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Stack gap={4}>
        <DateTimeField
          label={t('Start')}
          description={t('In the project time zone; empty: from the beginning')}
          {...inputProps('startAt')}
        />
        <Checkbox label={t('The start time is included')} {...checkboxProps('startInclusive')} />
      </Stack>
      <Stack gap={4}>
        <DateTimeField
          label={t('End')}
          description={t('In the project time zone; empty: no end')}
          {...inputProps('endAt')}
        />
        <Checkbox label={t('The end time is included')} {...checkboxProps('endInclusive')} />
      </Stack>
    </SimpleGrid>
  );
}

/** Feeds the series from a channel of a meter, over a time range. */
export function NewDatasourceForm({ serie, onDone }: { serie: SeriesEditSerie; onDone: () => void }) {
  const { t } = useTranslation();
  const measurementLabel = useMeasurementLabel();
  const { project } = useSeriesEdit();
  const meterOptions = useMeterOptions();
  const [createDatasource, { loading }] = useMutation(CreateSeriesDatasourceDocument, refetchSeries(project.id));
  const { form, inputProps, generalError, onSave } = useSchemaForm<DatasourceValues>({
    initialValues: {
      meterId: '',
      channel: '',
      functionId: '',
      extraChannels: [],
      startAt: toDateTimeInput(new Date().toISOString(), project.timeZone),
      startInclusive: true,
      endAt: '',
      endInclusive: false,
    },
    schema: createDatasourceSchema(serie.id, project.timeZone),
  });
  useDirtyForm(`new-datasource-${serie.id}`, form.isDirty());
  const meterId = form.getValues().meterId;
  const { channels, known } = useMeterChannels(meterId);
  const channelLabel = useChannelOptionLabel(channels);
  const channelOptions = Object.keys(channels).map((name) => ({ value: name, label: channelLabel(name) }));
  const functions = useQuery(SeriesEditDatasourceFunctionsDocument).data?.datasourceFunctions ?? [];
  const channelType = channels[form.getValues().channel]?.type;
  // Functions that take this channel's quantity (all while its type is not known).
  const functionOptions = functions
    .filter((fn) => channelType === undefined || fn.requiredDataType === channelType)
    .map((fn) => ({ value: fn.id, label: t(fn.name) }));
  const chosenFunction = functions.find((fn) => fn.id === form.getValues().functionId);

  const submit = onSave(
    (values) => {
      const input = createSeriesDatasourceInput.parse(createDatasourceValues(serie.id, values, project.timeZone));
      return createDatasource({
        variables: {
          input: {
            seriesId: input.seriesId,
            meterId: input.meterId,
            channel: input.channel,
            startAt: input.startAt?.toISOString() ?? null,
            startInclusive: input.startInclusive,
            endAt: input.endAt?.toISOString() ?? null,
            endInclusive: input.endInclusive,
            datasourceFunctionId: input.functionId ?? null,
            extraChannels: input.extraChannels ?? [],
          },
        },
      });
    },
    () => {
      toast.success(t('Datasource added.'));
      onDone();
    },
  );

  return (
    <FormStack onSubmit={submit} label={t('New datasource for {{name}}', { name: serie.name })} error={generalError}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RequiredSelect label={t('Meter')} data={meterOptions} field={inputProps('meterId')} />
        <Autocomplete
          label={t('Channel')}
          withAsterisk
          data={channelOptions.map((option) => option.value)}
          renderOption={({ option }) => channelLabel(option.value)}
          description={
            meterId && known && channelOptions.length === 0
              ? t('The meter has sent no readings yet: type the channel name.')
              : undefined
          }
          {...inputProps('channel')}
        />
      </SimpleGrid>
      {functionOptions.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('Function')}
            description={t('Feed the series a quantity computed from this channel and others of the meter')}
            placeholder={t('None: the channel as it is')}
            clearable
            data={functionOptions}
            {...selectProps(inputProps('functionId'))}
          />
          {chosenFunction?.extra.map((type, index) => (
            <Select
              key={type}
              label={t('{{quantity}} channel', { quantity: measurementLabel(type) })}
              withAsterisk
              data={channelOptions.filter((option) => channels[option.value]?.type === type)}
              {...selectProps(inputProps(`extraChannels.${index}` as 'channel'))}
            />
          ))}
        </SimpleGrid>
      )}
      <RangeFields inputProps={inputProps} checkboxProps={(path) => form.getInputProps(path, { type: 'checkbox' })} />
      <FormButtons size="xs" loading={loading} submitLabel={t('Add datasource')} onCancel={onDone} />
    </FormStack>
  );
}

/** Changes the time range of a datasource; its meter and channel stay. */
export function DatasourceEditForm({ datasource, onDone }: { datasource: SeriesEditDatasource; onDone: () => void }) {
  const { t } = useTranslation();
  const { project } = useSeriesEdit();
  const [updateDatasource, { loading }] = useMutation(UpdateSeriesDatasourceDocument);
  const { form, inputProps, generalError, onSave } = useSchemaForm<RangeValues>({
    initialValues: {
      startAt: toDateTimeInput(datasource.startAt, project.timeZone),
      startInclusive: datasource.startInclusive,
      endAt: toDateTimeInput(datasource.endAt, project.timeZone),
      endInclusive: datasource.endInclusive,
    },
    schema: updateDatasourceSchema(datasource.id, project.timeZone),
  });
  useDirtyForm(`datasource-${datasource.id}`, form.isDirty());

  const submit = onSave(
    (values) => {
      const input = updateSeriesDatasourceInput.parse(updateDatasourceValues(datasource.id, values, project.timeZone));
      // Unchanged times are left alone: the inputs show whole minutes, the stored times may have seconds.
      const times = {
        ...(form.isDirty('startAt') ? { startAt: input.startAt?.toISOString() ?? null } : {}),
        ...(form.isDirty('endAt') ? { endAt: input.endAt?.toISOString() ?? null } : {}),
      };
      return updateDatasource({
        variables: {
          input: {
            id: input.id,
            ...times,
            startInclusive: input.startInclusive,
            endInclusive: input.endInclusive,
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
    <FormStack
      onSubmit={submit}
      label={t('Edit datasource {{channel}}', { channel: datasource.channel })}
      error={generalError}
    >
      <Text size="sm" c="dimmed">
        {t('Values of the changed range are computed again from the stored readings.')}
      </Text>
      <RangeFields inputProps={inputProps} checkboxProps={(path) => form.getInputProps(path, { type: 'checkbox' })} />
      <FormButtons size="xs" loading={loading} onCancel={onDone} />
    </FormStack>
  );
}
