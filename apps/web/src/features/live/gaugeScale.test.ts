import { describe, expect, it } from 'vitest';
import { gaugeRange } from './gaugeScale.ts';

describe('gauge range without a limit', () => {
  it("is the type's typical range, or 0..100 for a type it does not know", () => {
    expect(gaugeRange('CO2')).toEqual({ min: 400, max: 2000 });
    expect(gaugeRange('Paine-ero')).toEqual({ min: -50, max: 50 });
    expect(gaugeRange('Something else')).toEqual({ min: 0, max: 100 });
  });
});
