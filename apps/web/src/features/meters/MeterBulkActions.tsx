import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Group } from '@mantine/core';
import type React from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  MeterFromStorageDocument,
  MeterToStorageDocument,
  ResetMeterBatteryDocument,
  SendMeterCommandsDocument,
} from '../../graphql/generated.ts';
import { errorText } from '../forms/errorText.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DriverCommandPicker, useDriverCommandChoice } from './DriverCommandPicker.tsx';
import { type DriverCommandOption, driverCommandName } from './driverCommands.ts';

export type BulkAction = 'toStorage' | 'fromStorage' | 'resetBattery';

const bulkDocuments = {
  toStorage: MeterToStorageDocument,
  fromStorage: MeterFromStorageDocument,
  resetBattery: ResetMeterBatteryDocument,
} as const;

/** Runs an action on each selected meter and tells how it went, in one toast. */
export function useBulkAction() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [running, setRunning] = useState<BulkAction | null>(null);

  const messages: Record<BulkAction, (done: number, total: number) => string> = {
    toStorage: (done, total) => t('{{done}} of {{total}} meters were put in storage.', { done, total }),
    fromStorage: (done, total) => t('{{done}} of {{total}} meters were taken out of storage.', { done, total }),
    resetBattery: (done, total) => t('The battery of {{done}} of {{total}} meters was reset.', { done, total }),
  };

  const run = async (action: BulkAction, ids: readonly number[]): Promise<number[]> => {
    setRunning(action);
    const results = await Promise.allSettled(
      ids.map((id) => client.mutate({ mutation: bulkDocuments[action], variables: { id } })),
    );
    setRunning(null);
    const failed = results.flatMap((result, index) => (result.status === 'rejected' ? [ids[index] as number] : []));
    const done = ids.length - failed.length;
    const summary = messages[action](done, ids.length);
    const firstFailure = results.find((result) => result.status === 'rejected');
    if (firstFailure) toast.error(`${summary} ${errorText(firstFailure.reason, t)}`);
    else toast.success(summary);
    return failed;
  };

  return { run, running };
}

/**
 * Sends the selected meters a command their drivers have in common, after a confirmation, and
 * tells in one toast how many it reached.
 */
export function BulkDriverCommand({
  meterIds,
  commands,
  onSent,
}: {
  meterIds: readonly number[];
  commands: readonly DriverCommandOption[];
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const choice = useDriverCommandChoice(commands);
  const [sendCommands, { loading }] = useMutation(SendMeterCommandsDocument);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = choice.validated();
    if (!chosen || !choice.command) return;
    const name = driverCommandName(choice.command, t);
    const question =
      chosen.interval === null
        ? t('Send “{{command}}” to {{number}} meters?', { command: name, number: meterIds.length })
        : t('Send “{{command}}” ({{minutes}} min) to {{number}} meters?', {
            command: name,
            minutes: chosen.interval / 60,
            number: meterIds.length,
          });
    if (!(await ask(question))) return;
    try {
      const { data } = await sendCommands({ variables: { meterIds: [...meterIds], ...chosen } });
      const outcomes = data?.meterCommands ?? [];
      const sent = outcomes.filter((outcome) => outcome.status === 'sent').length;
      const failed = outcomes.filter((outcome) => outcome.status === 'failed').length;
      const summary = t('Command sent to {{sent}} meters, failed for {{failed}}.', { sent, failed });
      if (failed > 0) toast.error(summary);
      else toast.success(summary);
      choice.reset();
      onSent();
    } catch (error) {
      toast.error(errorText(error, t));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('Send a command to the selected meters')}>
      <Group align="flex-end" gap="xs">
        <DriverCommandPicker commands={commands} choice={choice} />
        <Button type="submit" size="xs" variant="light" loading={loading} disabled={meterIds.length === 0}>
          {t('Send command')}
        </Button>
      </Group>
    </form>
  );
}
