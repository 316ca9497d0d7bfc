import { describe, expect, it } from 'vitest';
import { spaceWeatherInput, spaceWeatherIssues, spaceWeatherValues, weatherDataTypes } from './spaceWeatherForm.ts';
import { formatCelsius, formatKm, isBackfilling, isWeatherStale, providerName } from './weatherSourceStatus.ts';

const now = Date.parse('2026-11-28T12:00:00Z');

describe('weather source status', () => {
  it('is stale after a failed fetch, without observations, or two hours after the newest', () => {
    expect(isWeatherStale({ lastError: null, latestTime: '2026-11-28T11:00:00Z' }, now)).toBe(false);
    expect(isWeatherStale({ lastError: null, latestTime: '2026-11-28T10:00:00Z' }, now)).toBe(false);
    expect(isWeatherStale({ lastError: null, latestTime: '2026-11-28T09:59:00Z' }, now)).toBe(true);
    expect(isWeatherStale({ lastError: 'timeout', latestTime: '2026-11-28T11:50:00Z' }, now)).toBe(true);
    expect(isWeatherStale({ lastError: null, latestTime: null }, now)).toBe(true);
  });

  it('backfills while any source is below 1', () => {
    expect(isBackfilling([{ backfillProgress: 1 }, { backfillProgress: 0.4 }])).toBe(true);
    expect(isBackfilling([{ backfillProgress: 1 }])).toBe(false);
    expect(isBackfilling([])).toBe(false);
  });

  it('writes distances and temperatures with one decimal in the language', () => {
    expect(formatKm(12.345, 'fi')).toBe('12,3 km');
    expect(formatKm(12.345, 'en')).toBe('12.3 km');
    expect(formatKm(null, 'fi')).toBeNull();
    expect(formatCelsius(-3.44, 'fi')).toBe('−3,4 °C');
    expect(providerName('fmi')).toBe('FMI');
    expect(providerName('open-meteo')).toBe('Open-Meteo');
  });
});

describe('space weather form', () => {
  it('keeps no source, type or limit for a space without weather', () => {
    const values = spaceWeatherValues({ weather: false, weatherId: 3, weatherDatatype: 'Humidity', weatherLimit: 4 });
    expect(spaceWeatherInput(values)).toEqual({
      weather: false,
      weatherId: null,
      weatherDatatype: null,
      weatherLimit: null,
    });
    expect(spaceWeatherIssues(values)).toEqual([]);
  });

  it('needs a source and a type when the space shows weather; the limit is optional', () => {
    const values = { weather: true, weatherId: '', weatherDatatype: '', weatherLimit: '' };
    expect(spaceWeatherIssues(values).map((issue) => issue.path?.[0])).toEqual(['weatherId', 'weatherDatatype']);
    expect(spaceWeatherInput({ ...values, weatherId: '3', weatherDatatype: 'ExternalTemperature' })).toEqual({
      weather: true,
      weatherId: 3,
      weatherDatatype: 'ExternalTemperature',
      weatherLimit: null,
    });
  });

  it("offers the types of the source's series, outdoor temperature first", () => {
    const series = [
      { weatherId: 3, dataType: 'Humidity' },
      { weatherId: 3, dataType: 'ExternalTemperature' },
      { weatherId: 4, dataType: 'Pressure' },
      { weatherId: null, dataType: 'Temperature' },
    ];
    expect(weatherDataTypes(series, 3)).toEqual(['ExternalTemperature', 'Humidity']);
  });
});
