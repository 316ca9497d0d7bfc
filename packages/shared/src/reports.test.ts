import { describe, expect, it } from 'vitest';
import { mapReportContent, reportTemplateAttention } from './report-retarget.ts';
import {
  fillReportVariables,
  parseReportContent,
  type ReportContent,
  reportErrors,
  reportReferencedSeries,
  resolveReportElementView,
  resolveReportSeries,
} from './reports.ts';

const lists = {
  spaces: [
    { id: 1, name: 'Classroom 101', show: true },
    { id: 2, name: 'Gym', show: true },
    { id: 3, name: 'Boiler room', show: false },
  ],
  series: [
    { id: 10, spaceId: 1, dataType: 'CO2' },
    { id: 11, spaceId: 1, dataType: 'Temperature' },
    { id: 20, spaceId: 2, dataType: 'CO2' },
    { id: 30, spaceId: 3, dataType: 'CO2' },
    { id: 12, spaceId: 1, dataType: 'Volt' },
  ],
};

function parsed(stored: unknown): ReportContent {
  const result = parseReportContent(stored);
  if (!result.success) throw new Error(result.message);
  return result.data;
}

describe('report content', () => {
  it('opens content stored before the envelope (version 0) with ids and defaults filled in', () => {
    const content = parsed([
      { kind: 'text', text: 'Drying of {project.name}', style: 'title' },
      { kind: 'graph', series: [{ space: { kind: 'all' }, dataType: 'CO2' }], children: [{ kind: 'summary' }] },
    ]);
    expect(content.version).toBe(1);
    expect(content.elements).toHaveLength(2);
    const [text, graph] = content.elements;
    expect(text?.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(graph?.kind).toBe('graph');
    expect(graph?.children[0]?.kind).toBe('summary');
    expect(graph?.children[0]?.id).not.toBe(graph?.id);
  });

  it('refuses a newer version, script links, duplicate ids and hostile nesting', () => {
    expect(parseReportContent({ version: 99, elements: [] })).toEqual({
      success: false,
      message: reportErrors.unsupportedVersion,
    });
    const link = {
      version: 1,
      elements: [
        {
          id: 'a',
          kind: 'richText',
          doc: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
                ],
              },
            ],
          },
        },
      ],
    };
    expect(parseReportContent(link)).toEqual({ success: false, message: reportErrors.invalidLink });
    expect(
      parseReportContent({
        version: 1,
        elements: [
          { id: 'a', kind: 'text' },
          { id: 'a', kind: 'text' },
        ],
      }),
    ).toEqual({ success: false, message: reportErrors.duplicateElementId });
    let deep: unknown = { id: 'x', kind: 'text' };
    for (let level = 0; level < 10_000; level += 1) deep = { id: `e${level}`, kind: 'text', children: [deep] };
    expect(parseReportContent({ version: 1, elements: [deep] }).success).toBe(false);
  });
});

describe('series of a report', () => {
  it('selects by space and type, every shown space, or the repeated space', () => {
    expect(resolveReportSeries([{ space: { kind: 'all' }, dataType: 'CO2' }], lists, null)).toEqual([10, 20]);
    expect(resolveReportSeries([{ space: { kind: 'space', id: 1, name: 'x' }, dataType: null }], lists, null)).toEqual([
      10, 11,
    ]);
    expect(resolveReportSeries([{ space: { kind: 'current' }, dataType: null }], lists, 2)).toEqual([20]);
    expect(resolveReportSeries([{ space: { kind: 'current' }, dataType: null }], lists, null)).toEqual([]);
  });

  it('takes the room measurements for "all types", the battery only when asked for', () => {
    expect(resolveReportSeries([{ space: { kind: 'current' }, dataType: null }], lists, 1)).toEqual([10, 11]);
    expect(resolveReportSeries([{ space: { kind: 'current' }, dataType: 'Volt' }], lists, 1)).toEqual([12]);
    const tour = parsed({
      version: 1,
      elements: [
        {
          id: 'i',
          kind: 'imageTour',
          images: [
            {
              attachmentId: '5f0c6a0e-7d0b-4b39-9a53-1d8f7c1e2a10',
              pins: [{ space: { kind: 'space', id: 1, name: 'Classroom 101' }, x: 0.5, y: 0.5 }],
            },
          ],
        },
      ],
    });
    expect(reportReferencedSeries(tour, lists).seriesIds).toEqual([10, 11]);
  });

  it('lists what a report can show, repeats resolved for every shown space', () => {
    const content = parsed({
      version: 1,
      elements: [
        {
          id: 'r',
          kind: 'text',
          repeatPerSpace: true,
          children: [{ id: 'g', kind: 'graph', series: [{ space: { kind: 'current' }, dataType: 'Temperature' }] }],
        },
      ],
    });
    // Both shown spaces are drawn by the repeat (the gym with nothing under its heading); the hidden one is not.
    expect(reportReferencedSeries(content, lists)).toEqual({ seriesIds: [11], spaceIds: [1, 2] });
  });
});

