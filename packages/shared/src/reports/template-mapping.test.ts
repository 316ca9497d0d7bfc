import { describe, expect, it } from 'vitest';
import { mapReportContent, reportTemplateAttention } from './template-mapping.ts';
import { parsedReportContent as parsed } from './testing.ts';

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
