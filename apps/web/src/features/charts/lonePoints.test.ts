import { describe, expect, it } from 'vitest';
import { loneValueIndexes } from './lonePoints.ts';

describe('loneValueIndexes', () => {
  it('finds the one value of a series whose line crosses gaps, and none once there are two', () => {
    expect(loneValueIndexes([null, null, 21.5, null], true)).toEqual([2]);
    expect(loneValueIndexes([null, 20, null, 21.5], true)).toEqual([]);
    expect(loneValueIndexes([null, null], true)).toEqual([]);
  });

  it('finds each value between empty slots of a series whose line stops at gaps', () => {
    expect(loneValueIndexes([5, null, 6, 7, null, 8], false)).toEqual([0, 5]);
    expect(loneValueIndexes([1, 2, 3], false)).toEqual([]);
  });
});
