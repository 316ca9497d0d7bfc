import { useMutation, useQuery } from '@apollo/client/react';
import { List, Select, SimpleGrid, Text } from '@mantine/core';
import { isMeasurementType, isRoomMeasurement } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ProjectAddMeterDocument, SeriesEditDocument, SeriesEditNewMetersDocument } from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { RequiredSelect } from '../ui/RequiredSelect.tsx';
import { useChannelLabel } from '../ui/useMeasurementLabel.ts';
import { useMeterChannels, useMeterOptions } from './DatasourceForms.tsx';
import { useSpaceOptions } from './SeriesItem.tsx';
import { useSeriesEdit } from './seriesEditContext.ts';
import { type AddMeterValues, addMeterSchema, addMeterValues } from './seriesEditSchemas.ts';

/** The meter choice: new meters (in no project yet, decision 0150) first, under their own heading. */
function useGroupedMeterOptions() {
  const { t } = useTranslation();
  const options = useMeterOptions();
  const newIds = new Set(
    (useQuery(SeriesEditNewMetersDocument, { fetchPolicy: 'cache-and-network' }).data?.meters ?? []).map((meter) =>
      String(meter.id),
    ),
  );
  const fresh = options.filter((option) => newIds.has(option.value));
  if (fresh.length === 0) return options;
  return [
    { group: t('New meters'), items: fresh },
    { group: t('Other meters'), items: options.filter((option) => !newIds.has(option.value)) },
  ];
}

/**
 * Adds a meter to a space: a series of each channel that measures the room, its battery and radio left on the meter's
 * own page (decision 0151). `?meter=<id>` chooses the meter, as the meters page's new meters link here.
 */
export function AddMeterForm() {
  const { t } = useTranslation();
  const { project, meterById } = useSeriesEdit();
  const [searchParams] = useSearchParams();
  const meterOptions = useGroupedMeterOptions();
  const spaceOptions = useSpaceOptions();
  const [addMeter, { loading }] = useMutation(ProjectAddMeterDocument, {
    refetchQueries: [{ query: SeriesEditDocument, variables: { id: project.id } }, SeriesEditNewMetersDocument],
    awaitRefetchQueries: true,
  });
  const linked = Number(searchParams.get('meter'));
  const { form, inputProps, generalError, onSave } = useSchemaForm<AddMeterValues>({
    initialValues: {
      meterId: meterById.has(linked) ? String(linked) : '',
      spaceId: project.spaces[0] ? String(project.spaces[0].id) : '',
    },
    schema: addMeterSchema,
  });
  useDirtyForm('add-meter', form.isDirty());
  // The linked meter is chosen once the meters have loaded.
  const linkedKnown = meterById.has(linked);
  useEffect(() => {
    if (!linkedKnown || form.getValues().meterId) return;
    const values = { ...form.getValues(), meterId: String(linked) };
    form.setInitialValues(values);
    form.setValues(values);
  }, [linkedKnown, linked, form]);
  const { channels, known } = useMeterChannels(form.getValues().meterId);
  const channelLabel = useChannelLabel();
  const measured = Object.entries(channels).filter(
    ([, channel]) => isMeasurementType(channel.type) && isRoomMeasurement(String(channel.type)),
  );

  const submit = onSave(
    async (values) => {
      const { meterId, spaceId } = addMeterValues(values);
      const { data } = await addMeter({ variables: { projectId: project.id, meterId, spaceId } });
      return data?.projectAddMeter.length ?? 0;
    },
    (count) => toast.success(t('Series added: {{number}}.', { number: count })),
    'reset',
  );

  return (
    <FormStack onSubmit={submit} label={t('Add meter')} error={generalError} testId="add-meter-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RequiredSelect label={t('Meter')} data={meterOptions} field={inputProps('meterId')} />
        <Select label={t('Space')} data={spaceOptions} allowDeselect={false} {...inputProps('spaceId')} />
      </SimpleGrid>
      {known && measured.length === 0 && (
        <Text size="sm" c="orange">
          {t('The meter has sent no readings with known channels yet, so no series can be made of it.')}
        </Text>
      )}
      {measured.length > 0 && (
        <div>
          <Text size="sm">
            {t(
              'A series is made for each of these channels, showing the latest reading at once and fed from then on. Battery and radio stay on the meter page:',
            )}
          </Text>
          <List size="sm" data-testid="add-meter-channels">
            {measured.map(([name, channel]) => (
              <List.Item key={name}>
                {channelLabel(
                  { name, type: String(channel.type) },
                  measured.map(([other, { type }]) => ({ name: other, type: String(type) })),
                )}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <FormButtons loading={loading} submitLabel={t('Add meter')} />
    </FormStack>
  );
}
