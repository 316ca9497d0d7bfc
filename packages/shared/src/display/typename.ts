/** A GraphQL result's type with the `__typename` fields the server adds dropped at every depth. */
export type WithoutTypename<T> = T extends readonly (infer Item)[]
  ? WithoutTypename<Item>[]
  : T extends Date
    ? T
    : T extends object
      ? { [Key in keyof T as Key extends '__typename' ? never : Key]: WithoutTypename<T[Key]> }
      : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of server data without the `__typename` fields GraphQL adds (spec section 3), at every depth of objects and
 * arrays: what is sent back as a mutation's input, written to an export or compared must not carry them. Dates and
 * other class instances are kept as they are; the input is never changed.
 */
export function stripTypename<T>(value: T): WithoutTypename<T> {
  if (Array.isArray(value)) return value.map((item) => stripTypename(item)) as WithoutTypename<T>;
  if (!isPlainObject(value)) return value as WithoutTypename<T>;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== '__typename') copy[key] = stripTypename(item);
  }
  return copy as WithoutTypename<T>;
}
