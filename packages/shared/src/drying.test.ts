import { describe, expect, it } from 'vitest';
import { dryingTargets, isStructureMoisture, seriesDryingTargets, targetReached } from './drying.ts';

const day = 86_400_000;
const points = (values: Array<number | null>) => values.map((value, index) => ({ time: index * day, value }));

describe('dryingTargets', () => {
  it('lists the edges inside a normal range open below, highest first', () => {
    expect(dryingTargets({ limits: [80, 85, 90], normalMin: null, normalMax: 85 })).toEqual([85, 80]);
    expect(dryingTargets({ limits: [75, 80, 90], normalMin: null, normalMax: 80 })).toEqual([80, 75]);
  });

  it('gives none to a comfort range or a limit without a normal maximum', () => {
    expect(dryingTargets({ limits: [20, 25, 45, 60, 70], normalMin: 20, normalMax: 60 })).toEqual([]);
    expect(dryingTargets({ limits: [80, 85], normalMin: null, normalMax: null })).toEqual([]);
  });

  it('are a series’ only when it measures a structure’s moisture', () => {
    const limit = { limits: [80, 85, 90], normalMin: null, normalMax: 85 };
    expect(isStructureMoisture('Structure humidity')).toBe(true);
    expect(seriesDryingTargets('Structure humidity', limit)).toEqual([85, 80]);
    expect(seriesDryingTargets('Humidity', limit)).toEqual([]);
    expect(seriesDryingTargets('Structure humidity', null)).toEqual([]);
    expect(seriesDryingTargets('Structure humidity', { limits: [80, 85, 90] })).toEqual([]);
  });
});

describe('targetReached', () => {
  it('is the first value of the last run at or under the target', () => {
    // 84.9 on day 2, then 85.2 above it again: it stays down from day 4 on.
    expect(targetReached(points([97, 88, 84.9, 85.2, 85, 83.7, 82]), 85)).toEqual({
      state: 'reached',
      at: 4 * day,
      sinceStart: false,
    });
  });

  it('is not yet reached while the newest value is above the target', () => {
    expect(targetReached(points([90, 82, 79.9, 80.3]), 80)).toEqual({ state: 'notYet' });
  });

  it('says when every value was already under the target', () => {
    expect(targetReached(points([79, 78.5, 78]), 80)).toEqual({ state: 'reached', at: 0, sinceStart: true });
  });

  it('skips empty slots and gives noData without values', () => {
    expect(targetReached(points([null, 90, null, 84, null]), 85)).toEqual({
      state: 'reached',
      at: 3 * day,
      sinceStart: false,
    });
    expect(targetReached(points([null, null]), 85)).toEqual({ state: 'noData' });
    expect(targetReached([], 85)).toEqual({ state: 'noData' });
  });
});
