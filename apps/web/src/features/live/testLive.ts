/** Test-only: a project's spaces, series and newest values as the server answers them, with their `__typename`s. */

export function liveSpace(
  id: number,
  name: string,
  show = true,
  weather: { weatherId: number; weatherDatatype: string; weatherLimit?: number } | null = null,
) {
  return {
    __typename: 'Space',
    id,
    name,
    show,
    weather: weather !== null,
    weatherId: weather?.weatherId ?? null,
    weatherDatatype: weather?.weatherDatatype ?? null,
    weatherLimit: weather?.weatherLimit ?? null,
  };
}

/** A weather series as the server answers it: no space, its source's id. */
export function weatherSerie(id: number, weatherId: number, name: string, dataType: string) {
  return { ...liveSerie(id, null, name, dataType), weatherId };
}

/** A CO2 limit as the server answers it: green below 800 ppm, yellow to 1200, red above. */
export function co2Limit(fields: Record<string, unknown> = {}) {
  return {
    __typename: 'Limit',
    id: 41,
    min: 400,
    max: 2000,
    limits: [800, 1200],
    colors: ['#2f9e44', '#fab005'],
    maxcolor: '#e03131',
    split: true,
    opacity: 0.25,
    normalMin: null,
    normalMax: 1200,
    ...fields,
  };
}

export function liveSerie(
  id: number,
  spaceId: number | null,
  name: string,
  dataType: string,
  dataUnit?: string | null,
  looks: { color?: string; limit?: ReturnType<typeof co2Limit>; alarming?: boolean } = {},
) {
  return {
    __typename: 'Serie',
    id,
    name,
    dataType,
    dataUnit: dataUnit === undefined ? null : dataUnit,
    spaceId,
    weatherId: null as number | null,
    color: looks.color ? { __typename: 'Color', id: id * 100, color: looks.color } : null,
    limit: looks.limit ?? null,
    alarming: looks.alarming ?? false,
  };
}

export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

export function seriesLatest(seriesId: number, data: number, time: string = minutesAgo(5)) {
  return { __typename: 'SeriesLatest', id: seriesId, seriesId, data, time };
}

/** The `ProjectLive` answer for a project. */
export function projectLive(
  projectId: number,
  spaces: ReturnType<typeof liveSpace>[],
  series: ReturnType<typeof liveSerie>[],
  latests: ReturnType<typeof seriesLatest>[],
  limits: ReturnType<typeof co2Limit>[] = [],
) {
  return {
    data: {
      project: { __typename: 'Project', id: projectId, spaces, series, limits },
      seriesLatests: latests,
    },
  };
}
