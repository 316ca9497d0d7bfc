import { describe, expect, it } from 'vitest';
import { displayFormat, fromPickerValue, parseTypedDate, toPickerValue } from './dateFieldValues.ts';

const months = [
  ['January', 'Jan', 'tammikuu', 'tammi'],
  ['February', 'Feb', 'helmikuu', 'helmi'],
  ['March', 'Mar', 'maaliskuu', 'maalis', 'mars'],
  ...Array.from({ length: 9 }, () => ['-']),
];

describe('date field values', () => {
  it("keeps the forms' native input strings while the picker speaks its own", () => {
    expect(toPickerValue('2026-03-01', false)).toBe('2026-03-01');
    expect(toPickerValue('2026-03-01T08:05', true)).toBe('2026-03-01 08:05:00');
    expect(toPickerValue('', true)).toBeNull();
    expect(fromPickerValue('2026-03-01 08:05:00', true)).toBe('2026-03-01T08:05');
    expect(fromPickerValue('2026-03-01', false)).toBe('2026-03-01');
    expect(fromPickerValue(null, true)).toBe('');
  });

  it('reads what people type in Finland, Sweden and Britain, with a 24-hour time', () => {
    expect(parseTypedDate('1.3.2026', false, months)).toBe('2026-03-01');
    expect(parseTypedDate('01.03.2026 8.05', true, months)).toBe('2026-03-01 08:05:00');
    expect(parseTypedDate('2026-03-01 13:05', true, months)).toBe('2026-03-01 13:05:00');
    expect(parseTypedDate('2026-03-01T13:05', true, months)).toBe('2026-03-01 13:05:00');
    expect(parseTypedDate('1/3/2026', false, months)).toBe('2026-03-01');
    expect(parseTypedDate('1 Mar 2026 07:30', true, months)).toBe('2026-03-01 07:30:00');
    expect(parseTypedDate('1. maaliskuu 2026', false, months)).toBe('2026-03-01');
    // A date alone in a date-and-time field is its midnight.
    expect(parseTypedDate('1.3.2026', true, months)).toBe('2026-03-01 00:00:00');
  });

  it('reads nothing from a half-typed or impossible date, so the field keeps its last date', () => {
    expect(parseTypedDate('1.3.20', false, months)).toBeNull();
    expect(parseTypedDate('31.2.2026', false, months)).toBeNull();
    expect(parseTypedDate('1.3.2026 24:00', true, months)).toBeNull();
    expect(parseTypedDate('1.3.2026 12:00', false, months)).toBeNull();
    expect(parseTypedDate('1 Foo 2026', false, months)).toBeNull();
  });

  it('shows dates as each language writes them', () => {
    expect(displayFormat('fi', true)).toBe('D.M.YYYY HH:mm');
    expect(displayFormat('sv', false)).toBe('YYYY-MM-DD');
    expect(displayFormat('en', false)).toBe('D MMM YYYY');
  });
});
