import { parse } from 'graphql';

/**
 * The web app's report fragments (`apps/web/src/features/reports/document/reportDocument.graphql` and the
 * `SeriesLimitScale` of `features/live/live.graphql`), asked in-process for the print page, which draws exactly
 * what the editor and the public page draw. `report-pdf.test.ts` checks they stay the web app's.
 */
export const reportFragments = /* GraphQL */ `
fragment SeriesLimitScale on Limit {
  id
  min
  max
  limits
  colors
  maxcolor
  split
  opacity
}

fragment ReportCoverFields on ReportCover {
  id
  organizationId
  name
  cover
  createdAt
  updatedAt
}

fragment ReportContextFields on ReportContext {
  projectId
  projectName
  projectCode
  organizationName
  timeZone
  dataId
  startAt
  defaultSelect
  defaults
  spaces {
    id
    name
    show
    color
  }
  series {
    id
    name
    spaceId
    dataType
    dataUnit
    color
    limit {
      ...SeriesLimitScale
      normalMin
      normalMax
    }
  }
  alarmEpisodes {
    id
    alarmName
    seriesId
    time
    endAt
    peak
  }
}

fragment ReportFields on Report {
  id
  projectId
  name
  content
  dataslots
  from
  to
  landscape
  coverId
  printtemplateId
  publicId
  published
  template
  summary
  version
  createdAt
  updatedAt
  cover {
    ...ReportCoverFields
  }
  context {
    ...ReportContextFields
  }
}

fragment PublicReportFields on PublicReport {
  publicId
  name
  content
  dataslots
  from
  to
  landscape
  updatedAt
  cover {
    ...ReportCoverFields
  }
  context {
    ...ReportContextFields
  }
}
`;

export const printReportQuery = parse(`query PrintReport($id: Int!) { report(id: $id) { ...ReportFields } }
${reportFragments}`);

export const printPublicReportQuery = parse(
  `query PrintPublicReport($publicId: String!) { publicReport(publicId: $publicId) { ...PublicReportFields } }
${reportFragments}`,
);
