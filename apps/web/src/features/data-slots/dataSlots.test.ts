import { describe, expect, it } from 'vitest';
import { dataSlotsReducer, dataViewInput, initialDataSlot, maxDataSlots, slotOfView } from './dataSlots.ts';

const savedView = (id: number, name = `Näkymä ${id}`) => ({
  __typename: 'DataView' as const,
  id,
  projectId: 7,
  name,
  from: '2026-03-01T22:00:00.000Z',
  to: '2026-03-08T21:59:59.999Z',
  filters: [{ type: 'removeday', day: '2026-03-04' }, { type: 'nonsense' }],
  nulls: true,
  mode: 'max',
  slot: 3600,
});

describe('data slots', () => {
  it('start with one period on the default range, with the project defaults that are valid', () => {
    const slot = initialDataSlot({ slot: 1800, mode: 'min', nulls: true, filters: [{ type: 'removeday', day: 'x' }] });
    expect(slot).toMatchObject({
      range: null,
      slotSeconds: 1800,
      mode: 'min',
      nulls: true,
      filters: [],
      savedId: null,
    });
    expect(initialDataSlot({ slot: 7, mode: 'median' })).toMatchObject({
      slotSeconds: null,
      mode: 'avg',
      nulls: false,
    });
    expect(initialDataSlot(null)).toMatchObject({ range: null, slotSeconds: null, mode: 'avg' });
  });

  it('add a period as an unsaved copy of the last one, up to the limit', () => {
    const first = { ...initialDataSlot({}), savedId: 3, name: 'Syksy', mode: 'max' as const };
    const two = dataSlotsReducer([first], { type: 'add' });
    expect(two).toHaveLength(2);
    expect(two[1]).toMatchObject({ mode: 'max', savedId: null, name: '' });
    expect(two[1]?.key).not.toBe(first.key);
    let slots = two;
    for (let count = 0; count < 30; count++) slots = dataSlotsReducer(slots, { type: 'add' });
    expect(slots).toHaveLength(maxDataSlots);
  });

  it('keep at least one period', () => {
    const [only] = [initialDataSlot({})];
    expect(dataSlotsReducer([only as never], { type: 'remove', key: only?.key as string })).toHaveLength(1);
    const two = dataSlotsReducer([only as never], { type: 'add' });
    expect(dataSlotsReducer(two, { type: 'remove', key: only?.key as string }).map((slot) => slot.key)).toEqual([
      two[1]?.key,
    ]);
  });

  it('change one period only', () => {
    const two = dataSlotsReducer([initialDataSlot({})], { type: 'add' });
    const changed = dataSlotsReducer(two, { type: 'change', key: two[1]?.key as string, change: { mode: 'min' } });
    expect(changed.map((slot) => slot.mode)).toEqual(['avg', 'min']);
  });

  it('load saved views in place of the periods, leaving out filters that are not valid', () => {
    const loaded = dataSlotsReducer([initialDataSlot({})], { type: 'loadViews', views: [savedView(1), savedView(2)] });
    expect(loaded).toHaveLength(2);
    expect(loaded[0]).toMatchObject({
      savedId: 1,
      name: 'Näkymä 1',
      range: { from: Date.parse('2026-03-01T22:00:00.000Z'), to: Date.parse('2026-03-08T21:59:59.999Z') },
      slotSeconds: 3600,
      mode: 'max',
      nulls: true,
      filters: [{ type: 'removeday', day: '2026-03-04' }],
    });
    const added = dataSlotsReducer(loaded, { type: 'addView', view: savedView(3) });
    expect(added.map((slot) => slot.savedId)).toEqual([1, 2, 3]);
  });

  it('remember a save and forget a deleted view', () => {
    const [slot] = [initialDataSlot({})];
    const saved = dataSlotsReducer([slot as never], {
      type: 'saved',
      key: slot?.key as string,
      view: savedView(9, 'Talvi'),
    });
    expect(saved[0]).toMatchObject({ savedId: 9, name: 'Talvi' });
    expect(dataSlotsReducer(saved, { type: 'viewDeleted', id: 9 })[0]).toMatchObject({ savedId: null, name: 'Talvi' });
  });

  it('save the default range and slot as the engine resolved them, and update a view loaded from the server', () => {
    const resolved = { range: { from: 1000, to: 2000 }, slotSeconds: 600 };
    const fresh = { ...initialDataSlot({}), filters: [{ type: 'removeday' as const, day: '2026-03-04' }] };
    expect(dataViewInput(7, fresh, resolved, '  Viikko  ')).toEqual({
      projectId: 7,
      name: 'Viikko',
      from: new Date(1000).toISOString(),
      to: new Date(2000).toISOString(),
      filters: [{ type: 'removeday', day: '2026-03-04' }],
      nulls: false,
      mode: 'avg',
      slot: 600,
    });
    const loaded = slotOfView(savedView(4));
    expect(dataViewInput(7, loaded, resolved, 'Uusi nimi')).toMatchObject({
      id: 4,
      from: '2026-03-01T22:00:00.000Z',
      slot: 3600,
    });
  });
});
