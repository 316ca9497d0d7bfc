import { describe, expect, it } from 'vitest';
import { type AlarmWords, rangeOfWords, thresholdFiresByDefault, wordsOfRange } from './alarms.ts';

/** Whether a stored rule fires at a value, as the engine reads it (decision 0041, without hysteresis). */
function fires(rule: ReturnType<typeof rangeOfWords>, value: number): boolean {
  const afterStart = !rule.start || (rule.start.inclusive ? value >= rule.start.value : value > rule.start.value);
  const beforeEnd = !rule.end || (rule.end.inclusive ? value <= rule.end.value : value < rule.end.value);
  return rule.inside === (afterStart && beforeEnd);
}

const words = (comparison: AlarmWords['comparison'], low: number | null, high: number | null): AlarmWords => ({
  comparison,
  low,
  high,
  lowFires: thresholdFiresByDefault(comparison),
  highFires: thresholdFiresByDefault(comparison),
});

describe('an alarm rule in words', () => {
  it('fires where the words say with the defaults: above 1000 at 1420, not at 1000 or at a normal reading', () => {
    const above = rangeOfWords(words('above', null, 1000));
    expect([612, 1000, 1000.5, 1420].map((value) => fires(above, value))).toEqual([false, false, true, true]);
    const below = rangeOfWords(words('below', 18, null));
    expect([17.9, 18, 21].map((value) => fires(below, value))).toEqual([true, false, false]);
    const between = rangeOfWords(words('between', 40, 60));
    expect([39.9, 40, 50, 60, 60.1].map((value) => fires(between, value))).toEqual([false, true, true, true, false]);
    const outside = rangeOfWords(words('outside', 18, 25));
    expect([17.9, 18, 25, 25.1].map((value) => fires(outside, value))).toEqual([true, false, false, true]);
  });

  it('"also at exactly this value" moves the threshold into the firing side', () => {
    const atOrAbove = rangeOfWords({ ...words('above', null, 1000), highFires: true });
    expect([999, 1000].map((value) => fires(atOrAbove, value))).toEqual([false, true]);
    const betweenOpen = rangeOfWords({ ...words('between', 40, 60), lowFires: false });
    expect([40, 60].map((value) => fires(betweenOpen, value))).toEqual([false, true]);
  });

  it('reads every stored rule back as the same words, and an inside half range as above or below', () => {
    for (const comparison of ['above', 'below', 'between', 'outside'] as const) {
      for (const lowFires of [false, true]) {
        for (const highFires of [false, true]) {
          const given: AlarmWords = {
            comparison,
            low: comparison === 'above' ? null : 10,
            lowFires: comparison === 'above' ? false : lowFires,
            high: comparison === 'below' ? null : 20,
            highFires: comparison === 'below' ? false : highFires,
          };
          expect(wordsOfRange(rangeOfWords(given))).toEqual(given);
        }
      }
    }
    // Made before the words: inside "> 1000" is above 1000; inside "≤ 5" is 5 or less.
    expect(wordsOfRange({ inside: true, start: { value: 1000, inclusive: false }, end: null })).toMatchObject({
      comparison: 'above',
      high: 1000,
      highFires: false,
    });
    expect(wordsOfRange({ inside: true, start: null, end: { value: 5, inclusive: true } })).toMatchObject({
      comparison: 'below',
      low: 5,
      lowFires: true,
    });
  });
});
