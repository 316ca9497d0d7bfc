import { describe, expect, it } from 'vitest';
import { BatchLoader, rowsByKey, settleEach } from './batch-loader.ts';

describe('BatchLoader', () => {
  it('asks for the keys loaded together in one batch, each key once, and keeps the values', async () => {
    const batches: number[][] = [];
    const loader = new BatchLoader(async (keys: number[]) => {
      batches.push(keys);
      return keys.map((key) => key * 10);
    });
    const first = await Promise.all([loader.load(1), loader.load(2), loader.load(1)]);
    // A key asked after an await of its own still joins the batch of its turn.
    const nested = await Promise.all([loader.load(3), Promise.resolve().then(() => loader.load(4))]);
    expect(first).toEqual([10, 20, 10]);
    expect(nested).toEqual([30, 40]);
    expect(await loader.loadMany([1, 2, 3])).toEqual([10, 20, 30]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('rejects only the key whose answer is an error, and asks for a failed key again', async () => {
    let calls = 0;
    const loader = new BatchLoader(async (keys: string[]) => {
      calls += 1;
      return keys.map((key) => (key === 'bad' && calls === 1 ? new Error(`no ${key}`) : key.toUpperCase()));
    });
    const [good, bad] = await Promise.allSettled([loader.load('good'), loader.load('bad')]);
    expect(good).toEqual({ status: 'fulfilled', value: 'GOOD' });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('no bad') });
    expect(await loader.load('bad')).toBe('BAD');
  });

  it('rejects every key of a batch that fails, and of one that answers the wrong number of values', async () => {
    const failing = new BatchLoader<number, number>(async () => Promise.reject(new Error('down')));
    await expect(Promise.all([failing.load(1), failing.load(2)])).rejects.toThrow('down');
    const short = new BatchLoader<number, number>(async () => [1]);
    await expect(Promise.all([short.load(1), short.load(2)])).rejects.toThrow('answered 1 values for 2 keys');
  });

  it('loads a cleared key again', async () => {
    let version = 0;
    const loader = new BatchLoader(async (keys: number[]) => keys.map(() => version));
    expect(await loader.load(1)).toBe(0);
    version = 1;
    expect(await loader.load(1)).toBe(0);
    loader.clear(1);
    expect(await loader.load(1)).toBe(1);
  });

  it('perKey loads each key by itself, failing only that key', async () => {
    const loader = BatchLoader.perKey(async (key: number) => {
      if (key < 0) throw new Error('negative');
      return key + 1;
    });
    const [one, minus] = await Promise.allSettled([loader.load(1), loader.load(-1)]);
    expect(one).toEqual({ status: 'fulfilled', value: 2 });
    expect(minus).toMatchObject({ status: 'rejected', reason: new Error('negative') });
  });
});

describe('batch answers', () => {
  it('rowsByKey gives each key its rows in order, and an empty list to keys without rows', () => {
    const rows = [
      { alarmId: 'b', n: 1 },
      { alarmId: 'a', n: 2 },
      { alarmId: 'b', n: 3 },
    ];
    expect(rowsByKey(['a', 'b', 'c'], rows, (row) => row.alarmId)).toEqual([
      [{ alarmId: 'a', n: 2 }],
      [
        { alarmId: 'b', n: 1 },
        { alarmId: 'b', n: 3 },
      ],
      [],
    ]);
  });

  it('settleEach turns a rejection into that key’s error', async () => {
    const answers = await settleEach([1, 2], async (key) => {
      if (key === 2) throw 'plain';
      return key;
    });
    expect(answers[0]).toBe(1);
    expect(answers[1]).toEqual(new Error('plain'));
  });
});
