import { describe, expect, it } from 'vitest';
import { CHOICE_AT_KEY, CHOICE_KEY, choiceInForce, recordChoice } from './cookie-consent.ts';

function memoryStorage(entries: Record<string, string> = {}) {
  const m = new Map(Object.entries(entries));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}
const day = (iso: string) => new Date(iso);

describe('the cookie choice', () => {
  it('holds for 6 months, then the banner asks again', () => {
    const s = memoryStorage();
    expect(choiceInForce(s, day('2026-01-10T10:00:00Z'))).toBeNull();
    recordChoice(s, false, day('2026-01-10T10:00:00Z'));
    expect([s.m.get(CHOICE_KEY), s.m.get(CHOICE_AT_KEY)]).toEqual(['false', '2026-01-10T10:00:00.000Z']);
    expect(choiceInForce(s, day('2026-07-11T09:00:00Z'))).toBe('false');
    expect(choiceInForce(s, day('2026-07-12T10:00:00Z'))).toBeNull();
    expect(s.m.has(CHOICE_KEY)).toBe(false);
  });

  it('dates a choice made before dates were kept when first seen', () => {
    const s = memoryStorage({ [CHOICE_KEY]: 'true' });
    expect(choiceInForce(s, day('2026-03-01T00:00:00Z'))).toBe('true');
    expect(s.m.get(CHOICE_AT_KEY)).toBe('2026-03-01T00:00:00.000Z');
    expect(choiceInForce(s, day('2026-09-01T00:00:00Z'))).toBeNull();
  });
});
