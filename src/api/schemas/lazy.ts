/**
 * A schema built on its first use instead of at start-up. Building the route table's ~180 schemas
 * was the largest part of a local command's start (about 15 ms), and a command uses one or two of
 * them. The proxy hands every operation to the real schema, built once.
 */
/** How many lazy schemas were built so far (what the start-up test checks). */
export const lazyBuilds = { count: 0 };

export function lazy<T extends object>(build: () => T): T {
  let real: T | undefined;
  const target = () => {
    if (real === undefined) {
      real = build();
      lazyBuilds.count++;
    }
    return real;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // A proxy may not report a property as non-configurable unless its own target has it so.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
  });
}
