import type { MeasurementType } from './measurements.ts';

/**
 * Datasource functions (spec section 3): a datasource may feed its series not the channel's value
 * but a quantity computed from it and other channels of the same reading, for example the dew
 * point from relative humidity and temperature, which tells whether a structure can take the next
 * coat. Inputs are in their types' units (after each channel's conversion and calibration); the
 * result is in the function's type's unit.
 */
export interface DatasourceFunction {
  id: string;
  /** English name; the web app translates it like other texts. */
  name: string;
  /** The type of the datasource's own channel. */
  requiredDataType: MeasurementType;
  /** Types of the further channels it needs, in the order `compute` takes them. */
  extra: MeasurementType[];
  dataType: MeasurementType;
  dataUnit: string;
  dataName: string;
  /** Null when the inputs are out of the formula's range (no value is stored then). */
  compute(value: number, extras: number[]): number | null;
}

/** Magnus coefficients over water (Sonntag 1990), valid from −45 °C to 60 °C. */
const magnus = { a: 6.112, b: 17.62, c: 243.12 };

/** Saturation vapour pressure over water at `celsius`, hPa. */
export function saturationVapourPressure(celsius: number): number {
  return magnus.a * Math.exp((magnus.b * celsius) / (magnus.c + celsius));
}

const validHumidity = (relative: number) => relative > 0 && relative <= 100;
const validTemperature = (celsius: number) => celsius >= -45 && celsius <= 60;

/** Dew point, °C, from relative humidity (%RH) and temperature (°C). */
export function dewPoint(relativeHumidity: number, celsius: number): number | null {
  if (!validHumidity(relativeHumidity) || !validTemperature(celsius)) return null;
  const gamma = Math.log(relativeHumidity / 100) + (magnus.b * celsius) / (magnus.c + celsius);
  return (magnus.c * gamma) / (magnus.b - gamma);
}

/** Absolute humidity, g/m³ of water vapour, from relative humidity (%RH) and temperature (°C). */
export function absoluteHumidity(relativeHumidity: number, celsius: number): number | null {
  if (!validHumidity(relativeHumidity) || !validTemperature(celsius)) return null;
  const vapourPressurePa = (relativeHumidity / 100) * saturationVapourPressure(celsius) * 100;
  // ρ = e / (Rv · T), Rv = 461.5 J/(kg·K); × 1000 for grams.
  return (vapourPressurePa / (461.5 * (celsius + 273.15))) * 1000;
}

export const datasourceFunctions: readonly DatasourceFunction[] = [
  {
    id: 'dewPoint',
    name: 'Dew point',
    requiredDataType: 'Humidity',
    extra: ['Temperature'],
    dataType: 'Dew point',
    dataUnit: '°C',
    dataName: 'Dew point',
    compute: (humidity, [temperature]) => (temperature === undefined ? null : dewPoint(humidity, temperature)),
  },
  {
    id: 'absoluteHumidity',
    name: 'Absolute humidity',
    requiredDataType: 'Humidity',
    extra: ['Temperature'],
    dataType: 'Absolute humidity',
    dataUnit: 'g/m³',
    dataName: 'Absolute humidity',
    compute: (humidity, [temperature]) => (temperature === undefined ? null : absoluteHumidity(humidity, temperature)),
  },
];

export function findDatasourceFunction(id: string | null | undefined): DatasourceFunction | undefined {
  return id ? datasourceFunctions.find((candidate) => candidate.id === id) : undefined;
}

export const datasourceFunctionErrors = {
  unknownFunction: 'Unknown datasource function',
  wrongChannelType: 'The channel does not measure what the function needs',
  extraChannelMissing: 'Choose a channel for each further quantity the function needs',
} as const;
