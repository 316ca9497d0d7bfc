import { isMeasurementType, type MeasurementType, measurementTypes, measurementUnits } from '../measurements.ts';

/**
 * How a measurement type looks on gauges, cards and charts (spec section 3). Colours are `#rrggbb` so that the web
 * app, PDF reports and server exports draw them alike. The palette and its contrast rules are in
 * docs/decisions/0030-display-rules.md.
 */
export interface MeasurementTypeStyle {
  /** Fill behind a gauge or card of the type. */
  background: string;
  /** Gauge title (the type's name), readable on `background` as normal text (at least 4.5:1). */
  gaugeTitleColor: string;
  /** Gauge details (time, min and max, unit), readable on `background` even in small print (at least 7:1). */
  gaugeDetailColor: string;
  /** The type's own colour: gauge arc, chart line, icon; at least 3:1 against white and against `background`. */
  mainColor: string;
  /** Unit values of the type are shown in (the spec's unit table); '?' for an unknown type. */
  unit: string;
  /** Class for styling by type, `measurement-<type>`; `measurement-default` for an unknown type. */
  cssClass: string;
}

/** Colours of one hue family; several types of one quantity share a family. */
interface Tone {
  background: string;
  gaugeTitleColor: string;
  mainColor: string;
}

// Mantine's shade 0 backgrounds; titles and main colours darkened where Mantine's own shades miss the contrast.
const tones = {
  red: { background: '#fff5f5', gaugeTitleColor: '#c92a2a', mainColor: '#e03131' },
  orange: { background: '#fff4e6', gaugeTitleColor: '#b5400c', mainColor: '#e8590c' },
  yellow: { background: '#fff9db', gaugeTitleColor: '#8f5200', mainColor: '#cc6a00' },
  lime: { background: '#f4fce3', gaugeTitleColor: '#466f0a', mainColor: '#5c940d' },
  green: { background: '#ebfbee', gaugeTitleColor: '#237032', mainColor: '#2f9e44' },
  teal: { background: '#e6fcf5', gaugeTitleColor: '#087f5b', mainColor: '#099268' },
  cyan: { background: '#e3fafc', gaugeTitleColor: '#0b7285', mainColor: '#1098ad' },
  blue: { background: '#e7f5ff', gaugeTitleColor: '#1864ab', mainColor: '#1c7ed6' },
  indigo: { background: '#edf2ff', gaugeTitleColor: '#364fc7', mainColor: '#4263eb' },
  violet: { background: '#f3f0ff', gaugeTitleColor: '#5f3dc4', mainColor: '#7048e8' },
  grape: { background: '#f8f0fc', gaugeTitleColor: '#862e9c', mainColor: '#ae3ec9' },
  pink: { background: '#fff0f6', gaugeTitleColor: '#a61e4d', mainColor: '#d6336c' },
  gray: { background: '#f8f9fa', gaugeTitleColor: '#212529', mainColor: '#868e96' },
} as const satisfies Record<string, Tone>;

type Hue = keyof typeof tones;

/** Dark grey of every gauge's details: neutral, so that only the title and the arc carry the type's hue. */
const gaugeDetailColor = '#495057';

/** The hue of each type: one family per quantity, so that a glance tells temperatures from pressures. */
const typeHues: Record<MeasurementType, Hue> = {
  Temperature: 'red',
  ExternalTemperature: 'orange',
  'Temperature (Dewpoint)': 'teal',
  'Dew point': 'teal',
  Humidity: 'blue',
  'Absolute humidity': 'cyan',
  'Structure humidity': 'blue',
  'Paine-ero': 'violet',
  'Differential pressure': 'violet',
  Pressure: 'indigo',
  CO2: 'green',
  Volt: 'yellow',
  Light: 'yellow',
  Motion: 'grape',
  VOC: 'lime',
  tVOC: 'lime',
  PM1: 'pink',
  PM25: 'pink',
  PM10: 'pink',
  Sound: 'grape',
  'UV index': 'orange',
  Cloudiness: 'gray',
  'Wind direction': 'cyan',
  'Wind speed': 'cyan',
  'Wind gusts': 'cyan',
  Rain: 'blue',
  Snow: 'indigo',
  'Snow depth': 'indigo',
  Acceleration: 'grape',
  ignore: 'gray',
};

/** `Temperature (Dewpoint)` → `measurement-temperature-dewpoint`: lower case, anything else than a letter or digit a dash. */
function cssClassOf(type: string): string {
  const slug = type
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `measurement-${slug}`;
}

/** The style of a type that the spec does not list (or of none): neutral grey, unit '?'. */
export const defaultMeasurementTypeStyle: Readonly<MeasurementTypeStyle> = Object.freeze({
  ...tones.gray,
  gaugeDetailColor,
  unit: '?',
  cssClass: 'measurement-default',
});

/** The style of every type of the spec's list. */
export const measurementTypeStyles: Readonly<Record<MeasurementType, Readonly<MeasurementTypeStyle>>> = Object.freeze(
  Object.fromEntries(
    measurementTypes.map((type) => [
      type,
      Object.freeze({
        ...tones[typeHues[type]],
        gaugeDetailColor,
        unit: measurementUnits[type],
        cssClass: cssClassOf(type),
      }),
    ]),
  ) as Record<MeasurementType, MeasurementTypeStyle>,
);

/** The style of a data type; an unknown or missing type gets the default style with unit '?'. */
export function measurementTypeStyle(dataType: string | null | undefined): Readonly<MeasurementTypeStyle> {
  return isMeasurementType(dataType) ? measurementTypeStyles[dataType] : defaultMeasurementTypeStyle;
}
