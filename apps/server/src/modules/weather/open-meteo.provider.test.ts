import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWeatherProviderServer, type WeatherProviderServer } from '../../testing/weather-provider-server.ts';
import { createOpenMeteoProvider } from './open-meteo.provider.ts';
import { WeatherFetchError, type WeatherObservation, type WeatherStation } from './weather-provider.ts';

let server: WeatherProviderServer;
beforeAll(async () => {
  server = await startWeatherProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const openMeteo = (now: string, timeoutMs?: number) =>
  createOpenMeteoProvider({
    forecastUrl: server.openMeteoForecastUrl,
    archiveUrl: server.openMeteoArchiveUrl,
    timeoutMs,
    now: () => new Date(now),
  });

const helsinki: WeatherStation = {
  provider: 'open-meteo',
  stationKey: '60.17,24.94',
  name: 'Open-Meteo 60.17, 24.94',
  latitude: 60.17,
  longitude: 24.94,
};

function valuesAt(observations: WeatherObservation[], iso: string): Record<string, number> {
  return Object.fromEntries(
    observations.filter((observation) => observation.time.toISOString() === iso).map((o) => [o.channel, o.value]),
  );
}

const allVariables =
  'temperature_2m,relative_humidity_2m,dew_point_2m,pressure_msl,cloud_cover,uv_index,wind_speed_10m,' +
  'wind_direction_10m,wind_gusts_10m,precipitation,snowfall,snow_depth';

describe('Open-Meteo', () => {
  it('locates a point at its grid point, without asking Open-Meteo', async () => {
    const station = await openMeteo('2024-05-14T12:30:00Z').locate({ latitude: 60.16987, longitude: 24.93838 });
    expect(station).toEqual(helsinki);
    expect(server.requests).toHaveLength(0);
  });

  it('reads recent days from the forecast API, in the channels’ units, with no hour after now', async () => {
    server.setBehaviour('openMeteoForecast', { fixture: 'open-meteo-forecast.json' });
    const observations = await openMeteo('2024-05-14T12:30:00Z').observations(
      helsinki,
      new Date('2024-05-13T00:00:00Z'),
      new Date('2024-05-15T00:00:00Z'),
    );

    expect(server.requests.map((request) => request.route)).toEqual(['openMeteoForecast']);
    expect(Object.fromEntries(server.requests[0]?.url.searchParams ?? [])).toEqual({
      latitude: '60.17',
      longitude: '24.94',
      hourly: allVariables,
      wind_speed_unit: 'ms',
      timeformat: 'unixtime',
      start_date: '2024-05-13',
      end_date: '2024-05-14',
    });
    expect(valuesAt(observations, '2024-05-13T05:00:00.000Z')).toEqual({
      temperature: 2.7,
      humidity: 88,
      dewPoint: -0.2,
      pressure: 1018.2,
      cloudiness: 99,
      uvIndex: 0,
      windSpeed: 1.56,
      windDirection: 209,
      gusts: 3.6,
      rain: 0.2,
      // 0.1 cm of snowfall in the hour: 1 mm/h; 0.08 m of snow on the ground: 8 cm.
      snow: 1,
      snowDepth: 8,
    });
    // A null is no value; the other variables of the hour are kept.
    const nullHour = valuesAt(observations, '2024-05-14T05:00:00.000Z');
    expect(nullHour).not.toHaveProperty('temperature');
    expect(nullHour.humidity).toBe(88);
    // 12:00 is before now (12:30); later hours of the answer are forecasts.
    const times = [...new Set(observations.map((o) => o.time.getTime()))];
    expect(times).toHaveLength(24 + 13);
    expect(observations.at(-1)?.time.toISOString()).toBe('2024-05-14T12:00:00.000Z');
  });

  it('reads older days from the archive API, which is not asked for the UV index', async () => {
    server.setBehaviour('openMeteoArchive', { fixture: 'open-meteo-archive.json' });
    const observations = await openMeteo('2024-03-01T00:00:00Z').observations(
      helsinki,
      new Date('2024-01-10T00:00:00Z'),
      new Date('2024-01-11T00:00:00Z'),
    );
    expect(server.requests.map((request) => request.route)).toEqual(['openMeteoArchive']);
    const query = server.requests[0]?.url.searchParams;
    expect(query?.get('hourly')).toBe(allVariables.replace('uv_index,', ''));
    expect([query?.get('start_date'), query?.get('end_date')]).toEqual(['2024-01-10', '2024-01-10']);
    // The answer's second day is outside the period.
    expect(new Set(observations.map((o) => o.time.getTime())).size).toBe(24);
    expect(valuesAt(observations, '2024-01-10T00:00:00.000Z')).toMatchObject({
      temperature: 3.5,
      snow: 4,
      snowDepth: 8,
    });
    expect(valuesAt(observations, '2024-01-10T03:00:00.000Z')).not.toHaveProperty('snowDepth');
    expect(observations.some((o) => o.channel === 'uvIndex')).toBe(false);
  });

  it('splits a period across the archive’s lag into one request to each API', async () => {
    const observations = await openMeteo('2024-05-14T12:30:00Z').observations(
      helsinki,
      new Date('2024-05-01T00:00:00Z'),
      new Date('2024-05-14T12:00:00Z'),
    );
    const dates = server.requests.map((r) => [
      r.route,
      r.url.searchParams.get('start_date'),
      r.url.searchParams.get('end_date'),
    ]);
    expect(dates.sort()).toEqual([
      ['openMeteoArchive', '2024-05-01', '2024-05-08'],
      ['openMeteoForecast', '2024-05-09', '2024-05-14'],
    ]);
    const temperatures = observations.filter((o) => o.channel === 'temperature').map((o) => o.time.getTime());
    expect(temperatures).toHaveLength(13 * 24 + 12);
    expect(new Set(temperatures).size).toBe(temperatures.length);
    const firstUv = observations.find((o) => o.channel === 'uvIndex');
    expect(firstUv?.time.toISOString()).toBe('2024-05-09T00:00:00.000Z');
  });

  it('asks nothing for a period that is all in the future', async () => {
    const provider = openMeteo('2024-05-14T12:30:00Z');
    expect(
      await provider.observations(helsinki, new Date('2024-05-15T00:00:00Z'), new Date('2024-05-16T00:00:00Z')),
    ).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('Open-Meteo: unusable answers', () => {
  const recent = [helsinki, new Date('2024-05-13T00:00:00Z'), new Date('2024-05-14T00:00:00Z')] as const;

  it('reports the reason of an error answer', async () => {
    server.setBehaviour('openMeteoForecast', { fixture: 'open-meteo-error.json', status: 400 });
    await expect(openMeteo('2024-05-14T12:30:00Z').observations(...recent)).rejects.toThrow(
      new WeatherFetchError('Open-Meteo answered 400: Latitude must be in range of -90 to 90°. Given: 300.0.'),
    );
    server.setBehaviour('openMeteoForecast', {
      body: '<html>Bad gateway</html>',
      status: 502,
      contentType: 'text/html',
    });
    await expect(openMeteo('2024-05-14T12:30:00Z').observations(...recent)).rejects.toThrow(
      new WeatherFetchError('Open-Meteo answered 502'),
    );
  });

  it('returns nothing when one of the two requests fails', async () => {
    server.setBehaviour('openMeteoArchive', { body: '{}', status: 500 });
    const provider = openMeteo('2024-05-14T12:30:00Z');
    await expect(
      provider.observations(helsinki, new Date('2024-05-01T00:00:00Z'), new Date('2024-05-14T00:00:00Z')),
    ).rejects.toThrow('Open-Meteo answered 500');
  });

  it('gives up on an Open-Meteo that does not answer in time, and reports a dropped connection', async () => {
    server.setBehaviour('openMeteoForecast', 'hang');
    await expect(openMeteo('2024-05-14T12:30:00Z', 100).observations(...recent)).rejects.toThrow(
      new WeatherFetchError('Open-Meteo did not answer within 0.1 s'),
    );
    server.setBehaviour('openMeteoForecast', 'close');
    await expect(openMeteo('2024-05-14T12:30:00Z').observations(...recent)).rejects.toThrow(
      /^Open-Meteo could not be reached: /,
    );
  });

  it('returns nothing of a body that is not what its format says', async () => {
    const hourly = (columns: Record<string, unknown>) =>
      JSON.stringify({ latitude: 60.15, longitude: 24.95, hourly_units: { time: 'unixtime' }, hourly: columns });
    const cases: [string, RegExp][] = [
      ['{"latitude": 60.15, "hourly": ', /^Open-Meteo's answer is not JSON$/],
      ['{"latitude": 60.15}', /^Open-Meteo's answer is not hourly data: hourly/],
      [hourly({ time: ['2024-05-13T00:00'], temperature_2m: [3.5] }), /not hourly data: hourly\.time\.0/],
      [hourly({ time: [1715558400], temperature_2m: ['3.5'] }), /not hourly data: hourly\.temperature_2m\.0/],
      [
        hourly({ time: [1715558400, 1715562000], temperature_2m: [3.5, 2.7], relative_humidity_2m: [85] }),
        /^Open-Meteo's hourly relative_humidity_2m has 1 values for 2 times$/,
      ],
    ];
    for (const [body, message] of cases) {
      server.setBehaviour('openMeteoForecast', { body, contentType: 'application/json' });
      const failure = openMeteo('2024-05-14T12:30:00Z').observations(...recent);
      await expect(failure).rejects.toThrow(WeatherFetchError);
      await expect(failure).rejects.toThrow(message);
    }
    // Equal columns are read: what failed above failed for its fault.
    server.setBehaviour('openMeteoForecast', {
      body: hourly({ time: [1715558400, 1715562000], temperature_2m: [3.5, null], relative_humidity_2m: [85, 88] }),
    });
    const observations = await openMeteo('2024-05-14T12:30:00Z').observations(...recent);
    expect(observations.map((o) => `${o.time.toISOString()} ${o.channel} ${o.value}`)).toEqual([
      '2024-05-13T00:00:00.000Z temperature 3.5',
      '2024-05-13T00:00:00.000Z humidity 85',
      '2024-05-13T01:00:00.000Z humidity 88',
    ]);
  });
});
