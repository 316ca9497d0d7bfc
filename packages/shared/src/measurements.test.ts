import { describe, expect, it } from 'vitest';
import {
  channelLabel,
  datasourceChannelLabel,
  formatMeasurement,
  humanizeChannelKey,
  isRoomMeasurement,
  mainChannel,
  measurementDecimals,
  measurementName,
  measurementTypesInOrder,
  unitLabel,
} from './measurements.ts';

describe('formatMeasurement (spec section 5)', () => {
  it('rounds to 1 decimal by default, 0 for CO2 and 2 for Differential pressure (not Paine-ero)', () => {
    expect(formatMeasurement(21.46, 'Temperature')).toBe('21.5');
    expect(formatMeasurement(21, 'Humidity')).toBe('21.0');
    expect(formatMeasurement(612.6, 'CO2')).toBe('613');
    expect(formatMeasurement(-3.456, 'Differential pressure')).toBe('-3.46');
    expect(formatMeasurement(1.26, 'Paine-ero')).toBe('1.3');
    expect(formatMeasurement(7.06)).toBe('7.1');
    expect(measurementDecimals('CO2')).toBe(0);
    expect(measurementDecimals('Motion')).toBe(0);
  });

  it('shows Acceleration in g with 2 decimals, a meter-health type kept off spaces', () => {
    expect(formatMeasurement(1 / 63, 'Acceleration', 'fi')).toBe('0,02');
    expect(formatMeasurement(-63 / 63, 'Acceleration')).toBe('-1.00');
    expect(isRoomMeasurement('Acceleration')).toBe(false);
    expect(measurementName('Acceleration', 'fi')).toBe('Kiihtyvyys');
    expect(measurementTypesInOrder.indexOf('Acceleration')).toBeGreaterThan(3);
  });

  it("shows '-' for a missing or non-numeric value", () => {
    for (const value of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, {}, true]) {
      expect(formatMeasurement(value, 'Temperature')).toBe('-');
    }
  });

  it('reads numbers given as text', () => {
    expect(formatMeasurement('22.34', 'Temperature')).toBe('22.3');
  });

  it('never shows a negative zero', () => {
    expect(formatMeasurement(-0.04, 'Temperature')).toBe('0.0');
    expect(formatMeasurement(-0.4, 'CO2')).toBe('0');
  });

  it("uses the language's decimal separator and no digit grouping", () => {
    expect(formatMeasurement(21.46, 'Temperature', 'fi')).toBe('21,5');
    expect(formatMeasurement(21.46, 'Temperature', 'sv')).toBe('21,5');
    expect(formatMeasurement(21.46, 'Temperature', 'en')).toBe('21.5');
    expect(formatMeasurement(12345.6, 'CO2', 'fi')).toBe('12346');
    expect(formatMeasurement(-5.5, 'Paine-ero', 'fi')).toMatch(/^[-−]5,5$/);
    expect(formatMeasurement(-5.5, 'Differential pressure', 'fi')).toMatch(/^[-−]5,50$/);
  });
});

describe('mainChannel', () => {
  const channel = (type: string, unit = '') => ({ value: 1, type, unit });

  it('takes the priority types first, whatever the order of the channels', () => {
    const channels = {
      co2: channel('CO2', 'ppm'),
      pressure: channel('Pressure', 'hPa'),
      rh: channel('Humidity', '%RH'),
    };
    expect(mainChannel(channels)).toEqual({ name: 'rh', type: 'Humidity', unit: '%RH' });
    expect(mainChannel({ b: channel('Paine-ero', 'Pa'), a: channel('CO2', 'ppm') })?.name).toBe('a');
    expect(mainChannel({ t2: channel('Temperature'), t1: channel('Temperature'), h: channel('Humidity') })?.name).toBe(
      't1',
    );
  });

  it("then follows the spec's list of types, unknown types last, and leaves 'ignore' out", () => {
    expect(mainChannel({ battery: channel('Volt', 'V'), air: channel('Pressure', 'hPa') })?.type).toBe('Pressure');
    expect(mainChannel({ a: channel('Mystery'), b: channel('Sound', 'dB') })?.type).toBe('Sound');
    expect(mainChannel({ z: channel('Zeta'), a: channel('Alpha') })?.type).toBe('Alpha');
    expect(mainChannel({ raw: channel('ignore'), battery: channel('Volt', 'V') })?.name).toBe('battery');
  });

  it('is null without a channel that counts', () => {
    for (const channels of [null, undefined, {}, [], 'x', { raw: channel('ignore') }, { bad: 3 }, { bad: {} }]) {
      expect(mainChannel(channels)).toBeNull();
    }
  });
});

