import { describe, expect, it } from 'vitest';
import { filterTranslationRows, overridesByLanguage, translationRows } from './translationRows.ts';

const shipped = {
  fi: { Save: 'Tallenna', Cancel: 'Peruuta', 'Only here': '' },
  sv: { Save: 'Spara', Cancel: 'Avbryt' },
  en: { Save: 'Save', Cancel: 'Cancel', 'Only here': 'Only here' },
};

describe('the Translations screen rows', () => {
  it('lists every shipped key with its texts side by side and marks languages without a text', () => {
    const rows = translationRows(shipped, {}, {});
    expect(rows.map((row) => row.key)).toEqual(['Cancel', 'Only here', 'Save']);
    expect(rows[2]).toMatchObject({ shipped: { fi: 'Tallenna', sv: 'Spara', en: 'Save' }, missing: [] });
    expect(rows[1]?.missing).toEqual(['fi', 'sv']);
  });

  it('an override fills a missing language and is searched as the shipped text is', () => {
    const overrides = overridesByLanguage([
      { language: 'sv', key: 'Only here', text: 'Bara här' },
      { language: 'fi', key: 'Save', text: 'Tallenna nyt' },
    ]);
    const rows = translationRows(shipped, overrides, {});
    expect(rows.find((row) => row.key === 'Only here')?.missing).toEqual(['fi']);
    expect(filterTranslationRows(rows, 'NYT', 'all').map((row) => row.key)).toEqual(['Save']);
    expect(filterTranslationRows(rows, 'tallenna', 'all').map((row) => row.key)).toEqual(['Save']);
    expect(filterTranslationRows(rows, 'bara här', 'all').map((row) => row.key)).toEqual(['Only here']);
    expect(filterTranslationRows(rows, '', 'overridden').map((row) => row.key)).toEqual(['Only here', 'Save']);
  });

  it("lists the keys this browser recorded missing, the app's own and others", () => {
    const rows = translationRows(shipped, {}, { sv: { 'Only here': 'Only here', 'Weather now': 'Weather now' } });
    const recorded = filterTranslationRows(rows, '', 'recorded');
    expect(recorded.map((row) => [row.key, row.recordedMissing, row.missing])).toEqual([
      ['Only here', ['sv'], ['fi', 'sv']],
      ['Weather now', ['sv'], ['fi', 'sv', 'en']],
    ]);
    expect(filterTranslationRows(rows, '', 'missing').map((row) => row.key)).toEqual(['Only here', 'Weather now']);
  });
});
