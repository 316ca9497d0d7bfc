import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast.ts';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, whichever comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1c7ed6', '#1C7ED6')).toBe(1);
  });

  it('matches the WCAG figure of a known pair', () => {
    // #767676 on white is the classic lightest grey that passes AA for text (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('refuses anything but #rrggbb', () => {
    expect(() => relativeLuminance('#fff')).toThrow(RangeError);
    expect(() => relativeLuminance('red')).toThrow(RangeError);
  });
});
