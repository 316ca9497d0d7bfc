import { quickRanges } from '@olo/data-engine';
import { describe, expect, it } from 'vitest';
import { rangeOfDays } from '../data-slots/wallTime.ts';
import { addressOfQuery, queryOfAddress } from './summaryAddress.ts';

const zone = 'Europe/Helsinki';
const now = Date.parse('2026-03-25T09:58:00.000Z');

describe('summary address', () => {
  it('keeps days as days of the wall clock and reads them back', () => {
    const range = rangeOfDays('2026-03-01', '2026-03-10', zone);
    const query = queryOfAddress({ range, slotSeconds: 3600, groupBy: 'type' }, zone, now);
    expect(query.toString()).toBe('from=2026-03-01&to=2026-03-10&slot=3600&by=type');
    expect(addressOfQuery(query, zone, now)).toEqual({ range, slotSeconds: 3600, groupBy: 'type' });
  });

  it('names a quick range, which means that range whenever the link is opened', () => {
    const lastMonth = quickRanges(now, zone).find((item) => item.id === 'lastMonth')?.range ?? null;
    const query = queryOfAddress({ range: lastMonth, slotSeconds: null, groupBy: 'space' }, zone, now);
    expect(query.toString()).toBe('range=lastMonth');
    const later = Date.parse('2026-05-02T09:00:00.000Z');
    expect(addressOfQuery(query, zone, later).range).toEqual(
      quickRanges(later, zone).find((item) => item.id === 'lastMonth')?.range,
    );
  });

  it('leaves the default range out and keeps other parameters', () => {
    const query = queryOfAddress(
      { range: null, slotSeconds: null, groupBy: 'space' },
      zone,
      now,
      new URLSearchParams('tab=x&from=2026-01-01&to=2026-01-02'),
    );
    expect(query.toString()).toBe('tab=x');
  });

  it('ignores what is malformed', () => {
    expect(addressOfQuery(new URLSearchParams('from=2026-13-01&to=x&slot=7&range=never&by=z'), zone, now)).toEqual({
      range: null,
      slotSeconds: null,
      groupBy: 'space',
    });
  });
});
