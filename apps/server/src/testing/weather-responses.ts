/**
 * Provider answers built in the recorded formats (weather-fixtures/, notes in /work/shared/notes/weather.md): FMI's
 * `::simple` XML as in a real 2017 answer (je-l/fmi.py salo_latest_observations.gml), Open-Meteo's hourly JSON with
 * `timeformat=unixtime`. Values are smooth functions of time, so any window can be served and checked.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** One decimal, as FMI writes its values ("9.4", "0.0"). */
function fmiDecimal(value: number): string {
  return value.toFixed(1);
}

/** A deterministic value of an FMI parameter at `time`, in FMI's unit; the temperature peaks at 15 UTC. */
export function syntheticFmiValue(code: string, time: Date): number {
  const hours = time.getTime() / hourMs;
  const daily = Math.sin((2 * Math.PI * (hours - 9)) / 24);
  switch (code) {
    case 't2m':
      return Math.round((8 + 6 * daily) * 10) / 10;
    case 'rh':
      return Math.round(70 - 20 * daily);
    case 'td':
      return Math.round((2 + 2 * daily) * 10) / 10;
    case 'ws_10min':
      return Math.round((4 + 2 * Math.sin(hours / 3)) * 10) / 10;
    case 'wg_10min':
      return Math.round((7 + 3 * Math.sin(hours / 3)) * 10) / 10;
    case 'wd_10min':
      return Math.round(180 + 90 * Math.sin(hours / 7));
    case 'r_1h':
      return Math.max(0, Math.round(Math.sin(hours / 5) * 20) / 10);
    case 'snow_aws':
      return 12;
    case 'n_man':
      return Math.round(4 + 4 * Math.sin((2 * Math.PI * hours) / 5));
    case 'p_sea':
      return Math.round((1013 + 8 * Math.sin(hours / 30)) * 10) / 10;
    default:
      return 0;
  }
}

/** The 10-minute times from `start` (rounded up to 10 min) to `end`, inclusive, as FMI's stored queries count them. */
export function tenMinuteTimes(start: Date, end: Date): Date[] {
  const step = 10 * 60_000;
  const times: Date[] = [];
  for (let time = Math.ceil(start.getTime() / step) * step; time <= end.getTime(); time += step) {
    times.push(new Date(time));
  }
  return times;
}

