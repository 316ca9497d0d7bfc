import { describe, expect, it } from 'vitest';
import { slugFromName } from './slug.ts';

describe('suggested slug', () => {
  it('keeps lowercase letters and digits, joined by hyphens', () => {
    expect(slugFromName('Äijälän Koulu 2')).toBe('aijalan-koulu-2');
    expect(slugFromName('  --Olo / Demo--  ')).toBe('olo-demo');
    expect(slugFromName('ÅÖ')).toBe('ao');
    expect(slugFromName('a'.repeat(70))).toHaveLength(64);
  });
});
