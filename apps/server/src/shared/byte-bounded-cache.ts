/**
 * A map that keeps what was used last within `maxBytes`: each value counts the bytes its `size`
 * says, and the least recently used go first. A value above a quarter of the budget is not kept,
 * so one large answer cannot empty the cache.
 */
export class ByteBoundedCache<V> {
  private readonly values = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes the kept values count, at most maxBytes. */
  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const entry = this.values.get(key);
    if (!entry) return undefined;
    this.values.delete(key);
    this.values.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes / 4) return;
    this.values.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.values) {
      if (this.bytes <= this.maxBytes) break;
      this.values.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.values.get(key);
    if (!entry) return;
    this.values.delete(key);
    this.bytes -= entry.bytes;
  }
}
