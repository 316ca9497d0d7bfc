import { describe, expect, it } from 'vitest';
import { absoluteHumidity, dewPoint, findDatasourceFunction } from './datasource-functions.ts';

describe('datasource functions', () => {
  it('give the dew point of humid air as psychrometric tables do', () => {
    // 20 °C at 50 %RH: 9.3 °C; 25 °C at 80 %RH: 21.3 °C; saturated air: its own temperature.
    expect(dewPoint(50, 20)).toBeCloseTo(9.26, 1);
    expect(dewPoint(80, 25)).toBeCloseTo(21.31, 1);
    expect(dewPoint(100, 12)).toBeCloseTo(12, 6);
    expect(dewPoint(60, -10)).toBeCloseTo(-16.4, 0);
  });

  it('give absolute humidity in g/m³', () => {
    // 20 °C at 50 %RH holds 8.6 g/m³; 30 °C saturated 30.4 g/m³.
    expect(absoluteHumidity(50, 20)).toBeCloseTo(8.65, 1);
    expect(absoluteHumidity(100, 30)).toBeCloseTo(30.3, 0);
  });

  it('store nothing for readings outside the formulas', () => {
    expect(dewPoint(0, 20)).toBeNull();
    expect(dewPoint(120, 20)).toBeNull();
    expect(absoluteHumidity(50, 90)).toBeNull();
    expect(findDatasourceFunction('dewPoint')?.compute(50, [])).toBeNull();
  });

  it('are found by id', () => {
    expect(findDatasourceFunction('absoluteHumidity')).toMatchObject({
      requiredDataType: 'Humidity',
      extra: ['Temperature'],
    });
    expect(findDatasourceFunction('nope')).toBeUndefined();
    expect(findDatasourceFunction(null)).toBeUndefined();
  });
});
