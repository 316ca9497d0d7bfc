import {
  distanceKm,
  fmiStationMaxDistanceKm,
  providerChannels,
  type WeatherChannelKey,
  weatherChannels,
} from '@olo/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { getProviderAnswer, isoSeconds, type ProviderClientOptions, providerClientSettings } from './provider-http.ts';
import {
  WeatherFetchError,
  type WeatherObservation,
  type WeatherProviderClient,
  type WeatherStation,
} from './weather-provider.ts';

const provider = 'FMI';
const stationsQuery = 'fmi::observations::weather::timevaluepair';
const observationsQuery = 'fmi::observations::weather::simple';

/** Half the sides of the box searched for stations, degrees: about 55 km north–south and east–west at 60° N. */
const searchHalfLatitude = 0.5;
const searchHalfLongitude = 1;
/**
 * Stations FMI returns from the box. It does not say which it picks when more are inside, so more than the nearest
 * few are asked for: the Helsinki region alone has some ten.
 */
const searchMaxLocations = 10;

/** FMI's cloud amount of a sky it cannot see (fog, snowfall), in oktas: no cloud amount at all. */
const skyObscuredOktas = 9;

const fmiChannels = providerChannels('fmi').flatMap((channel) =>
  channel.fmi ? [{ key: channel.key as WeatherChannelKey, code: channel.fmi.code, scale: channel.fmi.scale ?? 1 }] : [],
);
const channelByCode = new Map(fmiChannels.map((channel) => [channel.code, channel]));
const channelOrder = new Map<string, number>(weatherChannels.map((channel, index) => [channel.key, index]));

/** The WFS parts of a getFeature request: FMI takes no key (its quick guide: open data needs no registration). */
function storedQueryUrl(baseUrl: string, storedQuery: string, parameters: Record<string, string>): URL {
  const url = new URL(baseUrl);
  url.searchParams.set('service', 'WFS');
  url.searchParams.set('version', '2.0.0');
  url.searchParams.set('request', 'getFeature');
  url.searchParams.set('storedquery_id', storedQuery);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url;
}

// Namespace prefixes dropped: FMI's answers bind the usual ones, but nothing here depends on their spelling.
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['member', 'name', 'point', 'ExceptionText', 'Exception'].includes(name),
});

type XmlNode = Record<string, unknown>;

function parseXml(body: string): XmlNode {
  if (XMLValidator.validate(body) !== true) throw new WeatherFetchError(`${provider}'s answer is not XML`);
  return xmlParser.parse(body) as XmlNode;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element that may carry attributes (`{ '#text': …, '@_codeSpace': … }`). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as XmlNode)['#text']);
  return undefined;
}

/** Every element named `name` below `node`, depth first. */
function descendants(node: unknown, name: string, found: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const item of node) descendants(item, name, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('@_')) continue;
      if (key === name) found.push(...asArray(value));
      descendants(value, name, found);
    }
  }
  return found;
}

/** The texts of an OWS ExceptionReport, without the `URI: …` line FMI adds (it repeats the request). */
function exceptionTexts(root: XmlNode): string | undefined {
  const report = root.ExceptionReport;
  if (!report) return undefined;
  const texts = descendants(report, 'ExceptionText')
    .map(textOf)
    .filter((text): text is string => !!text && !text.startsWith('URI:'));
  return texts.join(' ') || 'no reason given';
}

/** The FeatureCollection of a 2xx answer; any other answer as WeatherFetchError. */
function featureCollection(status: number, body: string): XmlNode {
  let root: XmlNode | undefined;
  try {
    root = parseXml(body);
  } catch (error) {
    if (status < 200 || status >= 300) throw new WeatherFetchError(`${provider} answered ${status}`);
    throw error;
  }
  const exception = exceptionTexts(root);
  if (status < 200 || status >= 300) {
    throw new WeatherFetchError(
      exception ? `${provider} answered ${status}: ${exception}` : `${provider} answered ${status}`,
    );
  }
  if (exception) throw new WeatherFetchError(`${provider} answered with an exception: ${exception}`);
  const collection = root.FeatureCollection;
  if (!collection || typeof collection !== 'object') {
    throw new WeatherFetchError(`${provider}'s answer is not a WFS FeatureCollection`);
  }
  return collection as XmlNode;
}

/** `gml:pos`: "lat lon", possibly with a trailing space. */
function parsePosition(text: string | undefined): { latitude: number; longitude: number } | undefined {
  const [latitude, longitude] = (text ?? '').split(/\s+/).filter(Boolean).map(Number);
  if (latitude === undefined || longitude === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return undefined;
  }
  return { latitude, longitude };
}

function codeSpaced(values: unknown[], codeSpaceEnd: string): string | undefined {
  for (const value of values) {
    const codeSpace = (value as XmlNode | undefined)?.['@_codeSpace'];
    if (typeof codeSpace === 'string' && codeSpace.endsWith(codeSpaceEnd)) return textOf(value);
  }
  return undefined;
}

