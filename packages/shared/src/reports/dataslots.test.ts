import { describe, expect, it } from 'vitest';
import {
  relativeDataslotRange,
  reportDataslotInstants,
  reportDataslotSchema,
  reportDataslotsSchema,
  resolveReportElementView,
} from './dataslots.ts';

const zone = 'Europe/Helsinki';
// October 2026 in Helsinki: summer time ends on Sunday 25 October (a 25-hour day).
const october = { from: Date.parse('2026-10-01T00:00:00+03:00'), to: Date.parse('2026-11-01T00:00:00+02:00') };
const june = { from: Date.parse('2027-06-01T00:00:00+03:00'), to: Date.parse('2027-07-01T00:00:00+03:00') };
const noOverrides = { slot: null, mode: null, nulls: null, filters: null };

describe('relative data slots', () => {
  it('reads a stored slot with fixed dates, as reports saved before relative ranges hold them', () => {
    const stored = {
      id: 'school',
      name: 'Kouluaika',
      from: '2026-10-01T00:00:00+03:00',
      to: '2026-11-01T00:00:00+02:00',
      filters: [],
      nulls: false,
      mode: 'avg',
      slot: 3600,
    };
    expect(reportDataslotSchema.parse(stored)).toMatchObject({
      id: 'school',
      range: { kind: 'fixed', from: stored.from, to: stored.to },
    });
    expect(reportDataslotsSchema.safeParse([{ ...stored, to: stored.from }]).success).toBe(false);
  });

  it('defaults to the report’s whole range and refuses nonsense days', () => {
    expect(reportDataslotSchema.parse({ id: 'a', name: 'A', slot: 3600 }).range).toEqual({ kind: 'whole' });
    for (const days of [0, 1.5, 10_000]) {
      expect(
        reportDataslotSchema.safeParse({ id: 'a', name: 'A', slot: 3600, range: { kind: 'last', days } }).success,
      ).toBe(false);
    }
  });

  it('follows the report it is in: whole range, last days on the wall clock, never before the start', () => {
    expect(reportDataslotInstants({ kind: 'whole' }, june, zone)).toEqual(june);
    // The last 7 days of October include the 25-hour Sunday: 7 × 24 + 1 hours.
    const lastWeek = reportDataslotInstants({ kind: 'last', days: 7 }, october, zone);
    expect(lastWeek).toEqual({ from: Date.parse('2026-10-25T00:00:00+03:00'), to: october.to });
    expect(lastWeek.to - lastWeek.from).toBe((7 * 24 + 1) * 3_600_000);
    expect(reportDataslotInstants({ kind: 'last', days: 7 }, june, zone).from).toBe(
      Date.parse('2027-06-24T00:00:00+03:00'),
    );
    expect(reportDataslotInstants({ kind: 'last', days: 90 }, june, zone)).toEqual(june);
  });

  it('gives a template’s element the new report’s dates, not the template’s', () => {
    const dataslots = [
      reportDataslotSchema.parse({ id: 'end', name: 'Last week', slot: 3600, range: { kind: 'last', days: 7 } }),
    ];
    const view = resolveReportElementView({ ...june, dataslots }, { dataslotId: 'end', ...noOverrides }, {}, zone);
    expect(view).toMatchObject({
      from: Date.parse('2027-06-24T00:00:00+03:00'),
      to: june.to,
      dataslotName: 'Last week',
    });
  });

  it('turns a template’s fixed dates into ones relative to the template’s range', () => {
    const fixed = (from: string, to: string) => ({ kind: 'fixed' as const, from, to });
    expect(relativeDataslotRange(fixed('2026-10-01T00:00:00+03:00', '2026-11-01T00:00:00+02:00'), october)).toEqual({
      range: { kind: 'whole' },
      relative: true,
    });
    expect(relativeDataslotRange(fixed('2026-10-25T00:00:00+03:00', '2026-11-01T00:00:00+02:00'), october)).toEqual({
      range: { kind: 'last', days: 7 },
      relative: true,
    });
    const middle = fixed('2026-10-05T00:00:00+03:00', '2026-10-10T00:00:00+03:00');
    expect(relativeDataslotRange(middle, october)).toEqual({ range: middle, relative: false });
    expect(relativeDataslotRange({ kind: 'last', days: 3 }, october)).toEqual({
      range: { kind: 'last', days: 3 },
      relative: true,
    });
  });
});

describe('an element view', () => {
  it('takes the data slot, then the element overrides', () => {
    const report = {
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2026-02-01T00:00:00Z'),
      dataslots: [
        {
          id: 'school',
          name: 'School hours',
          range: { kind: 'fixed' as const, from: '2026-01-05T00:00:00+02:00', to: '2026-01-10T00:00:00+02:00' },
          filters: [],
          nulls: false,
          mode: 'avg' as const,
          slot: 3600,
        },
      ],
    };
    const view = resolveReportElementView(
      report,
      { dataslotId: 'school', slot: null, mode: 'max', nulls: null, filters: null },
      {},
      'Europe/Helsinki',
    );
    expect(view).toMatchObject({ slotSeconds: 3600, mode: 'max', dataslotName: 'School hours' });
    expect(view.from).toBe(Date.parse('2026-01-05T00:00:00+02:00'));
    const onReport = resolveReportElementView(
      report,
      { dataslotId: null, slot: null, mode: null, nulls: null, filters: null },
      { slot: 86400 },
      'Europe/Helsinki',
    );
    expect(onReport).toMatchObject({
      from: report.from.getTime(),
      slotSeconds: 86400,
      mode: 'avg',
      dataslotName: null,
    });
  });
});
