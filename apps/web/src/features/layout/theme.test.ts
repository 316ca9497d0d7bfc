import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, oloBlue, readableShade } from './theme.ts';

describe('theme contrast', () => {
  it('the brand blue carries white text and reads as text on white at 4.5:1', () => {
    expect(contrastRatio(oloBlue[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.blue[6], '#ffffff')).toBeLessThan(4.5);
  });

  it('finds a readable shade of every palette, on white and on its light tint', () => {
    for (const [name, palette] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === 'dark') continue;
      expect(contrastRatio(readableShade(palette, '#ffffff'), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(readableShade(palette, palette[2]), palette[2]), name).toBeGreaterThanOrEqual(4.5);
    }
    // Red keeps its own hue where it already reads: the first shade that passes, not black.
    expect(readableShade(DEFAULT_THEME.colors.red, '#ffffff')).toBe(DEFAULT_THEME.colors.red[8]);
  });
});
