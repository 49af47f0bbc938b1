import { afterAll, beforeAll } from 'vitest';

/**
 * Something a block of tests shares: made in beforeAll and closed in afterAll of the enclosing file or
 * describe block. Returns a function that reads it while the block's tests run.
 */
export function perBlock<T>(what: string, make: () => Promise<T>, close: (made: T) => Promise<unknown>): () => T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await make();
  });
  afterAll(async () => {
    if (current !== undefined) await close(current);
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error(`${what} exists only while the tests of its block run (from beforeAll to afterAll)`);
    return current;
  };
}
