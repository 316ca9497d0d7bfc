import { describe, expect, it } from 'vitest';
import type { MeterListFieldsFragment } from '../../graphql/generated.ts';
import {
  defaultMeterFilter,
  filterFromSearchParams,
  filterVariables,
  meterListsOption,
  meterMatchesFilter,
  savedMeterListsOf,
  searchParamsWithFilter,
  withSavedList,
} from './meterFilter.ts';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const day = 24 * 60 * 60 * 1000;

function meter(overrides: Partial<MeterListFieldsFragment> = {}): MeterListFieldsFragment {
  return {
    id: 1,
    serial: '70b3d57ed0000001',
    name: 'A',
    driver: null,
    active: true,
    inStorage: false,
    lastSeen: new Date(now - 60_000).toISOString(),
    batteryResetAt: null,
    createdAt: new Date(now - 10 * day).toISOString(),
    currentUserIsAdmin: false,
    organization: null,
    errors: { missing: false, systemErrors: 0 },
    driverCommands: [],
    latest: null,
    ...overrides,
  };
}

describe('meter list filter', () => {
  it('round-trips through the URL, leaving defaults and other parameters alone', () => {
    const filter = {
      state: 'missing' as const,
      organizationId: 'org',
      battery: 'over60Days' as const,
      search: ' ab ',
    };
    const params = searchParamsWithFilter(new URLSearchParams('other=1'), filter);
    expect(params.toString()).toBe('other=1&state=missing&organization=org&battery=over60Days&search=ab');
    expect(filterFromSearchParams(params)).toEqual({ ...filter, search: 'ab' });
    expect(searchParamsWithFilter(params, defaultMeterFilter).toString()).toBe('other=1');
    expect(filterFromSearchParams(new URLSearchParams('state=bogus&battery=1'))).toEqual(defaultMeterFilter);
  });

  it('sends the organization and the search to the server', () => {
    expect(filterVariables(defaultMeterFilter)).toEqual({});
    expect(filterVariables({ ...defaultMeterFilter, organizationId: 'org', search: ' x ', state: 'missing' })).toEqual({
      organizationId: 'org',
      search: 'x',
    });
  });

  it('matches the states and the 60-day filters on the listed meters', () => {
    const filter = (changes: object) => ({ ...defaultMeterFilter, ...changes });
    expect(meterMatchesFilter(meter(), filter({ state: 'missing' }), now)).toBe(false);
    expect(
      meterMatchesFilter(meter({ errors: { missing: true, systemErrors: 0 } }), filter({ state: 'missing' }), now),
    ).toBe(true);
    expect(meterMatchesFilter(meter({ inStorage: true }), filter({ state: 'inStorage' }), now)).toBe(true);
    expect(meterMatchesFilter(meter({ active: false }), filter({ state: 'inactive' }), now)).toBe(true);
    expect(meterMatchesFilter(meter(), filter({ state: 'inactive' }), now)).toBe(false);
    expect(
      meterMatchesFilter(meter({ errors: { missing: false, systemErrors: 3 } }), filter({ state: 'errors' }), now),
    ).toBe(true);

    const old = filter({ battery: 'over60Days' });
    const reset = (days: number) => new Date(now - days * day).toISOString();
    expect(meterMatchesFilter(meter({ batteryResetAt: reset(61) }), old, now)).toBe(true);
    expect(meterMatchesFilter(meter({ batteryResetAt: reset(59) }), old, now)).toBe(false);
    // Never reset: the battery is as old as the meter's time in Olo.
    expect(meterMatchesFilter(meter({ batteryResetAt: null, createdAt: reset(10) }), old, now)).toBe(false);
    expect(meterMatchesFilter(meter({ batteryResetAt: null, createdAt: reset(100) }), old, now)).toBe(true);
    expect(meterMatchesFilter(meter({ batteryResetAt: reset(5), createdAt: reset(100) }), old, now)).toBe(false);
    // 'Inside 60 days' is the other side: each meter matches exactly one of the two.
    const recent = filter({ battery: 'within60Days' });
    expect(meterMatchesFilter(meter({ batteryResetAt: reset(59) }), recent, now)).toBe(true);
    expect(meterMatchesFilter(meter({ batteryResetAt: reset(61) }), recent, now)).toBe(false);
    expect(meterMatchesFilter(meter({ batteryResetAt: null, createdAt: reset(10) }), recent, now)).toBe(true);
  });

  it('reads saved lists defensively and replaces a list saved again under the same name', () => {
    const lists = savedMeterListsOf({
      lists: [
        { name: ' Kadonneet ', filters: { state: 'missing', extra: 1 } },
        { name: '', filters: {} },
        { filters: {} },
        null,
      ],
    });
    expect(lists).toEqual([{ name: 'Kadonneet', filters: { ...defaultMeterFilter, state: 'missing' } }]);
    expect(savedMeterListsOf({ not: 'a list' })).toEqual([]);
    expect(savedMeterListsOf({ lists: 'nope' })).toEqual([]);
    expect(meterListsOption({ other: 1, lists: [] }, lists)).toEqual({ other: 1, lists });
    expect(meterListsOption(['odd'], [])).toEqual({ lists: [] });

    const replaced = withSavedList(lists, { name: 'Kadonneet', filters: { ...defaultMeterFilter, search: ' k ' } });
    expect(replaced).toEqual([{ name: 'Kadonneet', filters: { ...defaultMeterFilter, search: 'k' } }]);
    expect(withSavedList(lists, { name: 'Uusi', filters: defaultMeterFilter }).map((list) => list.name)).toEqual([
      'Kadonneet',
      'Uusi',
    ]);
  });
});