describe('unitLabel', () => {
  it('translates the count unit and leaves symbols alone', () => {
    expect(unitLabel('kpl', 'fi')).toBe('kpl');
    expect(unitLabel('kpl', 'sv')).toBe('st');
    expect(unitLabel('kpl', 'en')).toBe('pcs');
    expect(unitLabel('°C', 'en')).toBe('°C');
    expect(unitLabel('ppm', 'sv')).toBe('ppm');
  });
});

describe('humanizeChannelKey', () => {
  it('reads a technical channel key as words', () => {
    expect(humanizeChannelKey('battery_voltage')).toBe('Battery voltage');
    expect(humanizeChannelKey('co2SensorStatus')).toBe('Co2 sensor status');
    expect(humanizeChannelKey('raw-ir.reading')).toBe('Raw ir reading');
    expect(humanizeChannelKey('__')).toBe('__');
  });
});

describe('isRoomMeasurement', () => {
  it('keeps the battery voltage and untyped values on the meter', () => {
    expect(isRoomMeasurement('Volt')).toBe(false);
    expect(isRoomMeasurement('ignore')).toBe(false);
    expect(isRoomMeasurement('CO2')).toBe(true);
    expect(isRoomMeasurement('Humidity')).toBe(true);
  });
});

describe('names of measurements and channels in a language (decision 0167)', () => {
  it('names a type in fi, sv and en; "Paine-ero" as a pressure difference; an unknown type as it is', () => {
    expect([measurementName('Temperature', 'fi'), measurementName('Temperature', 'sv')]).toEqual([
      'Lämpötila',
      'Temperatur',
    ]);
    expect(measurementName('Volt', 'fi')).toBe('Jännite');
    expect(measurementName('Volt', 'en')).toBe('Voltage');
    expect(measurementName('Paine-ero', 'sv')).toBe('Tryckskillnad');
    expect(measurementName('CO2', 'sv')).toBe('CO2');
    expect(measurementName('Radon', 'fi')).toBe('Radon');
    // Finnish, the default language, for a language Olo has no texts in.
    expect(measurementName('Humidity', 'de')).toBe('Kosteus');
  });

  it('names a channel by its measurement, with its key in words when another channel measures the same', () => {
    const channels = [
      { name: 'temperature', type: 'Temperature' },
      { name: 'temperature_probe2', type: 'Temperature' },
      { name: 'humidity', type: 'Humidity' },
      { name: 'rssi_raw', type: 'Signal' },
    ];
    expect(channels.map((channel) => channelLabel(channel, channels, 'fi'))).toEqual([
      'Lämpötila (temperature)',
      'Lämpötila (temperature probe2)',
      'Kosteus',
      'Rssi raw',
    ]);
    expect(channelLabel({ name: 'humidity', type: 'Humidity' }, [], 'sv')).toBe('Luftfuktighet');
  });

  it("names a datasource's channel by the series' measurement when it feeds the series straight", () => {
    expect(datasourceChannelLabel('temperature', { dataType: 'Temperature', direct: true }, 'fi')).toBe('Lämpötila');
    // DL-PR26's "pressure" channel feeds a pressure difference: the key names a measurement, the series says which.
    expect(datasourceChannelLabel('pressure', { dataType: 'Paine-ero', direct: true }, 'sv')).toBe('Tryckskillnad');
    expect(datasourceChannelLabel('temp_probe2', { dataType: 'Temperature', direct: true }, 'fi')).toBe(
      'Lämpötila (temp probe2)',
    );
    // Read by a function (dew point of temperature and humidity): the measurement its key names, else the key.
    expect(datasourceChannelLabel('temperature', { dataType: 'Dew point', direct: false }, 'fi')).toBe('Lämpötila');
    expect(datasourceChannelLabel('rh_2', { dataType: 'Dew point', direct: false }, 'fi')).toBe('Rh 2');
  });
});
