import { describe, expect, it } from 'vitest';
import { limitErrors } from './error-messages.ts';
import { createLimitInput, limitScale, updateLimitInput } from './limits.ts';

const co2 = {
  name: 'CO2 school',
  dataType: 'CO2',
  order: 0,
  min: 400,
  max: 2000,
  limits: [750, 950, 1200],
  colors: ['#2B8A3E', '#5c940d', '#e67700'],
  maxcolor: '#c92a2a',
  normalMin: null,
  normalMax: 950,
  split: true,
  opacity: 0.15,
};

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('limit inputs', () => {
  it('accepts a banded CO2 scale and keeps its colours in lower case', () => {
    const parsed = createLimitInput.parse(co2);
    expect(parsed.colors[0]).toBe('#2b8a3e');
    expect(parsed.organizationId).toBeUndefined();
  });

  it('refuses edges that do not rise, lie outside the scale, or lack a colour', () => {
    expect(messages(createLimitInput.safeParse({ ...co2, limits: [750, 700, 1200] }))).toContain(
      limitErrors.edgesNotAscending,
    );
    expect(messages(createLimitInput.safeParse({ ...co2, limits: [300, 950, 1200] }))).toContain(
      limitErrors.edgeOutsideScale,
    );
    expect(messages(createLimitInput.safeParse({ ...co2, colors: ['#2b8a3e'] }))).toContain(limitErrors.colorPerBand);
    expect(messages(createLimitInput.safeParse({ ...co2, maxcolor: 'red' }))).toContain(limitErrors.invalidColor);
    expect(messages(createLimitInput.safeParse({ ...co2, max: 400 }))).toContain(limitErrors.maxNotAboveMin);
    expect(messages(createLimitInput.safeParse({ ...co2, normalMin: 1000, normalMax: 950 }))).toContain(
      limitErrors.normalMaxBelowMin,
    );
  });

  it('refuses values storage would keep but no scale means, and unknown types', () => {
    expect(createLimitInput.safeParse({ ...co2, max: 1e12 }).success).toBe(false);
    expect(createLimitInput.safeParse({ ...co2, max: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(createLimitInput.safeParse({ ...co2, dataType: 'Radon' }).success).toBe(false);
    expect(createLimitInput.safeParse({ ...co2, opacity: 2 }).success).toBe(false);
    const edges = Array.from({ length: 12 }, (_, index) => 500 + index * 100);
    expect(
      messages(createLimitInput.safeParse({ ...co2, limits: edges, colors: edges.map(() => '#000000') })),
    ).toContain(limitErrors.tooManyBands);
  });

  it('lets an update name only what changes, and checks the merged scale', () => {
    expect(updateLimitInput.parse({ id: 3, normalMax: 750 })).toEqual({ id: 3, normalMax: 750 });
    const { name: _name, dataType: _type, order: _order, ...scale } = co2;
    expect(limitScale.safeParse({ ...scale, limits: [750, 950, 2500] }).success).toBe(false);
    expect(limitScale.safeParse(scale).success).toBe(true);
  });
});
