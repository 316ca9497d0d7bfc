/**
 * A dependency that is built after the services that call it (the MQTT broker is started once the
 * services it feeds exist, yet meters send downlinks through it). Called only once wired; a call
 * before that is a wiring mistake and says which dependency it was.
 */
export interface LateBound<T> {
  set(value: T): void;
  get(): T;
}

export function lateBound<T>(name: string): LateBound<T> {
  let bound: { value: T } | undefined;
  return {
    set(value) {
      if (bound) throw new Error(`${name} is wired twice`);
      bound = { value };
    },
    get() {
      if (!bound) throw new Error(`${name} is used before it is wired`);
      return bound.value;
    },
  };
}