function isoSeconds(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * An `fmi::observations::weather::simple` answer: a member per (time, parameter) of one station at `position`
 * ("lat lon"). `value` gives null for a missing value (written `NaN`, as FMI does).
 */
export function renderFmiSimple(options: {
  position: string;
  times: readonly Date[];
  codes: readonly string[];
  value?: (code: string, time: Date) => number | null;
  timeStamp?: Date;
}): string {
  const value = options.value ?? syntheticFmiValue;
  const members: string[] = [];
  options.times.forEach((time, timeIndex) => {
    options.codes.forEach((code, codeIndex) => {
      const id = `1.${timeIndex + 1}.${codeIndex + 1}`;
      const number = value(code, time);
      members.push(`    <wfs:member>
        <BsWfs:BsWfsElement gml:id="BsWfsElement.${id}">
            <BsWfs:Location>
                <gml:Point gml:id="BsWfsElementP.${id}" srsDimension="2"
                           srsName="http://www.opengis.net/def/crs/EPSG/0/4258">
                    <gml:pos>${options.position} </gml:pos>
                </gml:Point>
            </BsWfs:Location>
            <BsWfs:Time>${isoSeconds(time)}</BsWfs:Time>
            <BsWfs:ParameterName>${code}</BsWfs:ParameterName>
            <BsWfs:ParameterValue>${number === null ? 'NaN' : fmiDecimal(number)}</BsWfs:ParameterValue>
        </BsWfs:BsWfsElement>
    </wfs:member>`);
    });
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0"
                       xmlns:gml="http://www.opengis.net/gml/3.2"
                       xmlns:BsWfs="http://xml.fmi.fi/schema/wfs/2.0"
                       xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                       timeStamp="${isoSeconds(options.timeStamp ?? new Date())}" numberReturned="${members.length}"
                       numberMatched="${members.length}"
                       xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd http://xml.fmi.fi/schema/wfs/2.0 http://xml.fmi.fi/schema/wfs/2.0/fmi_wfs_simplefeature.xsd">
${members.join('\n')}
</wfs:FeatureCollection>
`;
}

/** Stations the local FMI knows for `fmisid=` queries: where they are and which parameters they do not measure. */
export const syntheticFmiStations: Record<string, { position: string; lacks: readonly string[] }> = {
  // Helsinki Kaisaniemi: measures snow depth.
  '100971': { position: '60.17523 24.94459', lacks: [] },
  // Helsinki Kumpula.
  '101004': { position: '60.20307 24.96131', lacks: [] },
  // Vantaa Helsinki-Vantaan lentoasema.
  '100968': { position: '60.32670 24.95675', lacks: [] },
  // Helsinki Harmaja, an island: no snow depth, no cloud observer.
  '100996': { position: '60.10512 24.97539', lacks: ['snow_aws', 'n_man'] },
  // Porvoo Emäsalo.
  '101023': { position: '60.20382 25.62546', lacks: ['snow_aws'] },
};

/** The value Open-Meteo's model gives a variable at `time`, in the unit asked for (`wind_speed_unit=ms`). */
export function syntheticOpenMeteoValue(variable: string, time: Date): number {
  const hours = time.getTime() / hourMs;
  const daily = Math.sin((2 * Math.PI * (hours - 9)) / 24);
  switch (variable) {
    case 'temperature_2m':
      return Math.round((7 + 5 * daily) * 10) / 10;
    case 'relative_humidity_2m':
      return Math.round(72 - 18 * daily);
    case 'dew_point_2m':
      return Math.round((1.5 + 2 * daily) * 10) / 10;
    case 'pressure_msl':
      return Math.round((1012 + 7 * Math.sin(hours / 30)) * 10) / 10;
    case 'cloud_cover':
      return Math.round(50 + 50 * Math.sin(hours / 4));
    case 'uv_index':
      return Math.max(0, Math.round(3 * daily * 100) / 100);
    case 'wind_speed_10m':
      return Math.round((3.5 + 2 * Math.sin(hours / 3)) * 100) / 100;
    case 'wind_direction_10m':
      return Math.round(200 + 80 * Math.sin(hours / 7));
    case 'wind_gusts_10m':
      return Math.round((6.5 + 3 * Math.sin(hours / 3)) * 100) / 100;
    case 'precipitation':
      return Math.max(0, Math.round(Math.sin(hours / 5) * 10) / 10);
    case 'snowfall':
      return Math.max(0, Math.round(Math.sin(hours / 5) * 5) / 10);
    case 'snow_depth':
      return 0.08;
    default:
      return 0;
  }
}

const openMeteoUnits: Record<string, string> = {
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  dew_point_2m: '°C',
  pressure_msl: 'hPa',
  cloud_cover: '%',
  uv_index: '',
  wind_speed_10m: 'm/s',
  wind_direction_10m: '°',
  wind_gusts_10m: 'm/s',
  precipitation: 'mm',
  snowfall: 'cm',
  snow_depth: 'm',
};

/**
 * An Open-Meteo answer to `hourly=<variables>&timeformat=unixtime&start_date&end_date` (GMT): every hour of the days
 * from `startDate` to `endDate` (YYYY-MM-DD), both included. `value` gives null for a missing value.
 */
export function renderOpenMeteoHourly(options: {
  latitude: number;
  longitude: number;
  startDate: string;
  endDate: string;
  variables: readonly string[];
  value?: (variable: string, time: Date) => number | null;
  elevation?: number;
}): string {
  const value = options.value ?? syntheticOpenMeteoValue;
  const start = Date.parse(`${options.startDate}T00:00:00Z`);
  const end = Date.parse(`${options.endDate}T00:00:00Z`) + dayMs;
  const times: number[] = [];
  for (let time = start; time < end; time += hourMs) times.push(time);
  const hourlyUnits: Record<string, string> = { time: 'unixtime' };
  const hourly: Record<string, (number | null)[]> = { time: times.map((time) => time / 1000) };
  for (const variable of options.variables) {
    hourlyUnits[variable] = openMeteoUnits[variable] ?? '';
    hourly[variable] = times.map((time) => value(variable, new Date(time)));
  }
  // The grid cell's coordinates, not the request's: Open-Meteo snaps to its grid.
  return JSON.stringify({
    latitude: Number((Math.round(options.latitude * 20) / 20 + 0.004).toFixed(3)),
    longitude: Number((Math.round(options.longitude * 20) / 20 - 0.003).toFixed(3)),
    generationtime_ms: 0.0591278076171875,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: options.elevation ?? 9,
    hourly_units: hourlyUnits,
    hourly,
  });
}

/** A station of a `timevaluepair` answer: `values` its temperatures at the answer's times (null: `NaN`). */
export interface FmiStationSeries {
  fmisid: string;
  name: string;
  geoid: string;
  wmo?: string;
  region: string;
  position: string;
  values: readonly (number | null)[];
}

/**
 * An `fmi::observations::weather::timevaluepair&parameters=t2m` answer, a member per station, in the structure of a
 * real 2018 answer (om/omso observation, target:Location with fmisid and names, sams:shape point, wml2 series).
 */
export function renderFmiTimeValuePair(options: { stations: readonly FmiStationSeries[]; times: readonly Date[] }) {
  const begin = isoSeconds(options.times[0] ?? new Date(0));
  const end = isoSeconds(options.times.at(-1) ?? new Date(0));
  const members = options.stations.map((station, index) => {
    const n = `1-${index + 1}`;
    const times =
      index === 0
        ? `<om:phenomenonTime>
        <gml:TimePeriod  gml:id="time1-1-1">
          <gml:beginPosition>${begin}</gml:beginPosition>
          <gml:endPosition>${end}</gml:endPosition>
        </gml:TimePeriod>
      </om:phenomenonTime>
      <om:resultTime>
        <gml:TimeInstant gml:id="time2-1-1">
          <gml:timePosition>${end}</gml:timePosition>
        </gml:TimeInstant>
      </om:resultTime>`
        : `<om:phenomenonTime xlink:href="#time1-1-1"/>
      <om:resultTime xlink:href="#time2-1-1"/>`;
    const wmo = station.wmo
      ? `\n\t\t\t<gml:name codeSpace="http://xml.fmi.fi/namespace/locationcode/wmo">${station.wmo}</gml:name>`
      : '';
    const points = options.times.map(
      (time, timeIndex) => `                        <wml2:point>
                            <wml2:MeasurementTVP>
                                      <wml2:time>${isoSeconds(time)}</wml2:time>
\t\t\t\t      <wml2:value>${station.values[timeIndex] == null ? 'NaN' : fmiDecimal(station.values[timeIndex] as number)}</wml2:value>
                            </wml2:MeasurementTVP>
                        </wml2:point>`,
    );
    return `\t    <wfs:member>
                <omso:PointTimeSeriesObservation gml:id="WFS-${Buffer.from(`${station.fmisid}-t2m`).toString('base64url')}">

      ${times}

\t\t<om:procedure xlink:href="http://xml.fmi.fi/inspire/process/opendata"/>
                <om:observedProperty  xlink:href="https://opendata.fmi.fi/meta?observableProperty=observation&amp;param=t2m&amp;language=eng"/>
\t\t\t\t<om:featureOfInterest>
                    <sams:SF_SpatialSamplingFeature gml:id="fi-${n}-t2m">
          <sam:sampledFeature>
\t\t<target:LocationCollection gml:id="sampled-target-${n}-t2m">
\t\t    <target:member>
\t\t    <target:Location gml:id="obsloc-fmisid-${station.fmisid}-pos-t2m">
\t\t        <gml:identifier codeSpace="http://xml.fmi.fi/namespace/stationcode/fmisid">${station.fmisid}</gml:identifier>
\t\t\t<gml:name codeSpace="http://xml.fmi.fi/namespace/locationcode/name">${station.name}</gml:name>
\t\t\t<gml:name codeSpace="http://xml.fmi.fi/namespace/locationcode/geoid">${station.geoid}</gml:name>${wmo}
\t\t\t<target:representativePoint xlink:href="#point-fmisid-${station.fmisid}-${n}-t2m"/>
\t\t\t<target:region codeSpace="http://xml.fmi.fi/namespace/location/region">${station.region}</target:region>
\t\t    </target:Location></target:member>
\t\t</target:LocationCollection>
 \t   </sam:sampledFeature>
                        <sams:shape>
\t\t\t    <gml:Point gml:id="point-fmisid-${station.fmisid}-${n}-t2m" srsName="http://www.opengis.net/def/crs/EPSG/0/4258" srsDimension="2">
                                <gml:name>${station.name}</gml:name>
                                <gml:pos>${station.position} </gml:pos>
                            </gml:Point>
                        </sams:shape>
                    </sams:SF_SpatialSamplingFeature>
                </om:featureOfInterest>
\t\t  <om:result>
                    <wml2:MeasurementTimeseries gml:id="obs-obs-${n}-t2m">
${points.join('\n')}
                    </wml2:MeasurementTimeseries>
                </om:result>

        </omso:PointTimeSeriesObservation>
    </wfs:member>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection
    timeStamp="${end}"
    numberMatched="${members.length}"
    numberReturned="${members.length}"
           xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
        xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:om="http://www.opengis.net/om/2.0"
        xmlns:ompr="http://inspire.ec.europa.eu/schemas/ompr/3.0"
        xmlns:omso="http://inspire.ec.europa.eu/schemas/omso/3.0"
        xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gmd="http://www.isotc211.org/2005/gmd"
        xmlns:gco="http://www.isotc211.org/2005/gco" xmlns:swe="http://www.opengis.net/swe/2.0"
        xmlns:gmlcov="http://www.opengis.net/gmlcov/1.0"
        xmlns:sam="http://www.opengis.net/sampling/2.0"
        xmlns:sams="http://www.opengis.net/samplingSpatial/2.0"
        xmlns:wml2="http://www.opengis.net/waterml/2.0"
\txmlns:target="http://xml.fmi.fi/namespace/om/atmosphericfeatures/1.1"
        xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd
        http://www.opengis.net/waterml/2.0 http://schemas.opengis.net/waterml/2.0/waterml2.xsd
        http://xml.fmi.fi/namespace/om/atmosphericfeatures/1.1 https://xml.fmi.fi/schema/om/atmosphericfeatures/1.1/atmosphericfeatures.xsd">

${members.join('\n')}
</wfs:FeatureCollection>
`;
}
