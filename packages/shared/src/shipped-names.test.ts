import { describe, expect, it } from 'vitest';
import { languages } from './languages.ts';
import { displayName, isShippedName, shippedNames } from './shipped-names.ts';

describe('shipped names (decision 0166)', () => {
  it('exist in every language, and Finnish and Swedish differ from English where the words do', () => {
    for (const [key, names] of Object.entries(shippedNames)) {
      for (const language of languages) expect(names[language].trim(), `${key} ${language}`).not.toBe('');
    }
    expect(shippedNames['limit.indoorHumidity'].fi).not.toBe(shippedNames['limit.indoorHumidity'].en);
  });

  it("name a shipped row in the reader's language and a typed one as typed", () => {
    const shipped = { name: 'Bluish green', nameKey: 'color.bluishGreen' };
    expect([displayName(shipped, 'fi'), displayName(shipped, 'sv'), displayName(shipped, 'en')]).toEqual([
      'Sinivihreä',
      'Blågrön',
      'Bluish green',
    ]);
    expect(displayName({ name: 'Firman vihreä', nameKey: null }, 'sv')).toBe('Firman vihreä');
    // A key this version of Olo does not know reads as the stored name.
    expect(displayName({ name: 'Drying', nameKey: 'limit.unknown' }, 'fi')).toBe('Drying');
  });

  it('recognize a shipped name sent back in any language', () => {
    expect(isShippedName('limit.co2S2', ' CO2 S2 (Sisäilmastoluokitus 2018) ')).toBe(true);
    expect(isShippedName('limit.co2S2', 'CO2 S2 (Inneklimatklassificering 2018)')).toBe(true);
    expect(isShippedName('limit.co2S2', 'CO2 oma')).toBe(false);
    expect(isShippedName(null, 'Blue')).toBe(false);
  });
});
