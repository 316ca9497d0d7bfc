import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, NumberInput, Table, Text, TextInput, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  MeterCommandsDocument,
  type MeterCommandsQuery,
  SendMeterCommandDocument,
  SendMeterDriverCommandDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { errorText } from '../forms/errorText.ts';
import { type FormIssue, formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { DriverCommandPicker, useDriverCommandChoice } from './DriverCommandPicker.tsx';
import { type DriverCommandOption, driverCommandName } from './driverCommands.ts';

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
const commandSchema = formSchema<CommandValues>({
  issues: (values) => {
    const issues: FormIssue[] = [];
    if (!values.name.trim()) issues.push({ message: 'Required', path: ['name'] });
    else if (values.name.trim().length > 200) issues.push({ message: 'Too long', path: ['name'] });
    const port = Number(values.fPort);
    if (values.fPort === '' || !Number.isInteger(port) || port < 1 || port > 223) {
      issues.push({ message: 'Give a port 1–223', path: ['fPort'] });
    }
    if (!/^([0-9a-fA-F]{2}){1,242}$/.test(cleanHex(values.payloadHex))) {
      issues.push({ message: 'Give the payload as hex bytes', path: ['payloadHex'] });
    }
    return issues;
  },
});

type SentCommand = MeterCommandsQuery['meter']['commands'][number];

/** Puts a sent command at the top of the meter's history without asking the server again. */
function prependToHistory(meterId: number) {
  return (cache: ApolloCache, sent: SentCommand | undefined) => {
    if (!sent) return;
    cache.updateQuery({ query: MeterCommandsDocument, variables: { id: meterId } }, (existing) =>
      existing ? { meter: { ...existing.meter, commands: [sent, ...existing.meter.commands] } } : existing,
    );
  };
}

const statusColors: Record<string, string> = { queued: 'blue', sent: 'green', failed: 'red' };

function commandDetails(extra: unknown): { fPort: string; payload: string } {
  const source = typeof extra === 'object' && extra !== null ? (extra as Record<string, unknown>) : {};
  return {
    fPort: typeof source.fPort === 'number' ? String(source.fPort) : '-',
    payload: typeof source.payloadHex === 'string' ? source.payloadHex : '-',
  };
}

/** Driver commands by their translated name (and interval); raw downlinks by the name their sender gave. */
function historyName(command: SentCommand, t: TFunction): string {
  const extra =
    typeof command.extra === 'object' && command.extra !== null ? (command.extra as Record<string, unknown>) : {};
  if (typeof extra.commandId !== 'string') return command.name;
  const name = driverCommandName({ id: extra.commandId, name: command.name }, t);
  return command.interval ? t('{{name}}: {{seconds}} s', { name, seconds: command.interval }) : name;
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
        update: (cache, { data: sent }) => prependToHistory(meterId)(cache, sent?.meterCommand),
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
    <FormStack onSubmit={submit} label={t('Send a command')} error={generalError} testId="meter-command-form">
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
      <FormButtons loading={loading} submitLabel={t('Send command')} />
    </FormStack>
  );
}

/** A command of the meter's driver, chosen by name, with its interval for interval commands. */
function DriverCommandForm({ meterId, commands }: { meterId: number; commands: readonly DriverCommandOption[] }) {
  const { t } = useTranslation();
  const choice = useDriverCommandChoice(commands);
  const [sendCommand, { loading }] = useMutation(SendMeterDriverCommandDocument);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = choice.validated();
    if (!chosen) return;
    try {
      const { data } = await sendCommand({
        variables: { meterId, ...chosen },
        update: (cache, { data: sent }) => prependToHistory(meterId)(cache, sent?.meterCommand),
      });
      if (data?.meterCommand.status === 'failed')
        toast.error(t('The command could not be sent: {{error}}', { error: data.meterCommand.error ?? '' }));
      else toast.success(t('The command was sent.'));
      choice.reset();
    } catch (error) {
      toast.error(errorText(error, t));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Send a command of the meter's driver")}>
      <Group align="flex-start">
        <DriverCommandPicker commands={commands} choice={choice} />
        <Button type="submit" loading={loading} mt={25}>
          {t('Send command')}
        </Button>
      </Group>
    </form>
  );
}

/** Downlinks to the meter: a form to send one, and those sent before with their status; administrators only. */
export function MeterCommandsSection({ meterId }: { meterId: number }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const { data, loading, error } = useQuery(MeterCommandsDocument, { variables: { id: meterId } });
  const statusLabels: Record<string, string> = { queued: t('Queued'), sent: t('Sent'), failed: t('Failed') };
  const commands = data?.meter.commands;

  return (
    <Section id="meter-commands" title={t('Commands')} testId="meter-commands">
      {data && data.meter.driverCommands.length > 0 ? (
        <DriverCommandForm meterId={meterId} commands={data.meter.driverCommands} />
      ) : (
        data && <Text c="dimmed">{t("The meter's driver has no commands; a raw downlink can still be sent.")}</Text>
      )}
      <Title order={4}>{t('Raw downlink')}</Title>
      <CommandForm meterId={meterId} />
      {!commands ? (
        <QueryState loading={loading} error={error} />
      ) : commands.length === 0 ? (
        <Text c="dimmed">{t('No commands sent.')}</Text>
      ) : (
        <ResponsiveTable minWidth={560} aria-label={t('Sent commands')} verticalSpacing="xs">
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
                  <Table.Td>{historyName(command, t)}</Table.Td>
                  <Table.Td>{details.fPort}</Table.Td>
                  <Table.Td ff="monospace">{details.payload}</Table.Td>
                  <Table.Td>{formatTime(command.createdAt)}</Table.Td>
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
        </ResponsiveTable>
      )}
    </Section>
  );
}
