import { useMutation } from '@apollo/client/react';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { formatMeasurement } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateMeterCalibrationDocument,
  CreateMeterConversionDocument,
  type MeterCalibrationFieldsFragment,
  MeterCalibrationsDocument,
  type MeterConversionFieldsFragment,
  TestMeterCalibrationDocument,
  type TestMeterCalibrationMutation,
  UpdateMeterCalibrationDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { DateTimeField } from '../ui/DateField.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useDisplayZone, useFormatDateTime } from '../ui/timeZone.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { useNow } from '../ui/useNow.ts';
import {
  type CalibrationValues,
  type ConversionValues,
  calibrationUpdate,
  conversionInput,
  conversionSchema,
  conversionTargets,
  editCalibrationSchema,
  fromLocalInput,
  newCalibrationSchema,
  recomputes,
  toLocalInput,
  typedExpressionProblem,
} from './calibrationValues.ts';

/** Every change shows the meter's conversions and calibrations as the server now has them (it may have ended others). */
export function refetchCalibrations(meterId: number) {
  return {
    refetchQueries: [{ query: MeterCalibrationsDocument, variables: { id: meterId } }],
    awaitRefetchQueries: true,
  };
}

type ExpressionProps = GetInputPropsReturnType & { error?: string };

/** The expression field, which reports a typo as it is typed: the shared evaluator runs here as on the server. */
function ExpressionInput({ props, label }: { props: ExpressionProps; label: string }) {
  const { t } = useTranslation();
  const typed = typeof props.value === 'string' ? typedExpressionProblem(props.value) : null;
  const error = props.error ?? (typed ? t(typed) : undefined);
  return (
    <TextInput
      label={label}
      description={t(
        'Arithmetic on the value x: numbers, + - * / % ^, parentheses and abs, sqrt, exp, ln, log10, round, floor, ceil, min, max, pow.',
      )}
      placeholder="x + 0.5"
      required
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontFamily: 'monospace' } }}
      {...props}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}

/** Sets the channel's conversion, or replaces the one it has. */
export function ConversionForm({
  meterId,
  channel,
  label,
  conversion,
  onDone,
}: {
  meterId: number;
  /** The channel's key, which the server knows it by. */
  channel: string;
  /** What the screen calls the channel (useChannelLabel): the form's name for screen readers. */
  label: string;
  conversion: MeterConversionFieldsFragment | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const measurementLabel = useMeasurementLabel();
  const [createConversion, { loading }] = useMutation(CreateMeterConversionDocument, refetchCalibrations(meterId));
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm<ConversionValues>({
    initialValues: {
      expression: conversion?.expression ?? '',
      name: conversion?.name ?? '',
      target: conversion?.target ?? '',
    },
    schema: conversionSchema(meterId, channel),
  });
  const dirty = form.isDirty();
  useDirtyForm(`conversion-${channel}`, dirty);
  const expressionChanged = form.getValues().expression.trim() !== (conversion?.expression ?? '');

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    try {
      await createConversion({ variables: { input: conversionInput(meterId, channel, values) } });
    } catch (error) {
      return showServerError(error);
    }
    form.resetDirty();
    toast.success(t('The conversion was saved.'));
    onDone();
  });

  const targetOptions = [
    { value: '', label: t("The channel's own type") },
    ...conversionTargets.map((type) => ({ value: type, label: measurementLabel(type) })),
  ];

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('Conversion of {{channel}}', { channel: label })}
      data-testid={`conversion-form-${channel}`}
    >
      <Stack gap="xs">
        <FormError message={generalError} />
        <ExpressionInput label={t('Expression')} props={inputProps('expression')} />
        <Group grow align="flex-start">
          <TextInput label={t('Name')} description={t("Empty: the channel's name")} {...inputProps('name')} />
          <NativeSelect label={t('Measurement type of the result')} data={targetOptions} {...inputProps('target')} />
        </Group>
        {expressionChanged && (
          <Alert color="yellow" variant="light">
            {t('A new expression recomputes the whole stored history of the channel.')}
          </Alert>
        )}
        <FormButtons loading={loading} submitLabel={t('Save conversion')} onCancel={onDone} />
      </Stack>
    </form>
  );
}

type TestResult = TestMeterCalibrationMutation['testCalibration'][number];

