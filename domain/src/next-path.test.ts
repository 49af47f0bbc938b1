import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loginPath, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of one of our pages, with its query and fragment', () => {
    for (const p of ['/', '/my-hours', '/teacher/7f9a', '/teachers?specialization=Grammar&sort=price-asc', '/lesson-registry#march', '/admin/teacher/abc/edit'])
      expect(safeNextPath(p), p).toBe(p);
  });

  it('refuses other sites, however they are written', () => {
    for (const p of [
      '//evil.test',
      '//evil.test/my-hours',
      '/\\evil.test',
      '\\\\evil.test',
      '/\\/evil.test',
      'https://evil.test/',
      'http:/evil.test',
      'javascript:alert(1)',
      'data:text/html,hi',
      '/..//evil.test',
      '/teacher/..//evil.test',
      '/teacher/%2E%2E/%2e%2e//evil.test',
      '/teacher/.',
      '/./\u0009/evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      '/\r\n//evil.test',
      '/my-hours\u0000',
      '/my-hours\u007f',
      'evil.test',
      ' /my-hours',
    ])
      expect(safeNextPath(p), JSON.stringify(p)).toBeNull();
  });

  it('refuses what is not a page of ours, the sign-in pages themselves and nonsense', () => {
    for (const p of ['/api/auth/logout', '/no-such-page', '/login', '/login?next=/my-hours', '/register', '/register/', '', 'x'.repeat(10), `/teachers?q=${'a'.repeat(2000)}`])
      expect(safeNextPath(p), p.slice(0, 40)).toBeNull();
    for (const v of [undefined, null, 42, ['/my-hours'], { path: '/' }]) expect(safeNextPath(v)).toBeNull();
  });

  it('never returns anything a browser would open on another site', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', 'evil.test', 'my-hours', 'teacher', '%2F', '\t', '\n', ':', 'https:', '?', '#', '@', ' ');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const out = safeNextPath(parts.join(''));
        if (out === null) return;
        // A browser resolves such a path on this site: one leading "/", no "//", backslash, control character or dot segment.
        const path = out.split(/[?#]/, 1)[0]!;
        expect(out.startsWith('/') && !path.includes('//') && !/[\\\t\n\r]/.test(out)).toBe(true);
        expect(path.split('/').filter((s) => s === '.' || s === '..')).toEqual([]);
      }),
    );
  });
});

describe('loginPath', () => {
  it('carries a safe next, encoded, and drops an unsafe or pointless one', () => {
    expect(loginPath('/teacher/abc')).toBe('/login?next=%2Fteacher%2Fabc');
    expect(loginPath('/teachers?sort=price-asc')).toBe('/login?next=%2Fteachers%3Fsort%3Dprice-asc');
    expect(loginPath('//evil.test')).toBe('/login');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath(undefined)).toBe('/login');
  });
});
