import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import type { schemaResolver } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { MeterCommandsDocument, SendMeterCommandDocument } from '../../graphql/generated.ts';
import { FormError } from '../auth/AuthCard.tsx';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { QueryState } from '../layout/QueryState.tsx';
import { MeterSection } from './MeterSection.tsx';
import { formatDateTime } from './meterFormat.ts';

type StandardSchema = Parameters<typeof schemaResolver>[0];

type CommandValues = {
  name: string;
  /** Empty while the number input is cleared. */
  fPort: number | string;
  /** Named as the server names it, so that its field error lands here. */
  payloadHex: string;
};

const initialValues: CommandValues = { name: '', fPort: 1, payloadHex: '' };

/** Hex bytes without the spaces or colons people paste them with. */
function cleanHex(value: string): string {
  return value.replace(/[\s:]/g, '');
}

/** The server's own rules for a downlink (meters.service.ts command): a name, port 1–223, 1–242 hex bytes. */
const commandSchema: StandardSchema = {
  '~standard': {
    version: 1,
    vendor: 'olo',
    validate: (value) => {
      const values = value as CommandValues;
      const issues: { message: string; path: string[] }[] = [];
      if (!values.name.trim()) issues.push({ message: 'Required', path: ['name'] });
      else if (values.name.trim().length > 200) issues.push({ message: 'Too long', path: ['name'] });
      const port = Number(values.fPort);
      if (values.fPort === '' || !Number.isInteger(port) || port < 1 || port > 223) {
        issues.push({ message: 'Give a port 1–223', path: ['fPort'] });
      }
      if (!/^([0-9a-fA-F]{2}){1,242}$/.test(cleanHex(values.payloadHex))) {
        issues.push({ message: 'Give the payload as hex bytes', path: ['payloadHex'] });
      }
      return issues.length > 0 ? { issues } : { value };
    },
  },
} as StandardSchema;

const statusColors: Record<string, string> = { queued: 'blue', sent: 'green', failed: 'red' };

function commandDetails(extra: unknown): { fPort: string; payload: string } {
  const source = typeof extra === 'object' && extra !== null ? (extra as Record<string, unknown>) : {};
  return {
    fPort: typeof source.fPort === 'number' ? String(source.fPort) : '-',
    payload: typeof source.payloadHex === 'string' ? source.payloadHex : '-',
  };
}

function CommandForm({ meterId }: { meterId: number }) {
  const { t } = useTranslation();
  const [sendCommand, { loading }] = useMutation(SendMeterCommandDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm<CommandValues>({
    initialValues,
    schema: commandSchema,
  });
  const dirty = form.isDirty();
  useDirtyForm('meter-command', dirty);

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    try {
      const { data } = await sendCommand({
        variables: {
          meterId,
          name: values.name.trim(),
          fPort: Number(values.fPort),
          payload: cleanHex(values.payloadHex).toLowerCase(),
        },
        update: (cache, { data: sent }) => {
          if (!sent) return;
          cache.updateQuery({ query: MeterCommandsDocument, variables: { id: meterId } }, (existing) =>
            existing
              ? { meter: { ...existing.meter, commands: [sent.meterCommand, ...existing.meter.commands] } }
              : existing,
          );
        },
      });
      const status = data?.meterCommand.status;
      if (status === 'failed')
        toast.error(t('The command could not be sent: {{error}}', { error: data?.meterCommand.error ?? '' }));
      else toast.success(t('The command was sent.'));
    } catch (error) {
      return showServerError(error);
    }
    form.reset();
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Send a command')} data-testid="meter-command-form">
      <Stack gap="xs">
        <FormError message={generalError} />
        <Group align="flex-start" grow>
          <TextInput label={t('Command name')} required {...inputProps('name')} />
          <NumberInput
            label={t('Port (fPort)')}
            min={1}
            max={223}
            allowDecimal={false}
            required
            {...inputProps('fPort')}
          />
          <TextInput
            label={t('Payload (hex)')}
            placeholder="01a0"
            required
            styles={{ input: { fontFamily: 'monospace' } }}
            {...inputProps('payloadHex')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={loading}>
            {t('Send command')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Downlinks to the meter: a form to send one, and those sent before with their status; administrators only. */
export function MeterCommandsSection({ meterId }: { meterId: number }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(MeterCommandsDocument, { variables: { id: meterId } });
  const statusLabels: Record<string, string> = { queued: t('Queued'), sent: t('Sent'), failed: t('Failed') };
  const commands = data?.meter.commands;

  return (
    <MeterSection id="meter-commands" title={t('Commands')} testId="meter-commands">
      <CommandForm meterId={meterId} />
      {!commands ? (
        <QueryState loading={loading} error={error} />
      ) : commands.length === 0 ? (
        <Text c="dimmed">{t('No commands sent.')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('Sent commands')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Command name')}</Table.Th>
                <Table.Th>{t('Port')}</Table.Th>
                <Table.Th>{t('Payload')}</Table.Th>
                <Table.Th>{t('Created')}</Table.Th>
                <Table.Th>{t('Status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {commands.map((command) => {
                const details = commandDetails(command.extra);
                return (
                  <Table.Tr key={command.id}>
                    <Table.Td>{command.name}</Table.Td>
                    <Table.Td>{details.fPort}</Table.Td>
                    <Table.Td ff="monospace">{details.payload}</Table.Td>
                    <Table.Td>{formatDateTime(command.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={statusColors[command.status] ?? 'gray'}
                        variant="light"
                        title={command.error ?? undefined}
                      >
                        {statusLabels[command.status] ?? command.status}
                      </Badge>
                      {command.error && (
                        <Text size="xs" c="red">
                          {command.error}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </MeterSection>
  );
}
