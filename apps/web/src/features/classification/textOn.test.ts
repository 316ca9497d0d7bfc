import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../layout/theme.ts';
import { textOn } from './ClassificationTable.tsx';

describe('class badge text', () => {
  it('reads at 4.5:1 at least on every shipped class colour and on the heat map’s strongest red', () => {
    for (const background of ['#2b8a3e', '#5c940d', '#e67700', '#c92a2a', '#ffffff', '#e4a9a9']) {
      expect(contrastRatio(textOn(background), background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
