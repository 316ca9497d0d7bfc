import { describe, expect, it } from 'vitest';
import { aggregate } from './aggregate.ts';
import { localMidnight } from './ranges.ts';
import { type ShareScale, seriesTimeShares, slotRows } from './report-summary.ts';
import { aggregateOf, bodyOf } from './testing/data-bodies.ts';

const helsinki = 'Europe/Helsinki';
const hourMs = 3_600_000;
const co2Scale: ShareScale = {
  min: 400,
  max: 2000,
  limits: [800, 1200],
  colors: ['#2f9e44', '#f59f00'],
  maxcolor: '#e03131',
  normalMin: null,
  normalMax: 1200,
};

/** Day slots of 28–30 March 2026 in Helsinki; the clocks go forward on the 29th, a 23-hour day. */
function daysAround(values: Record<number, number[] | null>) {
  const body = bodyOf({
    projectId: 7,
    period: '2026-03',
    dataId: 'd1',
    slotSeconds: 86_400,
    timeZone: helsinki,
    values: (start, seriesId) => {
      if (seriesId !== 12) return null;
      const day = new Date(start * 1000 + 3 * hourMs).getUTCDate();
      const readings = values[day];
      return readings ? aggregateOf(readings) : null;
    },
  });
  return aggregate([body], {
    range: { from: localMidnight(2026, 3, 28, helsinki), to: localMidnight(2026, 3, 31, helsinki) - 1 },
    slotSeconds: 86_400,
    filters: [],
    nulls: false,
    mode: 'avg',
    timeZone: helsinki,
  });
}

describe('the share of time in each band', () => {
  it('weighs each slot by its length, a 23-hour day less than the others', () => {
    const result = daysAround({ 28: [1300], 29: [700, 900], 30: [1000] });
    const co2 = result.series.find((item) => item.series.id === 12);
    const shares = seriesTimeShares(co2 ?? { points: [] }, result, co2Scale);
    expect(shares?.measuredMs).toBe(71 * hourMs);
    // The 29th's mean of 800 is on an edge: it belongs to the band above, as its colour does.
    expect(shares?.bands.map((band) => band.share)).toEqual([0, 47 / 71, 24 / 71]);
    expect(shares?.bands.map((band) => band.color)).toEqual(['#2f9e44', '#f59f00', '#e03131']);
    expect(shares?.above).toBeCloseTo(24 / 71, 12);
    expect(shares?.below).toBeNull();
  });

  it('counts only the slots that have a value, and judges by the mode', () => {
    const body = daysAround({ 28: [1100, 1300], 29: null, 30: [900] });
    const co2 = body.series.find((item) => item.series.id === 12);
    const shares = seriesTimeShares(co2 ?? { points: [] }, body, { ...co2Scale, normalMin: 1000 });
    expect(shares?.measuredMs).toBe(48 * hourMs);
    expect(shares?.above).toBe(0);
    expect(shares?.below).toBe(0.5);
    const highest = seriesTimeShares(
      { points: (co2?.points ?? []).map((point) => ({ ...point, value: point.value === 1200 ? 1300 : point.value })) },
      body,
      co2Scale,
    );
    expect(highest?.above).toBe(0.5);
  });

  it('has nothing to say of a series without values', () => {
    const result = daysAround({});
    expect(seriesTimeShares({ points: [] }, result, co2Scale)).toBeNull();
  });
});

describe('slot rows', () => {
  it('give a row per slot with a value and a column per chosen series, in the order chosen', () => {
    const result = daysAround({ 28: [1300], 30: [1000] });
    const rows = slotRows(result, [12, 11, 99], false);
    expect(rows).toEqual([
      {
        start: localMidnight(2026, 3, 28, helsinki),
        end: localMidnight(2026, 3, 29, helsinki),
        values: [1300, null, null],
      },
      {
        start: localMidnight(2026, 3, 30, helsinki),
        end: localMidnight(2026, 3, 31, helsinki),
        values: [1000, null, null],
      },
    ]);
  });

  it('keep the empty slots when nulls are on', () => {
    const result = daysAround({ 28: [1300] });
    expect(slotRows(result, [12], true).map((row) => row.values)).toEqual([[1300], [null], [null]]);
  });
});
