/** What a batch answers for one key: its value, or the error that key alone fails with. */
export type Loaded<V> = V | Error;

/**
 * Values by key for one request (a DataLoader without the dependency): the keys asked for while the
 * request's resolvers run up to the next turn of the event loop go to `batch` together, and each key's
 * value is kept until the request ends, so a list of N objects costs one query per field, not N.
 * Make one per request: values are never shared between viewers.
 */
export class BatchLoader<K, V> {
  private readonly values = new Map<K, Promise<V>>();
  private waiting: Array<{ key: K; resolve: (value: V) => void; reject: (error: unknown) => void }> = [];

  /** `batch` answers the keys in their order; an Error in a key's place rejects that key only. */
  constructor(private readonly batch: (keys: K[]) => Promise<Array<Loaded<V>>>) {}

  /** One query per key, each kept for the request: for keys that a single statement cannot answer together. */
  static perKey<K, V>(load: (key: K) => Promise<V>): BatchLoader<K, V> {
    return new BatchLoader((keys) => settleEach(keys, load));
  }

  load(key: K): Promise<V> {
    let value = this.values.get(key);
    if (!value) {
      value = new Promise<V>((resolve, reject) => {
        if (this.waiting.length === 0) setImmediate(() => void this.dispatch());
        this.waiting.push({ key, resolve, reject });
      });
      this.values.set(key, value);
    }
    return value;
  }

  loadMany(keys: K[]): Promise<V[]> {
    return Promise.all(keys.map((key) => this.load(key)));
  }

  /** Forgets a key whose value this request has just changed. */
  clear(key: K): void {
    this.values.delete(key);
  }

  private async dispatch(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    try {
      const values = await this.batch(waiting.map((entry) => entry.key));
      if (values.length !== waiting.length) {
        throw new Error(`A batch answered ${values.length} values for ${waiting.length} keys`);
      }
      waiting.forEach((entry, index) => {
        const value = values[index] as Loaded<V>;
        if (value instanceof Error) this.fail(entry, value);
        else entry.resolve(value);
      });
    } catch (error) {
      for (const entry of waiting) this.fail(entry, error);
    }
  }

  /** A failed key is asked again if the request loads it again. */
  private fail(entry: (typeof this.waiting)[number], error: unknown): void {
    this.values.delete(entry.key);
    entry.reject(error);
  }
}

/** Each key's value, or the error that key fails with (the others still load). */
export async function settleEach<K, V>(
  keys: K[],
  load: (key: K, index: number) => Promise<V>,
): Promise<Array<Loaded<V>>> {
  const settled = await Promise.allSettled(keys.map((key, index) => load(key, index)));
  return settled.map((result) =>
    result.status === 'fulfilled'
      ? result.value
      : result.reason instanceof Error
        ? result.reason
        : new Error(String(result.reason)),
  );
}

/** Each key's rows (none: an empty list), in the rows' order: a batch's answer for a one-to-many field. */
export function rowsByKey<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): R[][] {
  const groups = new Map<K, R[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}
