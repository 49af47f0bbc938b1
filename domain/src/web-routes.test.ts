import { describe, expect, it } from 'vitest';
import { isWebRoute } from './web-routes.ts';

describe('web routes', () => {
  it('knows the web pages, with their parameters, and nothing else', () => {
    for (const p of ['/', '/teachers', '/teachers/', '/teacher/abc', '/admin/teacher/abc/edit', '/test-checkout/p1', '/payment-success'])
      expect(isWebRoute(p), p).toBe(true);
    for (const p of ['/nope', '/teacher', '/teachers/abc', '/admin/teacher/abc/delete', '/book', '/index.php'])
      expect(isWebRoute(p), p).toBe(false);
  });
});
