/**
 * A schema built on its first use instead of at start-up. Building the route table's ~180 schemas
 * was the largest part of a local command's start (about 15 ms), and a command uses one or two of
 * them. The proxy hands every operation to the real schema, built once.
 */
/** How many lazy schemas were built so far (what the start-up test checks). */
export const lazyBuilds = { count: 0 };

/** A lazy value's state, the proxy's target: how to build it, and what was built. */
interface Pending<T> {
  build: () => T;
  real?: T;
}

function realOf<T extends object>(pending: Pending<T>): T {
  if (pending.real === undefined) {
    pending.real = pending.build();
    lazyBuilds.count++;
  }
  return pending.real;
}

// One handler for every lazy value (each proxy's target holds its own state): a start makes ~200 of them.
const handler: ProxyHandler<Pending<object>> = {
  get: (pending, key) => Reflect.get(realOf(pending), key),
  has: (pending, key) => Reflect.has(realOf(pending), key),
  set: (pending, key, value) => Reflect.set(realOf(pending), key, value),
  ownKeys: (pending) => Reflect.ownKeys(realOf(pending)),
  getOwnPropertyDescriptor: (pending, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(realOf(pending), key);
    // A proxy may not report a property as non-configurable unless its own target has it so.
    return descriptor && { ...descriptor, configurable: true };
  },
  getPrototypeOf: (pending) => Reflect.getPrototypeOf(realOf(pending)),
  defineProperty: (pending, key, descriptor) => Reflect.defineProperty(realOf(pending), key, descriptor),
  deleteProperty: (pending, key) => Reflect.deleteProperty(realOf(pending), key),
};

export function lazy<T extends object>(build: () => T): T {
  return new Proxy({ build } as Pending<object>, handler) as unknown as T;
}
