/**
 * Battery health by driver: which unit the driver's battery value is in, and below which values
 * the battery counts as "medium" and "low". Voltage curves differ by chemistry: Elsys sensors run
 * on 3.6 V lithium cells that hold their voltage until the end, Decentlab on 3.0–3.6 V packs,
 * Milesight reports a percentage itself.
 */
export interface BatteryRule {
  unit: 'V' | '%';
  /** Below this: "battery medium". */
  medium: number;
  /** Below this: "battery low". */
  low: number;
}

export type BatteryState = 'ok' | 'medium' | 'low';

/** Below this supply voltage (V) the electronics may brown out, whatever the battery says. */
export const lowVoltageThreshold = 2.5;

const rulesByVendorPrefix: Array<[string, BatteryRule]> = [
  ['elsys', { unit: 'V', medium: 3.4, low: 3.2 }],
  ['decentlab-', { unit: 'V', medium: 2.9, low: 2.7 }],
  ['milesight-', { unit: '%', medium: 30, low: 15 }],
];

export function batteryRule(driverId: string | null | undefined): BatteryRule | undefined {
  if (!driverId) return undefined;
  return rulesByVendorPrefix.find(([prefix]) => driverId.startsWith(prefix))?.[1];
}

/** The battery state of a reading's battery value, or null when the driver has no rule or no value came. */
export function batteryState(
  driverId: string | null | undefined,
  value: number | null | undefined,
): BatteryState | null {
  const rule = batteryRule(driverId);
  if (!rule || value === null || value === undefined || !Number.isFinite(value)) return null;
  if (value < rule.low) return 'low';
  if (value < rule.medium) return 'medium';
  return 'ok';
}