describe('mapping a template onto another project', () => {
  it('finds spaces by name and lists what it could not map', () => {
    const content = parsed({
      version: 1,
      elements: [
        {
          id: 'g',
          kind: 'graph',
          series: [
            { space: { kind: 'space', id: 1, name: 'Classroom 101' }, dataType: 'CO2' },
            { space: { kind: 'space', id: 2, name: 'Gym' }, dataType: 'Temperature' },
            { space: { kind: 'space', id: 3, name: 'Attic' }, dataType: null },
          ],
        },
      ],
    });
    const target = {
      spaces: [
        { id: 7, name: ' classroom 101 ', show: true },
        { id: 8, name: 'Gym', show: true },
      ],
      series: [{ id: 70, spaceId: 7, dataType: 'CO2' }],
    };
    const mapped = mapReportContent(content, target);
    const graph = mapped.content.elements[0];
    expect(graph?.kind === 'graph' && graph.series.map((selection: { space: unknown }) => selection.space)).toEqual([
      { kind: 'space', id: 7, name: ' classroom 101 ' },
      { kind: 'space', id: 8, name: 'Gym' },
    ]);
    expect(mapped.unmapped).toEqual([
      { elementId: 'g', spaceName: 'Gym', dataType: 'Temperature' },
      { elementId: 'g', spaceName: 'Attic', dataType: null },
    ]);
  });

  it('lists the pins it drops and what was written for the template', () => {
    const content = parsed({
      version: 1,
      elements: [
        { id: 'title', kind: 'text', text: '{report.name}: {project.name}', style: 'title' },
        { id: 'intro', kind: 'text', text: 'The school of Kallio, {report.from}' },
        {
          id: 'rich',
          kind: 'richText',
          doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Classrooms' }] }] },
        },
        {
          id: 'plan',
          kind: 'imageTour',
          title: 'Floor plan',
          images: [
            {
              attachmentId: '5f0c6a0e-7d0b-4b39-9a53-1d8f7c1e2a10',
              pins: [
                { space: { kind: 'space', id: 1, name: 'Classroom 101' }, x: 0.2, y: 0.2 },
                { space: { kind: 'space', id: 3, name: 'Attic' }, x: 0.8, y: 0.8 },
              ],
            },
          ],
        },
      ],
    });
    const mapped = mapReportContent(content, { spaces: [{ id: 7, name: 'Classroom 101', show: true }], series: [] });
    expect(mapped.droppedPins).toEqual([{ elementId: 'plan', spaceName: 'Attic' }]);
    expect(mapped.unmapped).toEqual([]);
    const plan = mapped.content.elements[3];
    expect(plan?.kind === 'imageTour' && plan.images[0]?.pins.map((pin) => pin.space)).toEqual([
      { kind: 'space', id: 7, name: 'Classroom 101' },
    ]);
    expect(reportTemplateAttention(mapped.content)).toEqual([
      { kind: 'text', elementId: 'intro', name: 'The school of Kallio, {report.from}' },
      { kind: 'text', elementId: 'rich', name: 'Classrooms' },
      { kind: 'imageTour', elementId: 'plan', name: 'Floor plan' },
    ]);
  });
});

describe('an element view', () => {
  it('takes the data slot, then the element overrides', () => {
    const report = {
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2026-02-01T00:00:00Z'),
      dataslots: [
        {
          id: 'school',
          name: 'School hours',
          range: { kind: 'fixed' as const, from: '2026-01-05T00:00:00+02:00', to: '2026-01-10T00:00:00+02:00' },
          filters: [],
          nulls: false,
          mode: 'avg' as const,
          slot: 3600,
        },
      ],
    };
    const view = resolveReportElementView(
      report,
      { dataslotId: 'school', slot: null, mode: 'max', nulls: null, filters: null },
      {},
      'Europe/Helsinki',
    );
    expect(view).toMatchObject({ slotSeconds: 3600, mode: 'max', dataslotName: 'School hours' });
    expect(view.from).toBe(Date.parse('2026-01-05T00:00:00+02:00'));
    const onReport = resolveReportElementView(
      report,
      { dataslotId: null, slot: null, mode: null, nulls: null, filters: null },
      { slot: 86400 },
      'Europe/Helsinki',
    );
    expect(onReport).toMatchObject({
      from: report.from.getTime(),
      slotSeconds: 86400,
      mode: 'avg',
      dataslotName: null,
    });
  });

  it('fills variables it knows and leaves other braces', () => {
    expect(
      fillReportVariables('{project.name}: {report.from} – {x.y} {}', {
        'project.name': 'Koulu',
        'report.from': '1.1.2026',
      }),
    ).toBe('Koulu: 1.1.2026 – {x.y} {}');
  });
});
