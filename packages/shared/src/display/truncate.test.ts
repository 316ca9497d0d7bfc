import { describe, expect, it } from 'vitest';
import { truncateText } from './truncate.ts';

describe('truncateText', () => {
  it('keeps a text of at most 15 characters whole', () => {
    expect(truncateText('Luokka 101')).toBe('Luokka 101');
    expect(truncateText('123456789012345')).toBe('123456789012345');
  });

  it("cuts a longer text to 15 characters followed by '...'", () => {
    expect(truncateText('1234567890123456')).toBe('123456789012345...');
    expect(truncateText('Koulun sisäilma, 2. kerros')).toBe('Koulun sisäilma...');
  });

  it('takes another length when a view asks for one', () => {
    expect(truncateText('Päiväkoti Auringonkukka', 9)).toBe('Päiväkoti...');
    expect(truncateText('abc', 0)).toBe('...');
  });

  it('counts characters as a reader does, never cutting one in half', () => {
    expect(truncateText('🌡️🌡️🌡️', 1)).toBe('🌡️...');
    expect(truncateText('𝄞𝄞𝄞', 3)).toBe('𝄞𝄞𝄞');
    // 'ä' as a and a combining diaeresis: two code points, one character.
    expect(truncateText('la\u0308mpo\u0308tila', 4)).toBe('la\u0308mp...');
  });

  it('reads null and undefined as an empty text', () => {
    expect(truncateText(null)).toBe('');
    expect(truncateText(undefined)).toBe('');
  });
});
