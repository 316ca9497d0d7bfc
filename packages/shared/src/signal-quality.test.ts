import { describe, expect, it } from 'vitest';
import {
  rssiQuality,
  type SignalQuality,
  signalQuality,
  snrQuality,
  spreadingFactorQuality,
} from './signal-quality.ts';

describe('signal-quality scales of spec section 9', () => {
  it.each<[number | null | undefined, SignalQuality]>([
    [9.5, 'success'],
    [-8, 'success'],
    [-8.1, 'warning'],
    [-13, 'warning'],
    [-13.1, 'danger'],
    [-20, 'danger'],
    [null, 'none'],
    [undefined, 'none'],
    [Number.NaN, 'none'],
  ])('the first scale (snr) grades %s as %s', (value, expected) => {
    expect(snrQuality(value)).toBe(expected);
    expect(signalQuality('snr', value)).toBe(expected);
  });

  it.each<[number | null | undefined, SignalQuality]>([
    [-60, 'success'],
    [-100, 'success'],
    [-100.5, 'warning'],
    [-110, 'warning'],
    [-110.5, 'danger'],
    [-125, 'danger'],
    [null, 'none'],
  ])('the second scale (rssi) grades %s as %s', (value, expected) => {
    expect(rssiQuality(value)).toBe(expected);
    expect(signalQuality('rssi', value)).toBe(expected);
  });

  it.each<[number | null | undefined, SignalQuality]>([
    [7, 'success'],
    [10, 'success'],
    [11, 'warning'],
    [12, 'danger'],
    [null, 'none'],
  ])('the third scale (spreading factor) grades %s as %s', (value, expected) => {
    expect(spreadingFactorQuality(value)).toBe(expected);
    expect(signalQuality('spfact', value)).toBe(expected);
  });
});
