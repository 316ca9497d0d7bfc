import { type ReportContent, type ReportElement, reportContentSchema } from '@olo/shared';
import type { ReportContextInfo, ReportModel, ReportScope, ReportSources } from './reportScope.ts';

/**
 * Test fixtures: a school in Helsinki with two shown spaces and a hidden one, and a report over November 2026
 * (Helsinki days). Elements are given as the editor would write them and completed by the content schema.
 */
export function testReportContext(overrides: Partial<ReportContextInfo> = {}): ReportContextInfo {
  return {
    projectId: 1,
    projectName: 'Koulu',
    projectCode: 'K-1',
    organizationName: 'Kunta',
    timeZone: 'Europe/Helsinki',
    dataId: '5d1f6a9e-0000-4000-8000-000000000001',
    startAt: null,
    defaultSelect: 7,
    defaults: {},
    spaces: [
      { id: 2, name: 'Luokka 101', show: true, color: null },
      { id: 3, name: 'Varasto', show: false, color: null },
      { id: 1, name: 'Sali', show: true, color: null },
    ],
    series: [],
    episodes: [],
    ...overrides,
  };
}

export function testReportContent(elements: unknown[]): ReportContent {
  return reportContentSchema.parse({ version: 1, elements });
}

export function testReportModel(elements: unknown[] = [], overrides: Partial<ReportModel> = {}): ReportModel {
  return {
    name: 'Marraskuu',
    content: testReportContent(elements),
    dataslots: [],
    from: Date.parse('2026-10-31T22:00:00Z'),
    to: Date.parse('2026-11-30T22:00:00Z'),
    landscape: false,
    cover: null,
    ...overrides,
  };
}

export const testReportSources: ReportSources = {
  dataPath: '/api/data',
  attachmentUrl: (id) => `/api/attachments/${id}`,
};

export function testReportScope(element?: unknown, overrides: Partial<ReportScope> = {}): ReportScope {
  return {
    report: testReportModel(element === undefined ? [] : [element]),
    context: testReportContext(),
    sources: testReportSources,
    currentSpace: null,
    ...overrides,
  };
}

/** The first element of a scope's report, completed by the schema. */
export function firstElement(scope: ReportScope): ReportElement {
  return scope.report.content.elements[0] as ReportElement;
}

/** The cover of a report as the GraphQL report fragments answer it, with the organization's logo. */
export function testGraphqlCover(logoAttachmentId: string | null) {
  return {
    __typename: 'ReportCover',
    id: 4,
    organizationId: '00000000-0000-4000-8000-0000000000c1',
    name: 'Kansi',
    cover: { version: 1, logoAttachmentId, elements: [] },
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
  };
}

/** The fixture school as the GraphQL report fragments answer its context, with the shown spaces given. */
export function testGraphqlContext(spaces: Array<{ id: number; name: string }> = []) {
  const { episodes, ...context } = testReportContext({ projectCode: null });
  return {
    __typename: 'ReportContext',
    ...context,
    spaces: spaces.map((space) => ({ __typename: 'ReportSpace', ...space, show: true, color: null })),
    alarmEpisodes: episodes,
  };
}
