/** The keys of `T` whose value may be null. */
type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

/** `T` as `absentNulls` gives it back: each nullable key but the clearable ones optional and never null. */
export type AbsentNulls<T, Clearable extends keyof T = never> = {
  [K in keyof T as K extends Exclude<NullableKeys<T>, Clearable> ? never : K]: T[K];
} & { [K in Exclude<NullableKeys<T>, Clearable>]?: Exclude<T[K], null> };

/**
 * An input object with its nulls left out. Every optional GraphQL field is nullable, and a client
 * may send null for "not given"; the zod input schemas apply their defaults, and updates leave a
 * field as it is, only where the key is absent. Null stays on the `clearable` keys alone, where it
 * means "clear it".
 */
export function absentNulls<T extends object, Clearable extends keyof T = never>(
  input: T,
  options: { clearable?: readonly Clearable[] } = {},
): AbsentNulls<T, Clearable> {
  const clearable: readonly PropertyKey[] = options.clearable ?? [];
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || clearable.includes(key))),
  ) as AbsentNulls<T, Clearable>;
}
