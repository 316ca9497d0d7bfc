import { describe, expect, it } from 'vitest';
import type { ReportContextFieldsFragment, ReportFieldsFragment } from '../../../graphql/generated.ts';
import { publicReportSources, reportContextOf, reportModelOf } from './reportModel.ts';

const slot = (id: string, from: string, to: string) => ({
  id,
  name: `Jakso ${id}`,
  from,
  to,
  filters: [],
  nulls: false,
  mode: 'avg',
  slot: 3600,
});

function report(overrides: Partial<ReportFieldsFragment> = {}): ReportFieldsFragment {
  return {
    id: 7,
    projectId: 1,
    name: 'Kuivuminen',
    content: [{ kind: 'text', text: 'Tallennettu ennen versioita' }],
    dataslots: [slot('a', '2026-11-02T06:00:00Z', '2026-11-06T14:00:00Z')],
    from: '2026-10-31T22:00:00.000Z',
    to: '2026-11-30T22:00:00.000Z',
    period: null,
    landscape: false,
    pageMargin: '15mm',
    coverId: null,
    printtemplateId: null,
    publicId: null,
    published: false,
    template: false,
    summary: false,
    version: 3,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    cover: null,
    context: {} as ReportContextFieldsFragment,
    ...overrides,
  };
}

describe('report model', () => {
  it('opens content of an older version with the defaults of the current one', () => {
    const result = reportModelOf(report());
    expect(result.success).toBe(true);
    if (!result.success) return;
    const [element] = result.model.content.elements;
    expect(element).toMatchObject({ kind: 'text', text: 'Tallennettu ennen versioita', style: 'paragraph' });
    expect(result.model.from).toBe(Date.parse('2026-10-31T22:00:00.000Z'));
    expect(result.model.dataslots.map((item) => item.id)).toEqual(['a']);
  });

  it('leaves out a data slot or a cover that no longer parses, keeping the rest of the report', () => {
    const result = reportModelOf(
      report({
        dataslots: [slot('a', '2026-11-02T06:00:00Z', '2026-11-06T14:00:00Z'), { id: 'b', name: 'Rikki' }],
        cover: {
          id: 1,
          organizationId: 'o',
          name: 'Kansi',
          cover: { version: 1, elements: [{ id: 'g', kind: 'graph' }] },
          createdAt: '',
          updatedAt: '',
        },
      }),
    );
    expect(result.success && result.model.dataslots.map((item) => item.id)).toEqual(['a']);
    expect(result.success && result.model.cover).toBeNull();
  });

  it('refuses content of a newer version with its message', () => {
    expect(reportModelOf(report({ content: { version: 99, elements: [] } }))).toEqual({
      success: false,
      message: 'This report was saved by a newer version of Olo',
    });
  });

  it("reads the project's facts: defaults as the summary reads them, episode times in epoch ms", () => {
    const context = reportContextOf({
      projectId: 1,
      projectName: 'Koulu',
      projectCode: null,
      organizationName: 'Kunta',
      timeZone: 'Europe/Helsinki',
      dataId: 'd',
      startAt: '2026-01-10T08:00:00.000Z',
      defaultSelect: 7,
      defaults: { slot: 3600, mode: 'max', nulls: true, filters: 'not a list' },
      spaces: [
        {
          id: 1,
          name: 'Sali',
          show: true,
          color: '#ff0000',
          weather: false,
          weatherId: null,
          weatherDatatype: null,
          weatherLimit: null,
        },
      ],
      series: [
        {
          id: 5,
          name: 'CO2',
          spaceId: 1,
          dataType: 'CO2',
          dataUnit: 'ppm',
          weatherId: null,
          color: null,
          limit: {
            id: 2,
            min: 400,
            max: 2000,
            limits: [1200],
            colors: ['#2f9e44'],
            maxcolor: '#e03131',
            split: true,
            opacity: 0.2,
            normalMin: null,
            normalMax: 1200,
          },
        },
      ],
      alarmEpisodes: [
        {
          id: 'e1',
          alarmName: 'CO2 korkea',
          seriesId: 5,
          time: '2026-11-03T07:00:00.000Z',
          endAt: null,
          peak: 1650,
        },
      ],
      classifications: [],
    });
    expect(context.defaults).toEqual({ slot: 3600, mode: 'max', nulls: true, filters: [] });
    expect(context.startAt).toBe(Date.parse('2026-01-10T08:00:00.000Z'));
    expect(context.series[0]?.limit).toMatchObject({ limits: [1200], normalMin: null, normalMax: 1200 });
    expect(context.episodes).toEqual([
      {
        id: 'e1',
        alarmName: 'CO2 korkea',
        seriesId: 5,
        start: Date.parse('2026-11-03T07:00:00.000Z'),
        end: null,
        peak: 1650,
      },
    ]);
  });

  it("points a published report's data and images at its own routes", () => {
    const sources = publicReportSources('00000000-0000-4000-8000-00000000be01');
    expect(sources.dataPath).toBe('/api/public-reports/00000000-0000-4000-8000-00000000be01/data');
    expect(sources.attachmentUrl('a1')).toBe('/api/public-reports/00000000-0000-4000-8000-00000000be01/attachments/a1');
  });
});
