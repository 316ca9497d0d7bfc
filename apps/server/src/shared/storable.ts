/*
 * What PostgreSQL can hold, for values that come from outside (uplinks, decoders). Its text and
 * jsonb refuse a NUL character, and jsonb an unpaired UTF-16 surrogate (JSON.stringify writes one
 * as an escape that jsonb does not take); one such value fails the whole statement it is in.
 */

/** The largest value of an `integer` (int4) column. */
export const int4Max = 2_147_483_647;

/** The largest unsigned 32-bit number (a LoRaWAN frame counter). */
export const uint32Max = 4_294_967_295;

/** A NUL, or a surrogate without its other half (matched as UTF-16 code units, so no `u` flag). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what it looks for.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorableEverywhere = new RegExp(unstorable.source, 'g');

export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/** `text` with each unstorable character replaced by U+FFFD and cut to `maxLength` characters. */
export function storableText(text: string, maxLength = 10_000): string {
  const storable = unstorable.test(text) ? text.replace(unstorableEverywhere, '\uFFFD') : text;
  return storable.length > maxLength ? `${storable.slice(0, maxLength - 1)}…` : storable;
}

/**
 * The first string (key or value) in a JSON value that is not storable text, or undefined. Walks
 * without recursion: a parsed body may nest deeper than the stack.
 */
export function unstorableTextIn(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (!isStorableText(node)) return node;
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (!isStorableText(key)) return key;
        stack.push(item);
      }
    }
  }
  return undefined;
}

/** A copy of a JSON value whose strings (keys too) are storable text, for jsonb. */
export function storableJson(given: unknown, depth = 0): unknown {
  // As JSON.stringify would write it (a Date as its ISO text).
  const value =
    typeof (given as { toJSON?: unknown })?.toJSON === 'function' ? (given as { toJSON(): unknown }).toJSON() : given;
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 50) return null;
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [storableText(key, 1000), storableJson(item, depth + 1)]),
  );
}

/** The SQLSTATE of a database error, also when a query builder wrapped it (as its cause). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether a database error is about the values written rather than the database or the statement:
 * a data exception (SQLSTATE class 22: out of range, invalid text, a NUL byte…), a broken
 * constraint (23: say the meter was deleted meanwhile) or a value over a limit (54). Writing the
 * same values again fails again; writing others may succeed.
 */
export function isValueDatabaseError(error: unknown): boolean {
  return /^(22|23|54)/.test(sqlStateOf(error) ?? '');
}

/**
 * A frame counter (unsigned 32 bits) as its `integer` column holds it: the same 32 bits read as
 * signed, so that counters from 2^31 on are negative there (decision 0053).
 */
export function storedFrameCounter(fCnt: number): number {
  return fCnt | 0;
}

/** The frame counter that `storedFrameCounter` stored. */
export function frameCounterOf(stored: number): number {
  return stored >>> 0;
}
