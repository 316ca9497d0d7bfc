import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  indoorOutdoorDifference,
  matchWeather,
  providerChannels,
  spaceWeatherSeries,
  weatherIcon,
} from './weather.ts';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 1, 12);

describe('matchWeather (spec section 9: within 2 hours, not past the project end)', () => {
  const points = [{ time: t0, value: -3 }];

  it('matches a reading 1 h 59 min from the observation, either side', () => {
    expect(matchWeather(points, t0 + 119 * minute)?.value).toBe(-3);
    expect(matchWeather(points, t0 - 119 * minute)?.value).toBe(-3);
  });

  it('matches exactly 2 h, not 2 h 01 min', () => {
    expect(matchWeather(points, t0 + 120 * minute)?.value).toBe(-3);
    expect(matchWeather(points, t0 + 121 * minute)).toBeUndefined();
    expect(matchWeather(points, t0 - 121 * minute)).toBeUndefined();
  });

  it('matches nothing past the project end: neither a reading after it nor an observation after it', () => {
    expect(matchWeather(points, t0 + 10 * minute, t0 + 5 * minute)).toBeUndefined();
    const late = [{ time: t0 + 30 * minute, value: 1 }];
    expect(matchWeather(late, t0, t0 + 10 * minute)).toBeUndefined();
    expect(matchWeather(late, t0, t0 + 30 * minute)?.value).toBe(1);
  });

  it('takes the nearest of several, the earlier on a tie', () => {
    const several = [
      { time: t0, value: 1 },
      { time: t0 + 10 * minute, value: 2 },
      { time: t0 + 20 * minute, value: 3 },
    ];
    expect(matchWeather(several, t0 + 14 * minute)?.value).toBe(2);
    expect(matchWeather(several, t0 + 16 * minute)?.value).toBe(3);
    expect(matchWeather(several, t0 + 5 * minute)?.value).toBe(1);
    expect(matchWeather([], t0)).toBeUndefined();
  });
});

describe('weather helpers', () => {
  it('measures great-circle distances (Helsinki to Turku about 150 km)', () => {
    const km = distanceKm({ latitude: 60.1699, longitude: 24.9384 }, { latitude: 60.4518, longitude: 22.2666 });
    expect(km).toBeGreaterThan(145);
    expect(km).toBeLessThan(155);
  });

  it('gives FMI no UV index and Open-Meteo no channel FMI alone has; both absolute humidity', () => {
    const fmi = providerChannels('fmi').map((c) => c.key);
    const openMeteo = providerChannels('open-meteo').map((c) => c.key);
    expect(fmi).not.toContain('uvIndex');
    expect(fmi).toContain('absoluteHumidity');
    expect(openMeteo).toContain('uvIndex');
    expect(openMeteo).toContain('absoluteHumidity');
  });

  it("finds a space's weather series by source and type, none when the space shows no weather", () => {
    const series = [
      { id: 1, weatherId: 7, dataType: 'Humidity' },
      { id: 2, weatherId: 7, dataType: 'ExternalTemperature' },
      { id: 3, weatherId: null, dataType: 'ExternalTemperature' },
    ];
    const space = { weather: true, weatherId: 7, weatherDatatype: 'ExternalTemperature' };
    expect(spaceWeatherSeries(space, series)?.id).toBe(2);
    expect(spaceWeatherSeries({ ...space, weather: false }, series)).toBeUndefined();
    expect(spaceWeatherSeries({ ...space, weatherId: 8 }, series)).toBeUndefined();
  });

  it('compares indoors with the matched outdoor value, CO2 with the outdoor background', () => {
    const outdoor = [{ time: t0, value: -5 }];
    expect(indoorOutdoorDifference({ dataType: 'Temperature', time: t0 + minute, value: 21 }, outdoor)).toBe(26);
    expect(indoorOutdoorDifference({ dataType: 'Temperature', time: t0 + 3 * 3_600_000, value: 21 }, outdoor)).toBe(
      undefined,
    );
    expect(indoorOutdoorDifference({ dataType: 'CO2', time: t0, value: 1000 }, [])).toBe(580);
  });

  it('draws the weather now from precipitation and clouds', () => {
    expect(weatherIcon({ rain: 1.2, temperature: 4 })).toBe('rain');
    expect(weatherIcon({ rain: 1.2, temperature: -2 })).toBe('snow');
    expect(weatherIcon({ rain: 0, cloudiness: 87.5 })).toBe('cloudy');
    expect(weatherIcon({ rain: 0, cloudiness: 37.5 })).toBe('partly-cloudy');
    expect(weatherIcon({ rain: 0, cloudiness: 0 })).toBe('clear');
    expect(weatherIcon({ temperature: 3 })).toBeNull();
  });
});
