import type { TFunction } from 'i18next';
import type { DriverCommandFieldsFragment } from '../../graphql/generated.ts';

export type DriverCommandOption = Omit<DriverCommandFieldsFragment, '__typename'>;

/**
 * The commands every one of these meters' drivers has, with the interval range all of them
 * accept: the server refuses a bulk interval that some meter's command would not take.
 */
export function commonDriverCommands(perMeter: readonly (readonly DriverCommandOption[])[]): DriverCommandOption[] {
  const [first, ...rest] = perMeter;
  if (!first) return [];
  return first.flatMap((command) => {
    const others = rest.map((commands) => commands.find((other) => other.id === command.id));
    if (others.some((other) => other === undefined)) return [];
    if (!command.interval) return [command];
    let { min, max } = command.interval;
    for (const other of others) {
      min = Math.max(min, other?.interval?.min ?? min);
      max = Math.min(max, other?.interval?.max ?? max);
    }
    return min <= max ? [{ ...command, interval: { min, max } }] : [];
  });
}

/** Whole minutes within a range of seconds: people set reporting intervals in minutes. */
export function minutesWithin(range: { min: number; max: number }): { min: number; max: number } {
  return { min: Math.ceil(range.min / 60), max: Math.floor(range.max / 60) };
}

/** The command's name in the user's language; the server's English name for a command this client does not know. */
export function driverCommandName(command: { id: string; name: string }, t: TFunction): string {
  const names: Record<string, string> = {
    reboot: t('Reboot'),
    'reporting-interval': t('Set reporting interval'),
    'reporting-interval-until-reboot': t('Set reporting interval until restart'),
  };
  return names[command.id] ?? command.name;
}
