import { NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DriverCommandOption, driverCommandName, minutesWithin } from './driverCommands.ts';

/** The command chosen among a driver's commands, with its interval in minutes, checked against the command's range. */
export function useDriverCommandChoice(commands: readonly DriverCommandOption[]) {
  const { t } = useTranslation();
  const [commandId, setCommandId] = useState('');
  const [minutes, setMinutes] = useState<number | string>('');
  const [checked, setChecked] = useState(false);
  const command = commands.find((candidate) => candidate.id === commandId) ?? commands[0];
  const range = command?.interval ? minutesWithin(command.interval) : null;
  const chosenMinutes = Number(minutes);
  const intervalError =
    range &&
    (minutes === '' || !Number.isInteger(chosenMinutes) || chosenMinutes < range.min || chosenMinutes > range.max)
      ? t('Choose {{min}}–{{max}} minutes', range)
      : null;
  return {
    command,
    range,
    minutes,
    setMinutes,
    setCommandId,
    /** Shows the interval's error from the first attempt to send on. */
    intervalError: checked ? intervalError : null,
    /** The command and its interval in seconds, or null (and the error shown) when the interval does not suit it. */
    validated(): { commandId: string; interval: number | null } | null {
      setChecked(true);
      if (!command || intervalError) return null;
      return { commandId: command.id, interval: range ? chosenMinutes * 60 : null };
    },
    reset() {
      setChecked(false);
      setMinutes('');
    },
  };
}

export function DriverCommandPicker({
  commands,
  choice,
}: {
  commands: readonly DriverCommandOption[];
  choice: ReturnType<typeof useDriverCommandChoice>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('Command')}
        value={choice.command?.id ?? ''}
        data={commands.map((command) => ({ value: command.id, label: driverCommandName(command, t) }))}
        onChange={(event) => choice.setCommandId(event.currentTarget.value)}
      />
      {choice.range && (
        <NumberInput
          label={t('Interval (minutes)')}
          description={t('{{min}}–{{max}} minutes', choice.range)}
          min={choice.range.min}
          max={choice.range.max}
          allowDecimal={false}
          required
          value={choice.minutes}
          onChange={choice.setMinutes}
          error={choice.intervalError}
        />
      )}
    </>
  );
}
