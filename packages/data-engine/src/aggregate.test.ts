import { describe, expect, it } from 'vitest';
import { type AggregateOptions, aggregate, emptyMessages } from './aggregate.ts';
import { projectDataBodySchema } from './data-body.ts';
import { localMidnight } from './ranges.ts';
import { aggregateOf, bodyOf, testSeries } from './testing/data-bodies.ts';
import stored from './testing/fixtures/helsinki-2026-10-25-7200.json' with { type: 'json' };

const helsinki = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);
const hourMs = 3_600_000;
const base = { projectId: 7, dataId: 'd1', timeZone: helsinki };

/** 23 March 2026 in Helsinki at one-hour slots: 20 °C + the slot's index, CO2 in the morning only. */
const monday = bodyOf({
  ...base,
  period: '2026-03-23',
  slotSeconds: 3600,
  values: (start, seriesId) => {
    const index = (start * 1000 - localMidnight(2026, 3, 23, helsinki)) / hourMs;
    if (seriesId === 12) return index < 6 ? aggregateOf([400, 500, 600]) : null;
    return aggregateOf([20 + index - 0.5, 20 + index + 0.5]);
  },
});
const mondayRange = { from: localMidnight(2026, 3, 23, helsinki), to: localMidnight(2026, 3, 24, helsinki) - 1 };
const options: AggregateOptions = {
  range: mondayRange,
  slotSeconds: 3600,
  filters: [],
  nulls: false,
  mode: 'avg',
  timeZone: helsinki,
};

