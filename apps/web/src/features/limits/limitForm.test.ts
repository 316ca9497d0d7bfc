import { createLimitInput, limitErrors } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import {
  type LimitFormValues,
  limitFormSchema,
  limitInputOf,
  newLimitValues,
  nextEdge,
  previewScale,
  sampleDay,
  sampleDayPoints,
} from './limitForm.ts';

const co2: LimitFormValues = {
  ...newLimitValues(0),
  name: 'S2 CO2',
  dataType: 'CO2',
  min: 400,
  max: 2000,
  limits: [750, 950, 1200],
  colors: ['#2F9E44', '#94d82d', '#fab005'],
  maxcolor: '#e03131',
  normalMax: 1200,
};

type Issues = { issues?: { message: string; path?: readonly unknown[] }[] };
const issuesOf = (values: LimitFormValues) =>
  ((limitFormSchema['~standard'].validate(values) as Issues).issues ?? []).map((issue) => ({
    message: issue.message,
    path: issue.path?.map(String).join('.'),
  }));

describe('the limit form', () => {
  it('turns the form into the shared input: empty optional bounds are open, colours lower case', () => {
    const input = createLimitInput.parse(limitInputOf(co2));
    expect(input).toMatchObject({ min: 400, max: 2000, limits: [750, 950, 1200], normalMin: null, normalMax: 1200 });
    expect(input.colors[0]).toBe('#2f9e44');
  });

  it('puts the edge that does not rise on its own row', () => {
    expect(issuesOf({ ...co2, limits: [750, 700, 1200] })).toEqual([
      { message: limitErrors.edgesNotAscending, path: 'limits.1' },
    ]);
  });

  it('asks for a missing edge, type and order instead of sending them', () => {
    const issues = issuesOf({ ...co2, dataType: '', order: '', limits: [750, '', 1200] });
    expect(issues).toContainEqual({ message: 'Required', path: 'limits.1' });
    expect(issues).toContainEqual({ message: 'Required', path: 'dataType' });
    expect(issues).toContainEqual({ message: 'Required', path: 'order' });
  });

  it('previews only a scale that makes sense', () => {
    expect(previewScale(co2)?.limits).toEqual([750, 950, 1200]);
    expect(previewScale({ ...co2, limits: [750, 700] })).toBeNull();
    expect(previewScale({ ...co2, max: '' })).toBeNull();
  });

  it('adds a band halfway between the last edge and the maximum', () => {
    expect(nextEdge(co2)).toBe(1600);
    expect(nextEdge({ min: -50, max: 50, limits: [] })).toBe(0);
  });

  it('makes a sample day that crosses every edge and stays on the scale', () => {
    const [times, values] = sampleDay({ min: 400, max: 2000, limits: [750, 950, 1200] }, 1_700_000_000);
    expect(times).toHaveLength(sampleDayPoints);
    expect(times[1]).toBe(1_700_000_600);
    for (const edge of [750, 950, 1200]) {
      expect(values.some((value) => value < edge)).toBe(true);
      expect(values.some((value) => value > edge)).toBe(true);
    }
    expect(Math.min(...values)).toBeGreaterThanOrEqual(400);
    expect(Math.max(...values)).toBeLessThanOrEqual(2000);
  });
});
