import { type MeasurementType, measurementTypeStyle } from '@olo/shared';

/** The span a gauge's arc covers: values outside it pin the arc to its end, the number still shows the value. */
export interface GaugeRange {
  min: number;
  max: number;
}

/**
 * Typical readings of each type, from the lowest a building usually sees to the level worth a look
 * (docs/decisions/0033-live-view-gauges.md). They stand in until series carry limits of their own.
 */
const typeRanges: Partial<Record<MeasurementType, GaugeRange>> = {
  Temperature: { min: 0, max: 40 },
  ExternalTemperature: { min: -30, max: 40 },
  'Temperature (Dewpoint)': { min: -20, max: 30 },
  'Dew point': { min: -20, max: 30 },
  Humidity: { min: 0, max: 100 },
  'Absolute humidity': { min: 0, max: 30 },
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
  Rain: { min: 0, max: 20 },
  Snow: { min: 0, max: 20 },
};

const defaultRange: GaugeRange = { min: 0, max: 100 };

export function gaugeRange(dataType: string): GaugeRange {
  return typeRanges[dataType as MeasurementType] ?? defaultRange;
}

/** How far along its arc a value is, 0–100; null for no value, so that the arc stays empty. */
export function gaugePercent(value: number | null | undefined, range: GaugeRange): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const percent = ((value - range.min) / (range.max - range.min)) * 100;
  return Math.min(100, Math.max(0, percent));
}

/** The colours a gauge draws with. */
export interface GaugeColors {
  background: string;
  title: string;
  detail: string;
  /** The arc up to the value. */
  filled: string;
  /** The rest of the arc. */
  empty: string;
}

/**
 * A gauge's colours from its measurement type's style. Series limits (spec: Limit, with colours per range) would
 * colour the arc by the range the value is in; Olo has no limits yet, so the type's own colour fills the arc.
 */
export function gaugeColors(dataType: string): GaugeColors {
  const style = measurementTypeStyle(dataType);
  return {
    background: style.background,
    title: style.gaugeTitleColor,
    detail: style.gaugeDetailColor,
    filled: style.mainColor,
    // The type's colour, faint: the whole arc reads as one scale of that colour.
    empty: `${style.mainColor}33`,
  };
}
