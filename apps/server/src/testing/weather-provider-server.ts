import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  renderFmiSimple,
  renderOpenMeteoHourly,
  syntheticFmiStations,
  syntheticFmiValue,
  tenMinuteTimes,
} from './weather-responses.ts';

/**
 * FMI's WFS and Open-Meteo's two APIs on 127.0.0.1, for tests and the browser tests: by default each answers like the
 * real one (recorded station list, observations rendered for the asked window, errors for what the real one refuses);
 * a test can make a route answer a fixture, an error status, never answer, or drop the connection.
 */

export type WeatherProviderRoute = 'fmi' | 'openMeteoForecast' | 'openMeteoArchive';

export type ProviderBehaviour =
  /** What the real service would answer (the default). */
  | 'generated'
  /** Never answers: the client's time-out has to end the request. */
  | 'hang'
  /** Closes the connection without an answer. */
  | 'close'
  /** A file of weather-fixtures/, with 200 unless `status` says otherwise. */
  | { fixture: string; status?: number }
  /** Any body, e.g. a malformed one, or an error page. */
  | { body: string; status?: number; contentType?: string };

export interface RecordedProviderRequest {
  route: WeatherProviderRoute;
  url: URL;
}

export interface WeatherProviderServer {
  /** FMI's WFS endpoint (https://opendata.fmi.fi/wfs). */
  fmiUrl: string;
  /** https://api.open-meteo.com/v1/forecast */
  openMeteoForecastUrl: string;
  /** https://archive-api.open-meteo.com/v1/archive */
  openMeteoArchiveUrl: string;
  /** Every request, in arrival order. */
  requests: RecordedProviderRequest[];
  /** How `route` answers from now on; a function chooses per request (e.g. by FMI's `storedquery_id`). */
  setBehaviour(route: WeatherProviderRoute, behaviour: ProviderBehaviour | ((url: URL) => ProviderBehaviour)): void;
  /** Every route back to 'generated', the recorded requests forgotten. */
  reset(): void;
  close(): Promise<void>;
}

const fixturesDirectory = new URL('./weather-fixtures/', import.meta.url);

export function weatherFixture(name: string): string {
  return readFileSync(new URL(name, fixturesDirectory), 'utf8');
}

const routes: Record<string, WeatherProviderRoute> = {
  '/fmi/wfs': 'fmi',
  '/open-meteo/v1/forecast': 'openMeteoForecast',
  '/open-meteo-archive/v1/archive': 'openMeteoArchive',
};

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const xml = 'text/xml; charset=UTF-8';
const json = 'application/json; charset=utf-8';

function fmiException(texts: readonly string[], url: URL): Answer {
  // The shape of FMI's ExceptionReport (recorded in weather-fixtures/fmi-exception-report.xml).
  const uri = `${url.pathname}${url.search}`.replaceAll('&', '&amp;');
  return {
    status: 400,
    contentType: xml,
    body: `<?xml version="1.0" encoding="UTF-8"?>
<ExceptionReport xmlns="http://www.opengis.net/ows/1.1"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.opengis.net/ows/1.1 http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd"
  version="2.0.0" xml:lang="eng">
  <Exception exceptionCode="OperationParsingFailed">
${texts.map((text) => `    <ExceptionText>${text}</ExceptionText>\n`).join('')}    <ExceptionText>URI: ${uri}</ExceptionText>
  </Exception>
</ExceptionReport>
`,
  };
}

