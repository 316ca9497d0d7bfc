import { useMutation } from '@apollo/client/react';
import {
  Button,
  ColorInput,
  Grid,
  Group,
  Modal,
  NumberInput,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createLimitInput, limitBounds, unitLabel } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { CreateManagedLimitDocument, UpdateManagedLimitDocument } from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { RemoveIcon } from '../ui/DeleteButton.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { RequiredSelect } from '../ui/RequiredSelect.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { LimitPreview } from './LimitPreview.tsx';
import {
  type EditedLimit,
  type LimitFormValues,
  limitDataTypes,
  limitFormSchema,
  limitFormValues,
  limitInputOf,
  newLimitValues,
  nextEdge,
  previewScale,
  unitOf,
} from './limitForm.ts';
import { useDisplayName } from './useDisplayName.ts';

export const refetchLimits = ['ManagedGlobalLimits', 'ManagedOrganizationLimits'];

/**
 * The limit editor in a modal (full screen on a phone): name, type, order, the scale and its bands as rows (edge and
 * colour; the top band's colour last), the normal range, split and opacity, with a live preview beside the fields.
 * Checked with the shared `createLimitInput` before anything is sent; the server's refusals land on their fields.
 */
export function LimitEditor({
  organizationId,
  limit,
  nextOrder,
  onClose,
}: {
  organizationId: string | null;
  /** The limit edited; none for a new one. */
  limit?: EditedLimit;
  nextOrder: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const nameOf = useDisplayName();
  const phone = useMediaQuery('(max-width: 48em)');
  const [createLimit, creating] = useMutation(CreateManagedLimitDocument, { refetchQueries: refetchLimits });
  const [updateLimit, updating] = useMutation(UpdateManagedLimitDocument, { refetchQueries: refetchLimits });
  const { form, inputProps, generalError, onSave } = useSchemaForm<LimitFormValues>({
    initialValues: limit ? { ...limitFormValues(limit), name: nameOf(limit) } : newLimitValues(nextOrder),
    schema: limitFormSchema,
  });
  useDirtyForm(limit ? `limit-${limit.id}` : 'new-limit', form.isDirty());
  const values = form.getValues();
  const unit = unitLabel(unitOf(values.dataType), i18n.language);
  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the values; a new scale redraws the graph.
  const scale = useMemo(() => previewScale(values), [valuesKey]);

  /** Props of a field inside the bands (`limits.2`), its error translated as `inputProps` does. */
  const rowProps = (path: string) => {
    const props = form.getInputProps(path);
    const error = props.error ? t(String(props.error)) : undefined;
    return { ...props, error, 'aria-invalid': error ? true : undefined };
  };

  const addBand = () => {
    const edge = nextEdge(values);
    form.insertListItem('limits', edge);
    form.insertListItem('colors', values.maxcolor);
  };
  const removeBand = (index: number) => {
    form.removeListItem('limits', index);
    form.removeListItem('colors', index);
  };

  const submit = onSave(
    async (formValues) => {
      const { organizationId: _owner, ...fields } = createLimitInput.parse(limitInputOf(formValues));
      if (limit) await updateLimit({ variables: { input: { id: limit.id, ...fields } } });
      else await createLimit({ variables: { input: { ...fields, organizationId } } });
    },
    () => {
      toast.success(limit ? t('Saved.') : t('Limit added.'));
      onClose();
    },
  );

  const title = limit ? t('Edit limit {{name}}', { name: nameOf(limit) }) : t('New limit');
  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={phone} closeOnClickOutside={false}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FormStack onSubmit={submit} label={title} error={generalError} gap="sm" testId="limit-form">
            <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
            <Group grow align="flex-start" wrap="wrap">
              <RequiredSelect
                label={t('Measurement type')}
                data={limitDataTypes.map((type) => ({ value: type, label: typeLabel(type) }))}
                field={inputProps('dataType')}
              />
              <NumberInput label={t('Order')} withAsterisk allowDecimal={false} maw={140} {...inputProps('order')} />
            </Group>
            <Group grow align="flex-start">
              <NumberInput
                label={unit ? `${t('Minimum')} (${unit})` : t('Minimum')}
                withAsterisk
                {...inputProps('min')}
              />
              <NumberInput
                label={unit ? `${t('Maximum')} (${unit})` : t('Maximum')}
                withAsterisk
                {...inputProps('max')}
              />
            </Group>
            <Stack gap={6} role="group" aria-label={t('Bands')} data-testid="limit-bands">
              <Text fw={500} size="sm">
                {t('Bands')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('Each band runs up to its edge; the last colour is for values above the last edge.')}
              </Text>
              {values.limits.map((_edge, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a band is its position on the scale.
                <Group key={index} align="flex-start" gap="xs" wrap="nowrap" data-testid="limit-band">
                  <NumberInput
                    label={t('Band {{number}} ends at', { number: index + 1 })}
                    withAsterisk
                    style={{ flex: 1 }}
                    {...rowProps(`limits.${index}`)}
                  />
                  <ColorInput
                    label={t('Colour of band {{number}}', { number: index + 1 })}
                    format="hex"
                    withAsterisk
                    style={{ flex: 1 }}
                    {...rowProps(`colors.${index}`)}
                  />
                  <RemoveIcon
                    label={t('Remove band {{number}}', { number: index + 1 })}
                    onClick={() => removeBand(index)}
                    mt={26}
                    size="lg"
                  />
                </Group>
              ))}
              <ColorInput
                label={t('Colour above the last edge')}
                format="hex"
                withAsterisk
                {...inputProps('maxcolor')}
              />
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={addBand}
                  disabled={values.limits.length >= limitBounds.edgesMax}
                >
                  {t('Add band')}
                </Button>
              </Group>
              {typeof form.errors.limits === 'string' && (
                <Text size="xs" c="red" role="alert">
                  {t(form.errors.limits)}
                </Text>
              )}
            </Stack>
            <Group grow align="flex-start">
              <NumberInput
                label={t('Normal range from')}
                description={t('Empty: no lower bound')}
                {...inputProps('normalMin')}
              />
              <NumberInput
                label={t('Normal range to')}
                description={t('Empty: no upper bound')}
                {...inputProps('normalMax')}
              />
            </Group>
            <Switch label={t('Show the bands on gauges')} {...form.getInputProps('split', { type: 'checkbox' })} />
            <Stack gap={4}>
              <Text size="sm" id="limit-opacity-label">
                {t('Opacity of the bands behind graphs: {{percent}} %', { percent: Math.round(values.opacity * 100) })}
              </Text>
              <Slider
                aria-labelledby="limit-opacity-label"
                min={0}
                max={1}
                step={0.05}
                label={(value) => `${Math.round(value * 100)} %`}
                {...form.getInputProps('opacity')}
              />
            </Stack>
            <FormButtons loading={creating.loading || updating.loading} onCancel={onClose} />
          </FormStack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <LimitPreview scale={scale} dataType={values.dataType} />
        </Grid.Col>
      </Grid>
    </Modal>
  );
}
