import { channelLabel, measurementName, type TypedChannel, unitLabel } from '@olo/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The name of a measurement type in the viewer's language (packages/shared `measurementNames`, which the server shares). */
export function useMeasurementLabel(): (dataType: string) => string {
  const { i18n } = useTranslation();
  return useCallback((dataType: string) => measurementName(dataType, i18n.language), [i18n.language]);
}

/** A unit as the viewer reads it: word units ("kpl", a count) in their language, symbols as they are. */
export function useUnitLabel(): (unit: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (unit: string | null | undefined) => (unit ? unitLabel(unit, i18n.language) : ''),
    [i18n.language],
  );
}

export type LabelledChannel = TypedChannel;

/**
 * What a screen calls a meter channel (decision 0092), in the viewer's language (packages/shared `channelLabel`). The
 * raw key is a technical id, shown only in the meter's diagnostics.
 */
export function useChannelLabel(): (channel: LabelledChannel, siblings?: readonly LabelledChannel[]) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (channel: LabelledChannel, siblings: readonly LabelledChannel[] = []) =>
      channelLabel(channel, siblings, i18n.language),
    [i18n.language],
  );
}
