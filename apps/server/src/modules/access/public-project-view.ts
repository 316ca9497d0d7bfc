/** The facts of a project that decide what its public link shows. */
export interface PublicProjectFacts {
  publicId: string | null;
  showLive: boolean;
  /** Left out where only the data is asked: then no reports or alarms show. */
  showReport?: boolean;
  showAlarm?: boolean;
}

/** What anybody holding a project's public link may see of it. */
export interface PublicProjectView {
  /** False once the link is turned off: the project is then unknown to visitors. */
  open: boolean;
  picture: boolean;
  /** Live values are shown (showLive): the shown spaces' series with their latest values, pushed as they move. */
  live: boolean;
  page(page: { show: boolean; internal: boolean }): boolean;
  space(space: { show: boolean }): boolean;
  /**
   * Whether a series and its latest values show live (PublicProject.series, publicSeriesLatestUpdated): a
   * displayed series (not `ignore`) of a space that `space` opens; a series in no space never.
   */
  liveSeries(series: { dataType: string }, space: { show: boolean } | undefined): boolean;
  /** Whether the series of a space join the public data (/api/data): shown spaces, live or not. */
  data(space: { show: boolean }): boolean;
  /** Its published reports are listed (showReport); published summary reports are listed either way (0168). */
  reports: boolean;
  /** Its shown series say whether an alarm episode of theirs is open (showAlarm), nothing more of the alarms. */
  alarms: boolean;
}

const closedPublicView: PublicProjectView = {
  open: false,
  picture: false,
  live: false,
  page: () => false,
  space: () => false,
  liveSeries: () => false,
  reports: false,
  alarms: false,
  data: () => false,
};

/**
 * What a public link opens, the same for every viewer: nothing once the link is off; otherwise the
 * project's identity and picture, its shown summary pages that are not internal, and its shown
 * spaces with their series' latest values when the project shows live values. Alarms and reports join with their show flags.
 */
export function publicProjectView(project: PublicProjectFacts | undefined): PublicProjectView {
  if (!project?.publicId) return closedPublicView;
  const space = (shown: { show: boolean }) => project.showLive && shown.show;
  return {
    open: true,
    picture: true,
    live: project.showLive,
    page: (page) => page.show && !page.internal,
    space,
    liveSeries: (series, inSpace) => inSpace !== undefined && space(inSpace) && series.dataType !== 'ignore',
    data: (shown) => shown.show,
    reports: project.showReport ?? false,
    alarms: project.showAlarm ?? false,
  };
}
