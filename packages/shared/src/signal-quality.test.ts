import { describe, expect, it } from 'vitest';
import {
  estimatedSignalPower,
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

describe('estimated signal power', () => {
  it.each<[number, number, number]>([
    // At SNR 0 signal and noise are equal: the signal is half the received power, 3.01 dB below it.
    [-100, 0, -103.0103],
    // Far above the noise floor nearly all received power is signal.
    [-60, 30, -60.0043],
    // Far below it the signal is the noise floor plus SNR.
    [-120, -20, -140.0432],
    // The TTS example's strongest gateway.
    [-97, 7.25, -97.7495],
  ])('RSSI %s dBm with SNR %s dB is %s dBm', (rssi, snr, expected) => {
    expect(estimatedSignalPower(rssi, snr)).toBeCloseTo(expected, 4);
  });

  it('is unknown without both RSSI and SNR', () => {
    expect(estimatedSignalPower(null, 7)).toBeNull();
    expect(estimatedSignalPower(-90, undefined)).toBeNull();
    expect(estimatedSignalPower(-90, Number.NaN)).toBeNull();
  });
});
