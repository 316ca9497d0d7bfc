import { describe, expect, it } from 'vitest';
import type { MeterRow } from '../meters/meters.repository.ts';
import { MeterCache } from './meter-cache.ts';

/** A meters table of rows by serial, counting the queries made of it. */
function metersTable(rows: Array<Pick<MeterRow, 'id' | 'serial' | 'driver'>>) {
  const table = new Map(rows.map((row) => [row.serial, row as MeterRow]));
  const queries: string[][] = [];
  let gate: Promise<void> = Promise.resolve();
  return {
    table,
    queries,
    /** Holds every later query until the returned function is called. */
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    find: async (serials: string[]) => {
      queries.push(serials);
      // Read now, answer once released: like a query that ran before a change committed.
      const found = serials.flatMap((serial) => (table.has(serial) ? [{ ...(table.get(serial) as MeterRow) }] : []));
      await gate;
      return found;
    },
  };
}

describe('the ingest meter cache', () => {
  it('answers look-ups that arrive together with one query, and later ones from memory', async () => {
    const meters = metersTable([
      { id: 1, serial: 'a', driver: 'elsys' },
      { id: 2, serial: 'b', driver: null },
    ]);
    const cache = new MeterCache(meters.find, { refreshAfterMs: 60_000 });
    const found = await Promise.all(['a', 'b', 'a', 'x'].map((serial) => cache.get(serial)));
    expect(found.map((meter) => meter?.id)).toEqual([1, 2, 1, undefined]);
    expect(meters.queries).toEqual([['a', 'b', 'x']]);
    expect((await cache.get('a'))?.id).toBe(1);
    expect(meters.queries).toHaveLength(1);
    // A serial that was unknown is asked again: it may have been created since.
    expect(await cache.get('x')).toBeUndefined();
    expect(meters.queries).toHaveLength(2);
  });

  it('serves an aged meter at once and reads it again in the background', async () => {
    const meters = metersTable([{ id: 1, serial: 'a', driver: 'elsys' }]);
    const cache = new MeterCache(meters.find, { refreshAfterMs: 0 });
    await cache.get('a');
    meters.table.set('a', { ...(meters.table.get('a') as MeterRow), driver: 'milesight' });
    const release = meters.hold();
    // The refresh is held, yet the uplink gets its meter.
    expect((await cache.get('a'))?.driver).toBe('elsys');
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(meters.queries).toHaveLength(2);
    expect((await cache.get('a'))?.driver).toBe('milesight');
  });

  it('keeps no answer that was read before the meter was forgotten', async () => {
    const meters = metersTable([{ id: 1, serial: 'a', driver: null }]);
    const cache = new MeterCache(meters.find, { refreshAfterMs: 60_000 });
    const release = meters.hold();
    const first = cache.get('a');
    await new Promise((resolve) => setImmediate(resolve));
    // An admin sets the driver while the look-up is under way.
    meters.table.set('a', { ...(meters.table.get('a') as MeterRow), driver: 'elsys' });
    cache.forget('a');
    release();
    expect((await first)?.driver).toBeNull();
    expect((await cache.get('a'))?.driver).toBe('elsys');
  });

  it('passes a failed query on to every waiting look-up and caches nothing', async () => {
    let fail = true;
    const cache = new MeterCache(
      async () => {
        if (fail) throw Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
        return [{ id: 1, serial: 'a' } as MeterRow];
      },
      { refreshAfterMs: 60_000 },
    );
    await expect(Promise.all([cache.get('a'), cache.get('a')])).rejects.toThrow('connection lost');
    fail = false;
    expect((await cache.get('a'))?.id).toBe(1);
  });
});
