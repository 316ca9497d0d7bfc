import { describe, expect, it } from 'vitest';
import { reportReferencedSeries, resolveReportSeries } from './selections.ts';
import { parsedReportContent as parsed } from './testing.ts';

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