describe('aggregate', () => {
  it('gives each slot the mean, the lowest or the highest reading by the mode', () => {
    const first = (mode: AggregateOptions['mode']) =>
      aggregate([monday], { ...options, mode }).series.map((item) => item.points[0]?.value);
    expect(first('avg')).toEqual([20, 500]);
    expect(first('min')).toEqual([19.5, 400]);
    expect(first('max')).toEqual([20.5, 600]);
  });

  it('leaves empty slots out, or gives them as nulls when nulls is on', () => {
    const without = aggregate([monday], options);
    expect(without.times).toHaveLength(24);
    expect(without.series[1]?.points).toHaveLength(6);
    const withNulls = aggregate([monday], { ...options, nulls: true });
    expect(withNulls.series[1]?.points).toHaveLength(24);
    expect(withNulls.series[1]?.points[6]).toEqual({ time: mondayRange.from + 6 * hourMs, value: null });
  });

  it('keeps the slots that overlap the range', () => {
    const range = { from: mondayRange.from + 2.5 * hourMs, to: mondayRange.from + 5 * hourMs };
    const result = aggregate([monday], { ...options, range });
    expect(result.times).toEqual([2, 3, 4, 5].map((hour) => mondayRange.from + hour * hourMs));
  });

  it('gives a table row per series over the kept slots, whatever the mode', () => {
    const [temperature, co2] = aggregate([monday], { ...options, mode: 'max' }).series;
    expect(temperature?.stats).toEqual({ min: 19.5, avg: 31.5, max: 43.5, count: 48 });
    expect(co2?.stats).toEqual({ min: 400, avg: 500, max: 600, count: 18 });
    expect(temperature?.series).toEqual(testSeries[0]);
  });

  it('applies the filters before the values and the table', () => {
    const result = aggregate([monday], {
      ...options,
      filters: [{ type: 'weekrange', hours: [{ weekday: 1, from: 8, to: 10 }] }],
    });
    expect(result.times).toEqual([mondayRange.from + 8 * hourMs, mondayRange.from + 9 * hourMs]);
    expect(result.series[0]?.stats).toEqual({ min: 27.5, avg: 28.5, max: 29.5, count: 4 });
    expect(result.series[1]?.stats).toBeNull();
    expect(result.empty).toBeNull();
  });

  it("says 'Timespan has no data.' when the series have no values in the range", () => {
    const removed = aggregate([monday], { ...options, filters: [{ type: 'removeday', day: '2026-03-23' }] });
    expect(removed).toMatchObject({ times: [], empty: emptyMessages.timespan });
    const silent = bodyOf({ ...base, period: '2026-03-24', slotSeconds: 3600 });
    expect(aggregate([silent], options).empty).toBe('Timespan has no data.');
  });

  it("says 'No data.' when there are no series or no slices", () => {
    const noSeries = bodyOf({ ...base, period: '2026-03-23', slotSeconds: 3600, series: [] });
    expect(aggregate([noSeries], options)).toEqual({
      times: [],
      slotEnds: [],
      spaces: noSeries.spaces,
      series: [],
      empty: 'No data.',
    });
    expect(aggregate([], options).empty).toBe(emptyMessages.noData);
  });

  it('uses only slices of its slot length, and lets the later period win where slices overlap', () => {
    const month = bodyOf({ ...base, period: '2026-03', slotSeconds: 3600, values: () => aggregateOf([1]) });
    const day = bodyOf({
      ...base,
      period: '2026-03-23',
      slotSeconds: 3600,
      series: [{ ...(testSeries[0] as (typeof testSeries)[number]), name: 'Lämpötila (uusi nimi)' }],
      values: () => aggregateOf([2]),
    });
    const tenMinutes = bodyOf({ ...base, period: '2026-03-23', slotSeconds: 600, values: () => aggregateOf([3]) });
    const result = aggregate([day, tenMinutes, month], {
      ...options,
      range: { from: 0, to: at('2030-01-01T00:00:00Z') },
    });
    expect(result.times).toHaveLength(31 * 24 - 1);
    const temperature = result.series[0];
    expect(temperature?.series.name).toBe('Lämpötila (uusi nimi)');
    expect(temperature?.points.filter((point) => point.value === 2)).toHaveLength(24);
    expect(temperature?.points.filter((point) => point.value === 1)).toHaveLength(30 * 24 - 1);
    expect(result.series.map((item) => item.series.id)).toEqual([11, 12]);
  });

  it('gives a month of day slots one value per calendar day, its 25-hour day whole', () => {
    // Every hour of October 2026 in Helsinki holds one reading: its hours since the month began.
    const firstMidnight = localMidnight(2026, 10, 1, helsinki);
    const october = bodyOf({
      ...base,
      period: '2026-10',
      slotSeconds: 86_400,
      values: (start) => {
        const end = localMidnight(2026, 10, new Date(start * 1000 + 12 * hourMs).getUTCDate() + 1, helsinki);
        const hours = Array.from(
          { length: (end - start * 1000) / hourMs },
          (_, i) => (start * 1000 - firstMidnight) / hourMs + i,
        );
        return aggregateOf(hours);
      },
    });
    const range = { from: firstMidnight, to: localMidnight(2026, 11, 1, helsinki) - 1 };
    const result = aggregate([october], { ...options, range, slotSeconds: 86_400, mode: 'max' });
    expect(result.times).toHaveLength(31);
    expect(result.times[24]).toBe(localMidnight(2026, 10, 25, helsinki));
    expect(result.series[0]?.stats?.count).toBe(31 * 24 + 1);
  });

  it('reads a body by the slots it lists: one from before decision 0055, whose 25-hour day ends in a one-hour slot', () => {
    const body = projectDataBodySchema.parse(stored);
    const range = { from: body.from * 1000, to: body.to * 1000 - 1 };
    const result = aggregate([body], { ...options, range, slotSeconds: 7200, nulls: true });
    expect(result.times).toHaveLength(13);
    expect(result.times.at(-1)).toBe(at('2026-10-25T21:00:00Z'));
    const [temperature, co2] = result.series;
    expect(temperature?.points[0]).toEqual({ time: at('2026-10-24T21:00:00Z'), value: 8 });
    expect(temperature?.points[5]?.value).toBeNull();
    expect(co2?.points.filter((point) => point.value !== null).map((point) => point.value)).toEqual([
      520, 540, 560, 580, 600, 620, 640,
    ]);
    // The filter sees the wall clock: the last slot starts at 23:00 EET.
    const lateEvening = aggregate([body], {
      ...options,
      range,
      slotSeconds: 7200,
      filters: [{ type: 'weekrange', hours: [{ weekday: 7, from: 23, to: 24 }] }],
    });
    expect(lateEvening.times).toEqual([at('2026-10-25T21:00:00Z')]);
  });
});
