import type { DataResult } from '@olo/data-engine';
import { describe, expect, it } from 'vitest';
import { keptWhileLoading } from './useDataEngine.ts';

const result = (fields: Partial<DataResult>): DataResult => ({
  projectId: 7,
  dataId: 'd',
  range: { from: 0, to: 1000 },
  slotSeconds: 600,
  filters: [],
  nulls: false,
  mode: 'avg',
  loading: false,
  failedPeriods: [],
  times: [0],
  slotEnds: [600_000],
  spaces: [],
  series: [],
  empty: null,
  ...fields,
});

describe('results shown while a new range loads', () => {
  it('keep the values shown until some of the new range has come, with the new range and loading', () => {
    const shown = result({ times: [0, 600_000] });
    const waiting = result({
      range: { from: 5000, to: 9000 },
      loading: true,
      empty: 'Timespan has no data.',
      times: [],
    });
    expect(keptWhileLoading(shown, waiting)).toEqual({ ...shown, range: waiting.range, loading: true });
  });

  it('show the new result once it has values, once loading is over, or when nothing was shown', () => {
    const shown = result({});
    const partial = result({ loading: true, times: [5] });
    expect(keptWhileLoading(shown, partial)).toBe(partial);
    const empty = result({ empty: 'Timespan has no data.' });
    expect(keptWhileLoading(shown, empty)).toBe(empty);
    const waiting = result({ loading: true, empty: 'No data.' });
    expect(keptWhileLoading(null, waiting)).toBe(waiting);
    expect(keptWhileLoading(result({ empty: 'No data.' }), waiting)).toBe(waiting);
  });
});
