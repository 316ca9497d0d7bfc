/** Test-only: a project's spaces, series and newest values as the server answers them, with their `__typename`s. */

export function liveSpace(id: number, name: string, show = true) {
  return { __typename: 'Space', id, name, show };
}

export function liveSerie(
  id: number,
  spaceId: number | null,
  name: string,
  dataType: string,
  dataUnit?: string | null,
) {
  return { __typename: 'Serie', id, name, dataType, dataUnit: dataUnit === undefined ? null : dataUnit, spaceId };
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
) {
  return {
    data: {
      project: { __typename: 'Project', id: projectId, spaces, series },
      seriesLatests: latests,
    },
  };
}
