import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email.ts';

describe('normalizeEmail', () => {
  it('makes case, surrounding spaces, fullwidth letters and ligatures one address', () => {
    for (const variant of ['victim@example.test', 'VICTIM@EXAMPLE.TEST', ' Victim@Example.test\t', 'ｖｉｃｔｉｍ@ｅｘａｍｐｌｅ.ｔｅｓｔ', 'ＶＩＣＴＩＭ@example.test']) {
      expect(normalizeEmail(variant), variant).toBe('victim@example.test');
    }
    expect(normalizeEmail('ﬁle@example.test')).toBe('file@example.test');
  });

  it('keeps a dotted capital I apart from a plain i: it lower-cases to i plus a combining dot', () => {
    expect(normalizeEmail('vİctim@example.test')).toBe('vi\u0307ctim@example.test');
    expect(normalizeEmail('vİctim@example.test')).not.toBe(normalizeEmail('victim@example.test'));
  });

  it('is its own fixed point: the stored form normalises to itself (any text)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => normalizeEmail(normalizeEmail(s)) === normalizeEmail(s)), { numRuns: 2000 });
  });
});
