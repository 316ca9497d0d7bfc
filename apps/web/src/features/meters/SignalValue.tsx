import { Badge } from '@mantine/core';
import { type SignalQuality, type SignalScale, signalQuality } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { formatDecibels } from '../ui/format.ts';

export const signalColors: Record<SignalQuality, string> = {
  success: 'green',
  warning: 'yellow',
  danger: 'red',
  none: 'gray',
};

const units: Record<SignalScale, string> = { rssi: 'dBm', snr: 'dB', spfact: '' };

/** A radio value coloured by its signal-quality scale (spec section 9); the grade is also in its title. */
export function SignalValue({
  scale,
  value,
  testId,
}: {
  scale: SignalScale;
  value: number | null | undefined;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const quality = signalQuality(scale, value);
  const titles: Record<SignalQuality, string> = {
    success: t('Good signal'),
    warning: t('Weak signal'),
    danger: t('Poor signal'),
    none: t('No value'),
  };
  const text =
    scale === 'spfact'
      ? typeof value === 'number'
        ? `SF${value}`
        : '-'
      : formatDecibels(value, units[scale], i18n.language);
  return (
    <Badge
      color={signalColors[quality]}
      variant={quality === 'none' ? 'outline' : 'light'}
      tt="none"
      title={titles[quality]}
      data-quality={quality}
      data-testid={testId}
    >
      {text}
    </Badge>
  );
}
