import { useMutation, useQuery } from '@apollo/client/react';
import { Autocomplete, NativeSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { updateMeterInput } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  MeterDriversDocument,
  MeterFormSuggestionsDocument,
  type MeterPageFieldsFragment,
  UpdateMeterDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { type MeterMetaEntry, MeterMetaFields, metaEntriesOf } from './MeterMetaFields.tsx';

type EditValues = {
  id: number;
  name: string;
  description: string;
  location: string;
  /** Empty: no driver, readings are kept raw. */
  driver: string;
  active: boolean;
  meta: MeterMetaEntry[];
};

function valuesOf(meter: MeterPageFieldsFragment): EditValues {
  return {
    id: meter.id,
    name: meter.name ?? '',
    description: meter.description ?? '',
    location: meter.location ?? '',
    driver: meter.driver ?? '',
    active: meter.active,
    meta: metaEntriesOf(meter.meta),
  };
}

/** Name, description, location, meta, driver and the active flag of a meter; its administrators only. */
export function MeterEditForm({ meter }: { meter: MeterPageFieldsFragment }) {
  const { t } = useTranslation();
  const drivers = useQuery(MeterDriversDocument);
  const suggestions = useQuery(MeterFormSuggestionsDocument);
  const [updateMeter, { loading }] = useMutation(UpdateMeterDocument);
  const { form, inputProps, generalError, onSave, startFrom } = useSchemaForm<EditValues>({
    initialValues: valuesOf(meter),
    schema: updateMeterInput,
  });
  const dirty = form.isDirty();
  useDirtyForm('edit-meter', dirty);

  const driverOptions = useMemo(() => {
    const known = (drivers.data?.drivers ?? []).map((driver) => ({
      value: driver.id,
      label: `${driver.vendor}: ${driver.models.join(', ')}`,
    }));
    // A driver the server no longer knows still shows as what the meter has.
    const current = meter.driver && !known.some((option) => option.value === meter.driver);
    return [
      { value: '', label: t('No driver') },
      ...(current && meter.driver ? [{ value: meter.driver, label: meter.driver }] : []),
      ...known,
    ];
  }, [drivers.data, meter.driver, t]);

  const submit = onSave(
    async (values) => {
      const input = updateMeterInput.parse(values);
      const { data } = await updateMeter({
        variables: {
          id: input.id,
          name: input.name ?? null,
          description: input.description ?? null,
          location: input.location ?? null,
          driver: input.driver || null,
          active: input.active ?? meter.active,
          // Only a changed meta is sent, so that values that are not text stay as they are.
          meta: form.isDirty('meta') ? values.meta.map((entry) => ({ key: entry.key, value: entry.value })) : null,
        },
      });
      return data?.updateMeter;
    },
    (saved) => {
      if (saved) startFrom(valuesOf(saved));
      toast.success(t('Saved.'));
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('Edit meter')} data-testid="edit-meter-form">
      <Stack>
        <FormError message={generalError} />
        <TextInput label={t('Name')} {...inputProps('name')} />
        <Textarea label={t('Description')} rows={3} {...inputProps('description')} />
        <Autocomplete
          label={t('Location')}
          description={t("Suggested from your other meters' locations")}
          data={suggestions.data?.meterLocations ?? []}
          {...inputProps('location')}
        />
        <MeterMetaFields form={form} suggestions={suggestions.data?.meterMeta ?? []} />
        <NativeSelect
          label={t('Driver')}
          description={t('Decodes the payloads. Readings kept raw are decoded when a driver is set.')}
          data={driverOptions}
          {...inputProps('driver')}
        />
        <Switch
          label={t('Active')}
          description={t('An inactive meter is left out of the health checks.')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormButtons loading={loading} disabled={!dirty} />
      </Stack>
    </form>
  );
}