/**
 * The stations of a `timevaluepair` answer, one per fmisid. A station whose temperature series is all `NaN` is left
 * out: it observes something else (rain, the sea), not the weather of a place.
 */
export function parseFmiStations(collection: XmlNode): WeatherStation[] {
  const stations = new Map<string, WeatherStation>();
  for (const member of asArray(collection.member)) {
    const location = descendants(member, 'Location')[0];
    const fmisid = codeSpaced(descendants(location, 'identifier'), '/stationcode/fmisid');
    const name = codeSpaced(descendants(location, 'name'), '/locationcode/name');
    const position = parsePosition(textOf(descendants(member, 'pos')[0]));
    if (!fmisid || !position || stations.has(fmisid)) continue;
    const measured = descendants(member, 'MeasurementTVP').some((point) => {
      const value = textOf((point as XmlNode).value);
      return value !== undefined && value !== 'NaN' && Number.isFinite(Number(value));
    });
    if (!measured) continue;
    stations.set(fmisid, { provider: 'fmi', stationKey: fmisid, name: name ?? `FMI ${fmisid}`, ...position });
  }
  return [...stations.values()];
}

/** The observations of a `simple` answer within [from, to), in the channels' units; `NaN` and unknown codes left out. */
export function parseFmiObservations(collection: XmlNode, from: Date, to: Date): WeatherObservation[] {
  const observations: WeatherObservation[] = [];
  for (const member of asArray(collection.member)) {
    const element = (member as XmlNode | undefined)?.BsWfsElement as XmlNode | undefined;
    if (!element) throw new WeatherFetchError(`${provider}'s answer has a member that is no BsWfsElement`);
    const code = textOf(element.ParameterName);
    const timeText = textOf(element.Time);
    const valueText = textOf(element.ParameterValue);
    const time = new Date(timeText ?? '');
    if (!code || valueText === undefined || Number.isNaN(time.getTime())) {
      throw new WeatherFetchError(`${provider}'s answer has an element without a time, parameter or value`);
    }
    const channel = channelByCode.get(code);
    if (!channel || valueText === 'NaN') continue;
    const value = Number(valueText);
    if (valueText === '' || !Number.isFinite(value)) {
      throw new WeatherFetchError(`${provider}'s answer has a value that is no number: ${code} ${valueText}`);
    }
    if (channel.code === 'n_man' && value === skyObscuredOktas) continue;
    if (time < from || time >= to) continue;
    observations.push({ channel: channel.key, time, value: value * channel.scale });
  }
  return observations.sort(
    (a, b) =>
      a.time.getTime() - b.time.getTime() || (channelOrder.get(a.channel) ?? 0) - (channelOrder.get(b.channel) ?? 0),
  );
}

/**
 * FMI's open data WFS (https://opendata.fmi.fi/wfs): the nearest observation station within 50 km, and its 10-minute
 * observations.
 */
export function createFmiProvider(options: { baseUrl: string } & ProviderClientOptions): WeatherProviderClient {
  const { request, now } = providerClientSettings(provider, options);

  return {
    provider: 'fmi',
    intervalMs: 10 * 60_000,
    // FMI answers at most 168 hours of 10-minute observations at once; a week of ten parameters is ~10,000 elements.
    pageMs: 7 * 24 * 3_600_000,

    async locate(point) {
      const end = new Date(Math.floor(now().getTime() / 60_000) * 60_000);
      const start = new Date(end.getTime() - 3_600_000);
      const bbox = [
        Math.max(-180, point.longitude - searchHalfLongitude),
        Math.max(-90, point.latitude - searchHalfLatitude),
        Math.min(180, point.longitude + searchHalfLongitude),
        Math.min(90, point.latitude + searchHalfLatitude),
      ].map((degrees) => degrees.toFixed(4));
      const url = storedQueryUrl(options.baseUrl, stationsQuery, {
        bbox: bbox.join(','),
        maxlocations: String(searchMaxLocations),
        parameters: 't2m',
        starttime: isoSeconds(start),
        endtime: isoSeconds(end),
      });
      const answer = await getProviderAnswer(url, request);
      const stations = parseFmiStations(featureCollection(answer.status, answer.body));
      let nearest: { station: WeatherStation; distance: number } | undefined;
      for (const station of stations) {
        const distance = distanceKm(point, station);
        if (distance <= fmiStationMaxDistanceKm && (!nearest || distance < nearest.distance)) {
          nearest = { station, distance };
        }
      }
      return nearest?.station;
    },

    async observations(station, from, to) {
      if (to <= from) return [];
      const url = storedQueryUrl(options.baseUrl, observationsQuery, {
        fmisid: station.stationKey,
        parameters: fmiChannels.map((channel) => channel.code).join(','),
        starttime: isoSeconds(from),
        // FMI's end time is inclusive; the observation at `to` is dropped when parsing.
        endtime: isoSeconds(to),
        timestep: '10',
      });
      const answer = await getProviderAnswer(url, request);
      return parseFmiObservations(featureCollection(answer.status, answer.body), from, to);
    },
  };
}
