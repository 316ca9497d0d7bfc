import { useMutation } from '@apollo/client/react';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  DeleteMeterDataDocument,
  MeterFromStorageDocument,
  type MeterStateFieldsFragment,
  MeterToStorageDocument,
  ReleaseMeterDocument,
  ResetMeterBatteryDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useShowError } from '../forms/useShowError.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DateTimeField } from '../ui/DateField.tsx';
import { Section } from '../ui/Section.tsx';
import { useDisplayZone, useFormatDateTime } from '../ui/timeZone.tsx';
import { fromLocalInput } from './calibrationValues.ts';

/** The name a confirmation uses for the meter. */
export function meterLabel(meter: { name: string | null; serial: string }): string {
  return meter.name || meter.serial;
}

function DeleteDataForm({ meter }: { meter: MeterStateFieldsFragment }) {
  const { t } = useTranslation();
  // The range is read on the page's wall clock (the meter's project's), as the page shows the readings' times.
  const { zone } = useDisplayZone();
  const formatTime = useFormatDateTime();
  const fromInput = (value: string) => fromLocalInput(value, zone);
  const ask = useConfirm();
  const showError = useShowError();
  const [deleteData, { loading }] = useMutation(DeleteMeterDataDocument);
  const form = useForm({
    mode: 'controlled',
    initialValues: { from: '', to: '' },
    validate: {
      from: (value) => (fromInput(value) ? null : t('Required')),
      to: (value, values) => {
        const to = fromInput(value);
        if (!to) return t('Required');
        const from = fromInput(values.from);
        return from && to < from ? t('The end is before the start') : null;
      },
    },
  });
  useDirtyForm('delete-meter-data', form.isDirty());

  const submit = form.onSubmit(async (values) => {
    const from = fromInput(values.from) as Date;
    const to = fromInput(values.to) as Date;
    const question = t('Delete the readings of {{name}} from {{from}} to {{to}}? This cannot be undone.', {
      name: meterLabel(meter),
      from: formatTime(from.toISOString()),
      to: formatTime(to.toISOString()),
    });
    if (!(await ask(question))) return;
    try {
      const { data } = await deleteData({
        variables: { id: meter.id, from: from.toISOString(), to: to.toISOString() },
        refetchQueries: ['MeterReadings'],
      });
      toast.success(t('Deleted {{number}} readings.', { number: data?.deleteMeterData ?? 0 }));
      form.reset();
    } catch (error) {
      showError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Delete readings')}>
      <Stack gap="xs">
        <Text size="sm">{t('Deletes the stored readings of the range; the series they fed are recomputed.')}</Text>
        <Group align="flex-start">
          <DateTimeField label={t('From')} {...form.getInputProps('from')} />
          <DateTimeField label={t('To')} {...form.getInputProps('to')} />
        </Group>
        <Group>
          <Button type="submit" color="red" variant="outline" loading={loading}>
            {t('Delete readings')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Storage and battery reset; the meter's administrators only. Release and deletion are in MeterDangerZone. */
export function MeterActionsSection({ meter }: { meter: MeterStateFieldsFragment }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [toStorage, toStorageState] = useMutation(MeterToStorageDocument);
  const [fromStorage, fromStorageState] = useMutation(MeterFromStorageDocument);
  const [resetBattery, resetBatteryState] = useMutation(ResetMeterBatteryDocument);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="meter-actions" title={t('Meter actions')}>
      <Group>
        {meter.inStorage ? (
          <Button
            variant="light"
            loading={fromStorageState.loading}
            disabled={busy}
            onClick={() =>
              void run(() => fromStorage({ variables: { id: meter.id } }), t('The meter was taken out of storage.'))
            }
          >
            {t('From storage')}
          </Button>
        ) : (
          <Button
            variant="light"
            loading={toStorageState.loading}
            disabled={busy}
            onClick={() =>
              void run(() => toStorage({ variables: { id: meter.id } }), t('The meter was put in storage.'))
            }
          >
            {t('To storage')}
          </Button>
        )}
        <Button
          variant="light"
          loading={resetBatteryState.loading}
          disabled={busy}
          onClick={() => void run(() => resetBattery({ variables: { id: meter.id } }), t('The battery was reset.'))}
        >
          {t('Reset battery')}
        </Button>
      </Group>
    </Section>
  );
}

/**
 * What cannot be undone, apart at the end of the settings (decision 0093): releasing the meter and deleting its
 * readings; the meter's administrators only.
 */
export function MeterDangerZone({ meter }: { meter: MeterStateFieldsFragment }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const navigate = useNavigate();
  const showError = useShowError();
  const markSaved = useDirtyForm('meter-actions', false);
  const [releaseMeter, releaseState] = useMutation(ReleaseMeterDocument);

  const release = async () => {
    if (
      !(await ask(
        t('Release {{name}}? It stops feeding its projects and leaves the organization.', { name: meterLabel(meter) }),
      ))
    ) {
      return;
    }
    try {
      await releaseMeter({
        variables: { id: meter.id },
        update: (cache) => {
          cache.evict({ fieldName: 'meters' });
          cache.gc();
        },
      });
    } catch (error) {
      showError(error);
      return;
    }
    toast.success(t('{{name}} was released.', { name: meterLabel(meter) }));
    markSaved();
    navigate('/meters', { replace: true });
  };

  return (
    <Section
      id="meter-danger-zone"
      title={t('Danger zone')}
      description={t('These actions cannot be undone.')}
      testId="meter-danger-zone"
    >
      <Stack gap="xs">
        <Text size="sm">{t('Releasing the meter stops it feeding its projects; it leaves the organization.')}</Text>
        <Group>
          <Button color="red" variant="outline" loading={releaseState.loading} onClick={() => void release()}>
            {t('Release meter')}
          </Button>
        </Group>
      </Stack>
      <Divider />
      <DeleteDataForm meter={meter} />
    </Section>
  );
}
