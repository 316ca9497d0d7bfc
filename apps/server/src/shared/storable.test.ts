import { describe, expect, it } from 'vitest';
import {
  frameCounterOf,
  isStorableText,
  isValueDatabaseError,
  storableJson,
  storableText,
  storedFrameCounter,
  unstorableTextIn,
} from './storable.ts';

describe('what the database can store', () => {
  it('tells NUL characters and unpaired surrogates from whole characters', () => {
    expect(['', 'ä', '🙂', 'a\u00a0b'].map(isStorableText)).toEqual([true, true, true, true]);
    expect(['\u0000', 'a\ud83d', '\ude42b', '\ude42\ud83d'].map(isStorableText)).toEqual([false, false, false, false]);
    expect(storableText('a\u0000b\ud83d🙂')).toBe('a\uFFFDb\uFFFD🙂');
    expect(storableText('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('finds unstorable text in keys and values however deep, without recursion', () => {
    let deep: unknown = { ok: 'yes' };
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unstorableTextIn(deep)).toBeUndefined();
    expect(unstorableTextIn({ a: [1, { 'b\u0000': 2 }] })).toBe('b\u0000');
    expect(unstorableTextIn({ a: [null, true, 'c\ud800'] })).toBe('c\ud800');
    expect(storableJson({ 'k\u0000': ['v\ud800', 1, null], at: new Date(0) })).toEqual({
      'k\uFFFD': ['v\uFFFD', 1, null],
      at: '1970-01-01T00:00:00.000Z',
    });
  });

  it('keeps a frame counter of 32 bits in an int4 and reads it back', () => {
    for (const fCnt of [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
      const stored = storedFrameCounter(fCnt);
      expect(stored).toBeGreaterThanOrEqual(-(2 ** 31));
      expect(stored).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(frameCounterOf(stored)).toBe(fCnt);
    }
  });

  it('counts data exceptions, broken constraints and limits as errors of the values, also when wrapped', () => {
    expect(isValueDatabaseError({ code: '22003' })).toBe(true);
    expect(isValueDatabaseError({ message: 'Failed query', cause: { code: '23503' } })).toBe(true);
    expect(isValueDatabaseError({ code: '54000' })).toBe(true);
    expect(['08006', '40P01', '42P01', 'EPIPE', undefined].map((code) => isValueDatabaseError({ code }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
