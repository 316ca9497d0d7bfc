/**
 * Radio signal quality of a meter's latest reading, on the three colour scales of spec section 9. Screens map the
 * grades to their own colours; 'none' is the neutral look of a missing value.
 */
export type SignalQuality = 'success' | 'warning' | 'danger' | 'none';

/** Which scale a radio field is graded on. */
export type SignalScale = 'snr' | 'rssi' | 'spfact';

function present(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The first scale, signal-to-noise ratio in dB: at least -8 is good, below -13 is bad. */
export function snrQuality(value: number | null | undefined): SignalQuality {
  if (!present(value)) return 'none';
  if (value >= -8) return 'success';
  if (value >= -13) return 'warning';
  return 'danger';
}

/** The second scale, received signal strength in dBm: at least -100 is good, below -110 is bad. */
export function rssiQuality(value: number | null | undefined): SignalQuality {
  if (!present(value)) return 'none';
  if (value >= -100) return 'success';
  if (value >= -110) return 'warning';
  return 'danger';
}

/**
 * The third scale, LoRa spreading factor: a higher factor means the meter needs longer air time to be heard.
 * Up to 10 is good, 12 and above is bad.
 */
export function spreadingFactorQuality(value: number | null | undefined): SignalQuality {
  if (!present(value)) return 'none';
  if (value <= 10) return 'success';
  if (value < 12) return 'warning';
  return 'danger';
}

/**
 * Estimated signal power (ESP) in dBm: the part of the received power that is the meter's signal,
 * RSSI + SNR − 10·log10(1 + 10^(SNR/10)). Below the noise floor (negative SNR) RSSI is mostly noise,
 * so ESP tells a weak meter from a noisy site better than RSSI alone. Null unless both are known.
 */
export function estimatedSignalPower(rssi: number | null | undefined, snr: number | null | undefined): number | null {
  if (!present(rssi) || !present(snr)) return null;
  return rssi + snr - 10 * Math.log10(1 + 10 ** (snr / 10));
}

const scales: Record<SignalScale, (value: number | null | undefined) => SignalQuality> = {
  snr: snrQuality,
  rssi: rssiQuality,
  spfact: spreadingFactorQuality,
};

export function signalQuality(scale: SignalScale, value: number | null | undefined): SignalQuality {
  return scales[scale](value);
}