/** What a typed expression makes of the channel's latest readings. */
export function CalibrationTestResults({
  expression,
  results,
  channelType,
  resultType,
}: {
  expression: string;
  results: readonly TestResult[];
  channelType: string;
  resultType: string;
}) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatDateTime();
  if (results.length === 0) {
    return <Text c="dimmed">{t('The channel has no readings to test with.')}</Text>;
  }
  return (
    <Stack gap={4}>
      <Text size="sm">{t('{{expression}} on the latest readings:', { expression })}</Text>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label={t('Test results')} verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Time')}</Table.Th>
              <Table.Th>{t('Raw value')}</Table.Th>
              <Table.Th>{t('Result')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((result) => (
              <Table.Tr key={result.time}>
                <Table.Td>{formatTime(result.time)}</Table.Td>
                <Table.Td>{formatMeasurement(result.original, channelType, i18n.language)}</Table.Td>
                <Table.Td>{formatMeasurement(result.data, resultType, i18n.language)}</Table.Td>
                <Table.Td>
                  {result.valid ? (
                    <Badge color="green" variant="light">
                      {t('Valid')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="red">
                      {t(result.message ?? 'Invalid')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function newCalibrationValues(timeZone: string): CalibrationValues {
  return { expression: '', startAt: toLocalInput(new Date(), timeZone), endAt: '' };
}

function calibrationValues(calibration: MeterCalibrationFieldsFragment, timeZone: string): CalibrationValues {
  return {
    expression: calibration.expression,
    startAt: toLocalInput(calibration.range.start, timeZone),
    endAt: toLocalInput(calibration.range.end, timeZone),
  };
}

/**
 * Adds a calibration to the channel, or edits one, with a test of the typed expression before saving. A new one
 * starts when it is saved unless its start is changed: the start shown is only the moment the form opened.
 */
export function CalibrationForm({
  meterId,
  channel,
  label: channelLabel,
  channelType,
  resultType,
  calibration,
  onDone,
}: {
  meterId: number;
  /** The channel's key, which the server knows it by. */
  channel: string;
  /** What the screen calls the channel (useChannelLabel): the form's name for screen readers. */
  label: string;
  channelType: string;
  resultType: string;
  /** Absent: a new calibration. */
  calibration?: MeterCalibrationFieldsFragment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const { zone, differs } = useDisplayZone();
  const now = useNow(10_000);
  const [initial] = useState(() => (calibration ? calibrationValues(calibration, zone) : newCalibrationValues(zone)));
  const [createCalibration, createState] = useMutation(CreateMeterCalibrationDocument, refetchCalibrations(meterId));
  const [updateCalibration, updateState] = useMutation(UpdateMeterCalibrationDocument, refetchCalibrations(meterId));
  const [testCalibration, testState] = useMutation(TestMeterCalibrationDocument);
  const [tested, setTested] = useState<{ expression: string; results: readonly TestResult[] } | null>(null);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm<CalibrationValues>({
    initialValues: initial,
    schema: calibration ? editCalibrationSchema(calibration.id, zone) : newCalibrationSchema(meterId, channel, zone),
  });
  const dirty = form.isDirty();
  useDirtyForm(calibration ? `calibration-${calibration.id}` : `new-calibration-${channel}`, dirty);

  const values = form.getValues();
  const startChanged = values.startAt !== initial.startAt;
  const newStart = startChanged ? fromLocalInput(values.startAt, zone) : null;
  // The span the server recomputes begins at the earliest start among the old and the new range.
  const recomputeFrom = calibration
    ? dirty
      ? new Date(Math.min(new Date(calibration.range.start).getTime(), (newStart ?? new Date(now)).getTime()))
      : null
    : newStart;
  const warnRecompute = recomputeFrom !== null && recomputes(recomputeFrom, now);

  const test = async () => {
    const expression = form.getValues().expression.trim();
    if (!expression || typedExpressionProblem(expression)) {
      form.validateField('expression');
      return;
    }
    clearGeneralError();
    try {
      const { data } = await testCalibration({ variables: { input: { meterId, channel, expression } } });
      setTested({ expression, results: data?.testCalibration ?? [] });
    } catch (error) {
      showServerError(error);
    }
  };

  const submit = form.onSubmit(async (submitted) => {
    clearGeneralError();
    try {
      if (calibration) {
        await updateCalibration({ variables: { input: calibrationUpdate(calibration, initial, submitted, zone) } });
      } else {
        const startAt = submitted.startAt === initial.startAt ? null : fromLocalInput(submitted.startAt, zone);
        const endAt = fromLocalInput(submitted.endAt, zone);
        await createCalibration({
          variables: {
            input: {
              meterId,
              channel,
              expression: submitted.expression.trim(),
              ...(startAt ? { startAt: startAt.toISOString() } : {}),
              ...(endAt ? { endAt: endAt.toISOString() } : {}),
            },
          },
        });
      }
    } catch (error) {
      return showServerError(error);
    }
    form.resetDirty();
    toast.success(t('The calibration was saved.'));
    onDone();
  });

  const label = calibration
    ? t('Calibration of {{channel}} from {{start}}', {
        channel: channelLabel,
        start: formatTime(calibration.range.start),
      })
    : t('New calibration of {{channel}}', { channel: channelLabel });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={label}
      data-testid={calibration ? `calibration-form-${calibration.id}` : `new-calibration-form-${channel}`}
    >
      <Stack gap="xs">
        <Text fw={500}>{label}</Text>
        <FormError message={generalError} />
        <ExpressionInput label={t('Expression')} props={inputProps('expression')} />
        <Group grow align="flex-start">
          <DateTimeField
            label={t('Start')}
            description={
              differs
                ? calibration
                  ? t('In the time zone {{zone}}', { zone })
                  : t('In the time zone {{zone}}; left as it is: when saved', { zone })
                : calibration
                  ? t('In your time zone')
                  : t('In your time zone; left as it is: when saved')
            }
            required={Boolean(calibration)}
            {...inputProps('startAt')}
          />
          <DateTimeField
            label={t('End')}
            description={
              differs
                ? t('In the time zone {{zone}}; empty: until further notice', { zone })
                : t('In your time zone; empty: until further notice')
            }
            {...inputProps('endAt')}
          />
        </Group>
        {warnRecompute && recomputeFrom && (
          <Alert color="yellow" variant="light">
            {t(
              'The change reaches more than a minute into the past: the stored values from {{start}} on are recomputed.',
              { start: formatTime(recomputeFrom.toISOString()) },
            )}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={createState.loading || updateState.loading}>
            {t('Save calibration')}
          </Button>
          <Button variant="light" loading={testState.loading} onClick={() => void test()}>
            {t('Test')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('Cancel')}
          </Button>
        </Group>
        {tested && (
          <CalibrationTestResults
            expression={tested.expression}
            results={tested.results}
            channelType={channelType}
            resultType={resultType}
          />
        )}
      </Stack>
    </form>
  );
}
