import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWeatherProviderServer, type WeatherProviderServer } from '../../testing/weather-provider-server.ts';
import { createFmiProvider } from './fmi.provider.ts';
import { WeatherFetchError, type WeatherObservation, type WeatherStation } from './weather-provider.ts';

let server: WeatherProviderServer;
beforeAll(async () => {
  server = await startWeatherProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const recordedAt = new Date('2024-05-14T09:03:27Z');
const fmi = (timeoutMs?: number) => createFmiProvider({ baseUrl: server.fmiUrl, timeoutMs, now: () => recordedAt });

const kaisaniemi: WeatherStation = {
  provider: 'fmi',
  stationKey: '100971',
  name: 'Helsinki Kaisaniemi',
  latitude: 60.17523,
  longitude: 24.94459,
};
const from = new Date('2024-01-15T06:00:00Z');
const to = new Date('2024-01-15T09:00:00Z');

function valuesAt(observations: WeatherObservation[], iso: string): Record<string, number> {
  return Object.fromEntries(
    observations.filter((observation) => observation.time.toISOString() === iso).map((o) => [o.channel, o.value]),
  );
}

describe('FMI: the nearest station', () => {
  it('asks once for the stations in a box around the point and picks the nearest', async () => {
    const station = await fmi().locate({ latitude: 60.1699, longitude: 24.9384 });
    expect(station).toEqual(kaisaniemi);
    expect(server.requests).toHaveLength(1);
    const query = Object.fromEntries(server.requests[0]?.url.searchParams ?? []);
    expect(query).toMatchObject({
      service: 'WFS',
      version: '2.0.0',
      request: 'getFeature',
      storedquery_id: 'fmi::observations::weather::timevaluepair',
      bbox: '23.9384,59.6699,25.9384,60.6699',
      parameters: 't2m',
      starttime: '2024-05-14T08:03:00Z',
      endtime: '2024-05-14T09:03:00Z',
    });
    expect(Number(query.maxlocations)).toBeGreaterThanOrEqual(5);
  });

  it('passes over a station whose temperature is all NaN', async () => {
    // Right beside Vuosaari harbour, which reports no temperature: Kumpula, 13 km away, is the nearest that does.
    const station = await fmi().locate({ latitude: 60.2087, longitude: 25.1959 });
    expect(station?.stationKey).toBe('101004');
    expect(station?.name).toBe('Helsinki Kumpula');
  });

  it('takes a station up to 50 km away, none farther', async () => {
    // Porvoo Emäsalo (60.20382, 25.62546) is the easternmost station of the answer.
    expect((await fmi().locate({ latitude: 60.2, longitude: 26.45 }))?.stationKey).toBe('101023');
    expect(await fmi().locate({ latitude: 60.2, longitude: 26.6 })).toBeUndefined();
  });

  it('finds nothing in an answer without members', async () => {
    server.setBehaviour('fmi', { fixture: 'fmi-empty.xml' });
    expect(await fmi().locate({ latitude: 69.0, longitude: 28.0 })).toBeUndefined();
  });

  it('clamps the box at the poles and the antimeridian', async () => {
    server.setBehaviour('fmi', { fixture: 'fmi-empty.xml' });
    await fmi().locate({ latitude: 89.8, longitude: 179.5 });
    expect(server.requests[0]?.url.searchParams.get('bbox')).toBe('178.5000,89.3000,180.0000,90.0000');
  });
});

describe('FMI: observations', () => {
  it('reads a simple answer into channel values in their units, NaN and obscured skies left out', async () => {
    server.setBehaviour('fmi', { fixture: 'fmi-simple-kaisaniemi.xml' });
    const observations = await fmi().observations(kaisaniemi, from, to);

    expect(server.requests).toHaveLength(1);
    expect(Object.fromEntries(server.requests[0]?.url.searchParams ?? [])).toMatchObject({
      storedquery_id: 'fmi::observations::weather::simple',
      fmisid: '100971',
      parameters: 't2m,rh,td,p_sea,n_man,ws_10min,wd_10min,wg_10min,r_1h,snow_aws',
      starttime: '2024-01-15T06:00:00Z',
      endtime: '2024-01-15T09:00:00Z',
      timestep: '10',
    });
    expect(valuesAt(observations, '2024-01-15T06:00:00.000Z')).toEqual({
      temperature: 3.8,
      humidity: 84,
      dewPoint: 0.6,
      pressure: 1014.2,
      cloudiness: 0,
      windSpeed: 6,
      windDirection: 236,
      gusts: 10,
      rain: 1.6,
      snowDepth: 12,
    });
    // ws_10min is NaN at 07:00: no value, and never a 0.
    const seven = valuesAt(observations, '2024-01-15T07:00:00.000Z');
    expect(seven).not.toHaveProperty('windSpeed');
    expect(seven).toMatchObject({ temperature: 5, cloudiness: 50 });
    // 9 oktas, the sky obscured, is no cloud amount.
    expect(valuesAt(observations, '2024-01-15T08:00:00.000Z')).not.toHaveProperty('cloudiness');
    expect(valuesAt(observations, '2024-01-15T08:10:00.000Z').cloudiness).toBe(100);
    // `vis` has no channel; 09:00 is the end of the period, not in it.
    expect(new Set(observations.map((o) => o.time.toISOString())).size).toBe(18);
    expect(observations.at(-1)?.time.toISOString()).toBe('2024-01-15T08:50:00.000Z');
    expect(observations).toHaveLength(18 * 10 - 1 - 1);
    const order = observations.map((o) => `${o.time.toISOString()} ${o.channel}`);
    expect(order.slice(0, 3)).toEqual([
      '2024-01-15T06:00:00.000Z temperature',
      '2024-01-15T06:00:00.000Z humidity',
      '2024-01-15T06:00:00.000Z dewPoint',
    ]);
    expect([...order].sort((a, b) => a.slice(0, 24).localeCompare(b.slice(0, 24)))).toEqual(order);
  });

  it('gives no snow depth or cloudiness of a station that does not observe them', async () => {
    server.setBehaviour('fmi', { fixture: 'fmi-simple-harmaja.xml' });
    const harmaja = { ...kaisaniemi, stationKey: '100996', name: 'Helsinki Harmaja' };
    const observations = await fmi().observations(harmaja, from, to);
    const channels = new Set(observations.map((o) => o.channel));
    expect(channels.has('snowDepth')).toBe(false);
    expect(channels.has('cloudiness')).toBe(false);
    expect(channels.has('temperature')).toBe(true);
    expect(valuesAt(observations, '2024-01-15T07:00:00.000Z').windSpeed).toBe(5.9);
  });

  it('drops what the answer has outside the period asked for', async () => {
    server.setBehaviour('fmi', { fixture: 'fmi-simple-kaisaniemi.xml' });
    const observations = await fmi().observations(
      kaisaniemi,
      new Date('2024-01-15T07:00:00Z'),
      new Date('2024-01-15T08:00:00Z'),
    );
    const times = [...new Set(observations.map((o) => o.time.toISOString()))];
    expect(times).toEqual(['00', '10', '20', '30', '40', '50'].map((minute) => `2024-01-15T07:${minute}:00.000Z`));
  });

  it('serves observations of any recent window from the local server', async () => {
    const provider = createFmiProvider({ baseUrl: server.fmiUrl });
    const end = new Date(Math.floor(Date.now() / 600_000) * 600_000);
    const start = new Date(end.getTime() - 3_600_000);
    const observations = await provider.observations({ ...kaisaniemi, stationKey: '100996' }, start, end);
    expect(observations.filter((o) => o.channel === 'temperature')).toHaveLength(6);
    expect(observations.some((o) => o.channel === 'snowDepth')).toBe(false);
  });
});

describe('FMI: unusable answers', () => {
  const failure = (promise: Promise<unknown>) => expect(promise).rejects.toThrow(WeatherFetchError);

  it("turns an ExceptionReport into its texts, without FMI's echo of the request", async () => {
    server.setBehaviour('fmi', { fixture: 'fmi-exception-report.xml', status: 400 });
    await expect(fmi().observations(kaisaniemi, from, to)).rejects.toThrow(
      new WeatherFetchError('FMI answered 400: Invalid time interval! The start time is later than the end time.'),
    );
    await failure(fmi().locate({ latitude: 60.17, longitude: 24.94 }));
  });

  it('reports an error status, also one with an exception report and a 200', async () => {
    server.setBehaviour('fmi', { body: '<html><body>Service Unavailable</body></html>', status: 503 });
    await expect(fmi().observations(kaisaniemi, from, to)).rejects.toThrow('FMI answered 503');
    server.setBehaviour('fmi', { fixture: 'fmi-exception-report.xml' });
    await expect(fmi().observations(kaisaniemi, from, to)).rejects.toThrow(
      'FMI answered with an exception: Invalid time interval!',
    );
  });

  it('gives up on an FMI that does not answer in time', async () => {
    server.setBehaviour('fmi', 'hang');
    await expect(fmi(100).observations(kaisaniemi, from, to)).rejects.toThrow(
      new WeatherFetchError('FMI did not answer within 0.1 s'),
    );
  });

  it('reports a dropped connection', async () => {
    server.setBehaviour('fmi', 'close');
    await expect(fmi().locate({ latitude: 60.17, longitude: 24.94 })).rejects.toThrow(/^FMI could not be reached: /);
  });

  it('returns nothing of a body that is not what its format says', async () => {
    const element = (value: string) =>
      `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:BsWfs="http://xml.fmi.fi/schema/wfs/2.0">
        <wfs:member><BsWfs:BsWfsElement><BsWfs:Time>2024-01-15T06:00:00Z</BsWfs:Time>
        <BsWfs:ParameterName>t2m</BsWfs:ParameterName><BsWfs:ParameterValue>${value}</BsWfs:ParameterValue>
        </BsWfs:BsWfsElement></wfs:member></wfs:FeatureCollection>`;
    const cases: [string, string][] = [
      ['<wfs:FeatureCollection><wfs:member><BsWfs:BsWfsElement>', "FMI's answer is not XML"],
      ['{"error": "not xml"}', "FMI's answer is not XML"],
      ['<html><body>Maintenance</body></html>', "FMI's answer is not a WFS FeatureCollection"],
      [element('warm'), "FMI's answer has a value that is no number: t2m warm"],
      [element('3.8').replace('<wfs:member>', '<wfs:member><Other/></wfs:member><wfs:member>'), 'no BsWfsElement'],
    ];
    for (const [body, message] of cases) {
      server.setBehaviour('fmi', { body });
      await expect(fmi().observations(kaisaniemi, from, to)).rejects.toThrow(message);
    }
    // The well-formed element is read: what failed above failed for its fault.
    server.setBehaviour('fmi', { body: element('3.8') });
    expect(await fmi().observations(kaisaniemi, from, to)).toEqual([
      { channel: 'temperature', time: from, value: 3.8 },
    ]);
  });
});
