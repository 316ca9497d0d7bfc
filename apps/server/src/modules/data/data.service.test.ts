import { describe, expect, it } from 'vitest';
import { slotRunsWithin } from './data.service.ts';

describe('slotRunsWithin', () => {
  const hours = [0, 3600, 7200, 10_800, 14_400, 18_000];

  it('keeps every slot that any span overlaps, even in part, as runs of consecutive slots', () => {
    expect(
      slotRunsWithin(hours, [
        { from: 1800, to: 3700 },
        { from: 14_400, to: 99_999 },
      ]),
    ).toEqual([
      [0, 3600, 7200],
      [14_400, 18_000],
    ]);
  });

  it('keeps no slot that a span only touches at its edge, and none without spans', () => {
    expect(slotRunsWithin(hours, [{ from: 7200, to: 7200 }])).toEqual([]);
    expect(slotRunsWithin(hours, [{ from: 18_000, to: 20_000 }])).toEqual([]);
    expect(slotRunsWithin(hours, [])).toEqual([]);
  });

  it('keeps the whole period as one run when a span covers it', () => {
    expect(slotRunsWithin(hours, [{ from: -5, to: 18_000 }])).toEqual([hours]);
  });
});