/** FMI's answers: the recorded stations near Helsinki for a station search, rendered observations for an fmisid. */
function generatedFmi(url: URL): Answer {
  const query = url.searchParams.get('storedquery_id');
  if (query === 'fmi::observations::weather::timevaluepair') {
    return { status: 200, contentType: xml, body: weatherFixture('fmi-stations-timevaluepair.xml') };
  }
  if (query !== 'fmi::observations::weather::simple') return fmiException([`Unknown stored query '${query}'.`], url);
  const now = Date.now();
  const end = new Date(Math.min(now, Date.parse(url.searchParams.get('endtime') ?? '') || now));
  const start = new Date(Date.parse(url.searchParams.get('starttime') ?? '') || end.getTime() - 12 * 3_600_000);
  if (Number.isNaN(end.getTime()) || start > end) {
    return fmiException(['Invalid time interval!', 'The start time is later than the end time.'], url);
  }
  const station = syntheticFmiStations[url.searchParams.get('fmisid') ?? ''];
  if (!station) return { status: 200, contentType: xml, body: weatherFixture('fmi-empty.xml') };
  const codes = (url.searchParams.get('parameters') ?? 't2m').split(',');
  return {
    status: 200,
    contentType: xml,
    body: renderFmiSimple({
      position: station.position,
      times: tenMinuteTimes(start, end),
      codes,
      value: (code, time) => (station.lacks.includes(code) ? null : syntheticFmiValue(code, time)),
    }),
  };
}

/** Hourly variables the archive API (ERA5 and its kin) lacks: asking for one fails the request, as there. */
const archiveLacks = ['uv_index'];

function generatedOpenMeteo(url: URL, archive: boolean): Answer {
  const error = (reason: string): Answer => ({
    status: 400,
    contentType: json,
    body: JSON.stringify({ reason, error: true }),
  });
  const latitude = Number(url.searchParams.get('latitude'));
  const longitude = Number(url.searchParams.get('longitude'));
  if (!(latitude >= -90 && latitude <= 90))
    return error(`Latitude must be in range of -90 to 90°. Given: ${latitude}.`);
  if (!(longitude >= -180 && longitude <= 180)) {
    return error(`Longitude must be in range of -180 to 180°. Given: ${longitude}.`);
  }
  const variables = (url.searchParams.get('hourly') ?? '').split(',').filter(Boolean);
  const unknown = variables.find((variable) => archive && archiveLacks.includes(variable));
  if (unknown)
    return error(
      `Data corrupted at path ''. Cannot initialize Era5HourlyVariable from invalid String value ${unknown}.`,
    );
  const startDate = url.searchParams.get('start_date');
  const endDate = url.searchParams.get('end_date');
  if (!startDate || !endDate) return error('Parameter start_date and end_date must both be set');
  if (endDate < startDate) return error(`End-date must be larger or equal than start-date`);
  return {
    status: 200,
    contentType: json,
    body: renderOpenMeteoHourly({ latitude, longitude, startDate, endDate, variables }),
  };
}

export async function startWeatherProviderServer(): Promise<WeatherProviderServer> {
  const requests: RecordedProviderRequest[] = [];
  const behaviours = new Map<WeatherProviderRoute, ProviderBehaviour | ((url: URL) => ProviderBehaviour)>();
  const sockets = new Set<Socket>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const route = routes[url.pathname];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    requests.push({ route, url });
    const chosen = behaviours.get(route) ?? 'generated';
    const behaviour = typeof chosen === 'function' ? chosen(url) : chosen;
    if (behaviour === 'hang') return;
    if (behaviour === 'close') {
      request.socket.destroy();
      return;
    }
    let answer: Answer;
    if (behaviour === 'generated') {
      answer = route === 'fmi' ? generatedFmi(url) : generatedOpenMeteo(url, route === 'openMeteoArchive');
    } else if ('fixture' in behaviour) {
      answer = {
        status: behaviour.status ?? 200,
        contentType: behaviour.fixture.endsWith('.json') ? json : xml,
        body: weatherFixture(behaviour.fixture),
      };
    } else {
      answer = { status: behaviour.status ?? 200, contentType: behaviour.contentType ?? xml, body: behaviour.body };
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    fmiUrl: `${base}/fmi/wfs`,
    openMeteoForecastUrl: `${base}/open-meteo/v1/forecast`,
    openMeteoArchiveUrl: `${base}/open-meteo-archive/v1/archive`,
    requests,
    setBehaviour(route, behaviour) {
      behaviours.set(route, behaviour);
    },
    reset() {
      behaviours.clear();
      requests.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
