import type { MeasurementType } from '@olo/shared';

/** The span a gauge's arc covers: values outside it pin the arc to its end, the number still shows the value. */
export interface GaugeRange {
  min: number;
  max: number;
}

/**
 * Typical readings of each type, from the lowest a building usually sees to the level worth a look
 * (docs/decisions/0033-live-view-gauges.md): the gauge of a series that follows no limit (decision 0072).
 */
const typeRanges: Partial<Record<MeasurementType, GaugeRange>> = {
  Temperature: { min: 0, max: 40 },
  ExternalTemperature: { min: -30, max: 40 },
  'Temperature (Dewpoint)': { min: -20, max: 30 },
  'Dew point': { min: -20, max: 30 },
  Humidity: { min: 0, max: 100 },
  'Absolute humidity': { min: 0, max: 30 },
  'Structure humidity': { min: 50, max: 100 },
  'Paine-ero': { min: -50, max: 50 },
  'Differential pressure': { min: -50, max: 50 },
  Pressure: { min: 950, max: 1050 },
  CO2: { min: 400, max: 2000 },
  Volt: { min: 0, max: 4 },
  Light: { min: 0, max: 1000 },
  Motion: { min: 0, max: 50 },
  VOC: { min: 0, max: 100 },
  tVOC: { min: 0, max: 2000 },
  PM1: { min: 0, max: 50 },
  PM25: { min: 0, max: 50 },
  PM10: { min: 0, max: 100 },
  Sound: { min: 20, max: 100 },
  'UV index': { min: 0, max: 11 },
  Cloudiness: { min: 0, max: 100 },
  'Wind direction': { min: 0, max: 360 },
  'Wind speed': { min: 0, max: 30 },
  'Wind gusts': { min: 0, max: 40 },
  Rain: { min: 0, max: 20 },
  Snow: { min: 0, max: 20 },
  'Snow depth': { min: 0, max: 150 },
  // A meter at rest reads 1 g on the axis that points down; a knock reads up to 2 g on the Elsys range.
  Acceleration: { min: -2, max: 2 },
};

const defaultRange: GaugeRange = { min: 0, max: 100 };

export function gaugeRange(dataType: string): GaugeRange {
  return typeRanges[dataType as MeasurementType] ?? defaultRange;
}
