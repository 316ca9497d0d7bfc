import { describe, expect, it } from 'vitest';
import { nearestValue } from './chartReadout.ts';

describe('nearestValue', () => {
  const times = [0, 600, 1200, 1800, 3600, 7200];
  const line = [21.5, null, null, 22.1, null, null];

  it('gives the reading nearest in time, the earlier on a tie', () => {
    expect(nearestValue([times, line], 1, 1)).toEqual({ time: 0, value: 21.5 });
    expect(nearestValue([times, line], 1, 2)).toEqual({ time: 1800, value: 22.1 });
    // 3600 is 1800 s after the last reading and no later one exists.
    expect(nearestValue([times, line], 1, 5)).toEqual({ time: 1800, value: 22.1 });
    expect(nearestValue([times, [null, 3, null, 5, null, null]], 1, 2)).toEqual({ time: 600, value: 3 });
    expect(
      nearestValue(
        [
          [0, 10, 20],
          [1, null, 2],
        ],
        1,
        1,
      ),
    ).toEqual({ time: 0, value: 1 });
  });

  it('keeps a reading where there is one, and has none for an empty line', () => {
    expect(nearestValue([times, line], 1, 3)).toEqual({ time: 1800, value: 22.1 });
    expect(nearestValue([times, [null, null, null, null, null, null]], 1, 2)).toBeNull();
    expect(nearestValue([times, line], 2, 2)).toBeNull();
  });
});
