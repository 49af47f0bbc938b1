import { afterAll, beforeAll } from 'vitest';

/**
 * Something a block of tests shares: made in beforeAll and closed in afterAll of the enclosing file or
 * describe block. Returns a stand-in to keep in a `const` at the block's top: reading a property reads
 * it from what beforeAll made (methods keep their `this`), and reading it outside the block's tests fails
 * with a message saying so.
 */
export function perBlock<T extends object>(what: string, make: () => Promise<T>, close: (made: T) => Promise<unknown>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await make();
  });
  afterAll(async () => {
    if (current !== undefined) await close(current);
    current = undefined;
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (key === 'then') return undefined; // not a promise
      if (current === undefined) throw new Error(`${what} exists only while the tests of its block run (from beforeAll to afterAll)`);
      const value = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
