import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMeasurement, unitLabel } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  DeleteMeterCalibrationDocument,
  DeleteMeterConversionDocument,
  type MeterCalibrationFieldsFragment,
  MeterCalibrationsDocument,
  type MeterConversionFieldsFragment,
  type MeterPageFieldsFragment,
} from '../../graphql/generated.ts';
import { useShowError } from '../forms/useShowError.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { useChannelLabel, useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { useNow } from '../ui/useNow.ts';
import { CalibrationForm, ConversionForm, refetchCalibrations } from './CalibrationForms.tsx';
import { recomputes } from './calibrationValues.ts';
import { channelsOf, type MeterChannel } from './meterReadings.ts';

/**
 * The channels the section lists: those of the latest reading, then any that no longer report but still have a
 * conversion or calibrations, so that these stay visible and removable.
 */
function sectionChannels(
  latestData: unknown,
  conversions: readonly MeterConversionFieldsFragment[],
  calibrations: readonly MeterCalibrationFieldsFragment[],
): MeterChannel[] {
  const channels = channelsOf(latestData);
  const known = new Set(channels.map((channel) => channel.name));
  const others = [...new Set([...conversions, ...calibrations].map((item) => item.channel))]
    .filter((name) => !known.has(name))
    .sort((a, b) => a.localeCompare(b));
  return [...channels, ...others.map((name) => ({ name, value: undefined, type: '', unit: '' }))];
}

function calibrationState(calibration: MeterCalibrationFieldsFragment, now: number): 'current' | 'upcoming' | 'past' {
  const start = new Date(calibration.range.start).getTime();
  const end = calibration.range.end ? new Date(calibration.range.end).getTime() : Number.POSITIVE_INFINITY;
  if (start > now) return 'upcoming';
  return end > now ? 'current' : 'past';
}

type Editing = { kind: 'conversion' } | { kind: 'new-calibration' } | { kind: 'calibration'; id: number } | null;

