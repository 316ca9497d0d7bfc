import { describe, expect, it } from 'vitest';
import { durationValue, parseNumber } from './alarmForm.ts';

const none = { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };

describe('alarm editor values', () => {
  it('reads numbers as people type them in Finnish, Swedish and English', () => {
    expect(parseNumber('1 200')).toBe(1200);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('-0.5')).toBe(-0.5);
    expect(parseNumber('  ')).toBeNull();
    expect(parseNumber('12a')).toBeNaN();
  });

  it('shows a stored duration as one amount in its smallest unit', () => {
    expect(durationValue({ ...none, days: 1, hours: 2 }, 'minutes')).toEqual({ amount: '26', unit: 'hours' });
    expect(durationValue({ ...none, years: 1, months: 6 }, 'minutes')).toEqual({ amount: '18', unit: 'months' });
    expect(durationValue({ ...none, days: 2 }, 'minutes')).toEqual({ amount: '2', unit: 'days' });
    expect(durationValue(null, 'hours')).toEqual({ amount: '', unit: 'hours' });
  });
});
