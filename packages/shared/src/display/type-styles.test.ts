import { describe, expect, it } from 'vitest';
import { measurementTypes, measurementUnits } from '../measurements.ts';
import { contrastRatio } from './contrast.ts';
import {
  defaultMeasurementTypeStyle,
  type MeasurementTypeStyle,
  measurementTypeStyle,
  measurementTypeStyles,
} from './type-styles.ts';

const allStyles: [string, MeasurementTypeStyle][] = [
  ...Object.entries(measurementTypeStyles),
  ['(default)', defaultMeasurementTypeStyle],
];

describe('measurement type styles', () => {
  it('give every type of the spec a style in its unit of the spec table', () => {
    for (const type of measurementTypes) {
      expect(measurementTypeStyle(type).unit, type).toBe(measurementUnits[type]);
    }
    expect(measurementTypeStyle('Temperature')).toMatchObject({ unit: '°C', cssClass: 'measurement-temperature' });
    expect(measurementTypeStyle('CO2')).toMatchObject({ unit: 'ppm', cssClass: 'measurement-co2' });
    expect(measurementTypeStyle('UV index')).toMatchObject({ unit: '', cssClass: 'measurement-uv-index' });
    expect(measurementTypeStyle('Temperature (Dewpoint)').cssClass).toBe('measurement-temperature-dewpoint');
  });

  it.each(['Radon', 'temperature', '', null, undefined, 'constructor'])(
    'give %j the default style with unit "?"',
    (type) => {
      expect(measurementTypeStyle(type)).toBe(defaultMeasurementTypeStyle);
      expect(defaultMeasurementTypeStyle).toMatchObject({ unit: '?', cssClass: 'measurement-default' });
    },
  );

  it('have one css class a type, each a valid class name', () => {
    const classes = allStyles.map(([, style]) => style.cssClass);
    expect(new Set(classes).size).toBe(classes.length);
    for (const cssClass of classes) expect(cssClass).toMatch(/^measurement-[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('keep pressure differences apart from air pressure, and temperatures apart from humidity', () => {
    expect(measurementTypeStyle('Paine-ero').mainColor).toBe(measurementTypeStyle('Differential pressure').mainColor);
    expect(measurementTypeStyle('Paine-ero').mainColor).not.toBe(measurementTypeStyle('Pressure').mainColor);
    expect(measurementTypeStyle('Temperature').mainColor).not.toBe(measurementTypeStyle('Humidity').mainColor);
  });

  it.each(allStyles)(
    'of %s are readable: title AA, details AAA, main colour 3:1 on white and on its background',
    (_, style) => {
      expect(contrastRatio(style.gaugeTitleColor, style.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(style.gaugeDetailColor, style.background)).toBeGreaterThanOrEqual(7);
      expect(contrastRatio(style.mainColor, '#ffffff')).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(style.mainColor, style.background)).toBeGreaterThanOrEqual(3);
    },
  );

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(measurementTypeStyles)).toBe(true);
    expect(Object.isFrozen(measurementTypeStyle('Humidity'))).toBe(true);
    expect(Object.isFrozen(defaultMeasurementTypeStyle)).toBe(true);
  });
});