function ConversionView({
  conversion,
  meterId,
  channel,
  label,
  isAdmin,
  onEdit,
}: {
  conversion: MeterConversionFieldsFragment | null;
  meterId: number;
  channel: string;
  /** What the screen calls the channel (useChannelLabel). */
  label: string;
  isAdmin: boolean;
  onEdit: (() => void) | null;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const measurementLabel = useMeasurementLabel();
  const showError = useShowError();
  const [deleteConversion, { loading }] = useMutation(DeleteMeterConversionDocument, refetchCalibrations(meterId));

  const remove = async () => {
    if (!conversion) return;
    const question = t(
      'Delete the conversion {{expression}} of {{channel}}? The whole stored history of the channel is recomputed without it.',
      { expression: conversion.expression, channel: label },
    );
    if (!(await ask(question))) return;
    try {
      await deleteConversion({ variables: { id: conversion.id } });
      toast.success(t('The conversion was deleted.'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap={4}>
      <Text fw={500}>{t('Conversion')}</Text>
      {conversion ? (
        <Group gap="xs" data-testid={`conversion-${channel}`}>
          <Code>{conversion.expression}</Code>
          <Text size="sm">{conversion.name}</Text>
          {conversion.target && (
            <Badge variant="light" color="gray">
              {measurementLabel(conversion.target)}
            </Badge>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('None: calibrations apply to the raw value.')}
        </Text>
      )}
      {isAdmin && onEdit && (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onEdit}>
            {conversion ? t('Replace conversion') : t('Set conversion')}
          </Button>
          {conversion && (
            <DeleteButton variant="subtle" loading={loading} onClick={() => void remove()}>
              {t('Delete conversion')}
            </DeleteButton>
          )}
        </Group>
      )}
    </Stack>
  );
}

function CalibrationRow({
  calibration,
  channel,
  isAdmin,
  now,
  onEdit,
}: {
  calibration: MeterCalibrationFieldsFragment;
  channel: string;
  isAdmin: boolean;
  now: number;
  onEdit: (() => void) | null;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const ask = useConfirm();
  const showError = useShowError();
  const [deleteCalibration, { loading }] = useMutation(
    DeleteMeterCalibrationDocument,
    refetchCalibrations(calibration.meterId),
  );
  const state = calibrationState(calibration, now);

  const remove = async () => {
    const question = [
      t('Delete the calibration {{expression}} of {{channel}} from {{start}}?', {
        expression: calibration.expression,
        channel,
        start: formatTime(calibration.range.start),
      }),
      recomputes(calibration.range.start, Date.now())
        ? t('It starts more than a minute ago: the stored values of its range are recomputed.')
        : null,
    ]
      .filter(Boolean)
      .join(' ');
    if (!(await ask(question))) return;
    try {
      await deleteCalibration({ variables: { id: calibration.id } });
      toast.success(t('The calibration was deleted.'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Table.Tr>
      <Table.Td>{formatTime(calibration.range.start)}</Table.Td>
      <Table.Td>{calibration.range.end ? formatTime(calibration.range.end) : t('Until further notice')}</Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Code>{calibration.expression}</Code>
          {state === 'current' && (
            <Badge color="green" variant="light">
              {t('In effect')}
            </Badge>
          )}
          {state === 'upcoming' && (
            <Badge color="blue" variant="light">
              {t('Upcoming')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      {isAdmin && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="subtle" onClick={onEdit ?? undefined} disabled={!onEdit}>
              {t('Edit')}
            </Button>
            <DeleteButton variant="subtle" loading={loading} onClick={() => void remove()}>
              {t('Delete')}
            </DeleteButton>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function ChannelCalibrations({
  meterId,
  channel,
  label,
  conversion,
  calibrations,
  isAdmin,
}: {
  meterId: number;
  channel: MeterChannel;
  /** What the screen calls the channel (useChannelLabel): its measurement, not its key. */
  label: string;
  conversion: MeterConversionFieldsFragment | null;
  calibrations: readonly MeterCalibrationFieldsFragment[];
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  // The tick re-renders; the clock is read afresh, since a calibration just saved starts at the server's "now",
  // which a tick taken before it would still see as upcoming.
  useNow();
  const now = Date.now();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  // One form at a time per channel: the others' buttons wait until it is saved or cancelled.
  const open = (next: NonNullable<Editing>) => (editing ? null : () => setEditing(next));
  const resultType = conversion?.target ?? channel.type;
  const titleId = `calibration-channel-${channel.name}-title`;
  const edited = editing?.kind === 'calibration' ? calibrations.find((item) => item.id === editing.id) : undefined;

  return (
    <Paper
      withBorder
      p="md"
      radius="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid={`calibration-channel-${channel.name}`}
    >
      <Stack gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={3} size="h4" id={titleId}>
            {label}
          </Title>
          {channel.type && channel.value !== undefined && (
            <Text size="sm" c="dimmed">
              {`${formatMeasurement(channel.value, channel.type, i18n.language)} ${unitLabel(channel.unit, i18n.language)}`.trimEnd()}
            </Text>
          )}
        </Group>

        <ConversionView
          conversion={conversion}
          meterId={meterId}
          channel={channel.name}
          label={label}
          isAdmin={isAdmin}
          onEdit={open({ kind: 'conversion' })}
        />
        {isAdmin && editing?.kind === 'conversion' && (
          <ConversionForm
            meterId={meterId}
            channel={channel.name}
            label={label}
            conversion={conversion}
            onDone={close}
          />
        )}

        <Stack gap={4}>
          <Text fw={500}>{t('Calibrations')}</Text>
          {calibrations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('No calibrations.')}
            </Text>
          ) : (
            <ResponsiveTable
              minWidth={480}
              aria-label={t('Calibrations of {{channel}}', { channel: label })}
              verticalSpacing={4}
              data-testid={`calibrations-${channel.name}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Start')}</Table.Th>
                  <Table.Th>{t('End')}</Table.Th>
                  <Table.Th>{t('Expression')}</Table.Th>
                  {isAdmin && <Table.Th aria-label={t('Actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calibrations.map((calibration) => (
                  <CalibrationRow
                    key={calibration.id}
                    calibration={calibration}
                    channel={label}
                    isAdmin={isAdmin}
                    now={now}
                    onEdit={open({ kind: 'calibration', id: calibration.id })}
                  />
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          )}
          {isAdmin && !editing && (
            <Group>
              <Button size="xs" variant="light" onClick={() => setEditing({ kind: 'new-calibration' })}>
                {t('Add calibration')}
              </Button>
            </Group>
          )}
        </Stack>
        {isAdmin && (editing?.kind === 'new-calibration' || edited) && (
          <CalibrationForm
            key={edited?.id ?? 'new'}
            meterId={meterId}
            channel={channel.name}
            label={label}
            channelType={channel.type}
            resultType={resultType}
            calibration={edited}
            onDone={close}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Conversions and calibrations of the meter's channels, for everyone who sees the meter; its administrators change
 * them, test a calibration's expression on the latest readings first, and are told when a change rewrites stored
 * values.
 */
export function MeterCalibrationsSection({ meter }: { meter: MeterPageFieldsFragment }) {
  const { t } = useTranslation();
  const channelLabel = useChannelLabel();
  const { data, loading, error } = useQuery(MeterCalibrationsDocument, {
    variables: { id: meter.id },
    fetchPolicy: 'cache-and-network',
  });
  const loaded = data?.meter;
  const isAdmin = meter.currentUserIsAdmin;

  const channels = loaded ? sectionChannels(meter.latest?.data, loaded.conversions, loaded.calibrations) : [];
  // Newest first: the one in effect now is usually at the top.
  const calibrationsOf = (channel: string) =>
    (loaded?.calibrations ?? [])
      .filter((calibration) => calibration.channel === channel)
      .sort((a, b) => new Date(b.range.start).getTime() - new Date(a.range.start).getTime());

  return (
    <Section id="meter-calibrations" title={t('Conversions and calibrations')} testId="meter-calibrations">
      <Text size="sm" c="dimmed">
        {t(
          'A conversion turns the raw value x of a channel into another (x / 10, say); a calibration then corrects the converted value for a time range.',
        )}
      </Text>
      {!loaded ? (
        <QueryState loading={loading} error={error} />
      ) : channels.length === 0 ? (
        <Text c="dimmed">{t('The meter has sent no channels yet.')}</Text>
      ) : (
        channels.map((channel) => (
          <ChannelCalibrations
            key={channel.name}
            meterId={meter.id}
            channel={channel}
            label={channelLabel(channel, channels)}
            conversion={loaded.conversions.find((conversion) => conversion.channel === channel.name) ?? null}
            calibrations={calibrationsOf(channel.name)}
            isAdmin={isAdmin}
          />
        ))
      )}
    </Section>
  );
}
