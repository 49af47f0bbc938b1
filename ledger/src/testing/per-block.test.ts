import { describe, expect, it } from 'vitest';
import { perBlock } from './per-block.ts';

class Counter {
  n = 1;
  next(): number {
    return ++this.n;
  }
}

describe('perBlock', () => {
  const counter = perBlock('the counter', async () => new Counter(), async () => {});
  let early: unknown;
  try {
    void counter.n; // while the block is being collected, before its beforeAll
  } catch (e) {
    early = e;
  }

  it('reads what beforeAll made, and its methods keep their this', () => {
    expect(counter.n).toBe(1);
    expect(counter.next()).toBe(2);
    expect(counter.n).toBe(2);
  });

  it('says so when read outside the tests of its block, and is not mistaken for a promise', () => {
    expect(String(early)).toContain('the counter exists only while the tests of its block run');
    expect((counter as unknown as { then?: unknown }).then).toBeUndefined();
  });
});
