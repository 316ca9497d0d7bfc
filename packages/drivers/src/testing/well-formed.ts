import { isMeasurementType, measurementUnits } from '@olo/shared';
import { internalErrorPrefix } from '../results.ts';
import type { DecodeResult } from '../types.ts';

/**
 * Why a decode result breaks the contract every driver keeps, or null when it keeps it: a
 * failure carries a sentence that is not an internal error; a success carries uniquely named
 * channels of spec types whose unit is the type's unit (raw units only on 'ignore' channels),
 * and every number is finite.
 */
export function contractViolation(result: DecodeResult): string | null {
  if (!result.ok) {
    if (typeof result.error !== 'string' || result.error.length === 0) return 'empty error';
    if (result.error.startsWith(internalErrorPrefix)) return result.error;
    return null;
  }
  const names = new Set<string>();
  for (const channel of result.channels) {
    if (!/^[a-z0-9_]+$/.test(channel.name)) return `bad channel name ${JSON.stringify(channel.name)}`;
    if (names.has(channel.name)) return `duplicate channel ${channel.name}`;
    names.add(channel.name);
    if (!isMeasurementType(channel.type)) return `unknown type ${channel.type}`;
    if (channel.type !== 'ignore' && channel.unit !== measurementUnits[channel.type]) {
      return `${channel.name}: unit ${channel.unit} is not the unit of ${channel.type}`;
    }
    if (typeof channel.value !== 'number' || !Number.isFinite(channel.value)) {
      return `${channel.name}: value ${channel.value} is not finite`;
    }
  }
  for (const [field, value] of Object.entries(result.health)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `health ${field} is ${value}`;
  }
  if (!result.warnings.every((warning) => typeof warning === 'string' && warning.length > 0)) return 'bad warning';
  return null;
}
