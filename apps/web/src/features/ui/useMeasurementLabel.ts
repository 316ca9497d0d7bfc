import { humanizeChannelKey, isMeasurementType, unitLabel } from '@olo/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Types read through another type's name: "Paine-ero" is the spec's Finnish name of a pressure difference, and reads
 * "Tryckskillnad" / "Differential pressure" like the English-named type.
 */
const sameNameAs: Record<string, string> = { 'Paine-ero': 'Differential pressure' };

/**
 * The name of a measurement type in the viewer's language. Types that are symbols (CO2, PM10, VOC) read the same in
 * every language and have no translation: they are shown as they are, without being reported missing.
 */
export function useMeasurementLabel(): (dataType: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (dataType: string) => {
      const key = sameNameAs[dataType] ?? dataType;
      return i18n.exists(key) ? t(key) : dataType;
    },
    [t, i18n],
  );
}

/** A unit as the viewer reads it: word units ("kpl", a count) in their language, symbols as they are. */
export function useUnitLabel(): (unit: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (unit: string | null | undefined) => (unit ? unitLabel(unit, i18n.language) : ''),
    [i18n.language],
  );
}

export interface LabelledChannel {
  name: string;
  type: string;
}

/**
 * What a screen calls a meter channel (decision 0092): the translated name of its measurement; when another channel
 * of the same reading measures the same, the key follows as words ("Temperature (probe 2)"). A channel of no known
 * measurement reads as its key in words. The raw key is a technical id, shown only in the meter's diagnostics.
 */
export function useChannelLabel(): (channel: LabelledChannel, siblings?: readonly LabelledChannel[]) => string {
  const typeLabel = useMeasurementLabel();
  return useCallback(
    (channel: LabelledChannel, siblings: readonly LabelledChannel[] = []) => {
      if (!isMeasurementType(channel.type) || channel.type === 'ignore') return humanizeChannelKey(channel.name);
      const name = typeLabel(channel.type);
      const shared = siblings.some((other) => other.name !== channel.name && other.type === channel.type);
      return shared ? `${name} (${humanizeChannelKey(channel.name).toLowerCase()})` : name;
    },
    [typeLabel],
  );
}
