import { describe, expect, expectTypeOf, it } from 'vitest';
import { stripTypename } from './typename.ts';

describe('stripTypename', () => {
  it('drops __typename at every depth of objects and arrays', () => {
    const project = {
      __typename: 'Project',
      id: 4,
      name: 'Koulun sisäilma',
      spaces: [
        {
          __typename: 'Space',
          id: 3,
          series: [
            { __typename: 'Serie', id: 7, dataType: 'CO2', color: { __typename: 'Color', id: 2, color: '#2f9e44' } },
          ],
        },
      ],
      defaults: { __typename: 'DataSlotDefaults', nulls: false, filters: [] },
    };
    expect(stripTypename(project)).toEqual({
      id: 4,
      name: 'Koulun sisäilma',
      spaces: [{ id: 3, series: [{ id: 7, dataType: 'CO2', color: { id: 2, color: '#2f9e44' } }] }],
      defaults: { nulls: false, filters: [] },
    });
  });

  it('leaves the input as it was', () => {
    const space = { __typename: 'Space', id: 3, tags: [{ __typename: 'Tag', name: 'a' }] };
    stripTypename(space);
    expect(space).toEqual({ __typename: 'Space', id: 3, tags: [{ __typename: 'Tag', name: 'a' }] });
  });

  it('keeps values, nulls, dates and other instances as they are', () => {
    const time = new Date('2026-03-01T10:00:00Z');
    const stripped = stripTypename({
      __typename: 'Reading',
      time,
      data: null,
      value: 0,
      missing: undefined,
      list: [1, 'a'],
    });
    expect(stripped).toEqual({ time, data: null, value: 0, missing: undefined, list: [1, 'a'] });
    expect(stripped.time).toBe(time);
    expect(stripTypename(null)).toBeNull();
    expect(stripTypename('Project')).toBe('Project');
  });

  it('drops the field from the type too', () => {
    const stripped = stripTypename({
      __typename: 'Meter' as const,
      id: 1,
      latest: { __typename: 'MeterReading' as const, rssi: -90 },
    });
    expectTypeOf(stripped).toEqualTypeOf<{ id: number; latest: { rssi: number } }>();
  });
});
