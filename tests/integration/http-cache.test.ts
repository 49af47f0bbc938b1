// Public answers (teachers, a teacher's profile, free slots, reviews, site config) are cached the web's
// way: an ETag from where their sources stand, a short public Cache-Control, and 304 Not Modified on a
// matching If-None-Match without reading the answer's tables.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CACHE_CONTROL, SIGNED_IN_CACHE_CONTROL } from '../../api/src/platform/http-cache.ts';
import { useTestApp } from '../../api/src/testing/app.ts';
import { authHeaders, sessionCookie, signedIn } from '../../api/src/testing/users.ts';
import { book, credit, student, teacher } from './lessons/fixtures.ts';

const t = useTestApp();
let urls: Record<'teachers' | 'profile' | 'slots' | 'reviews' | 'site', string>;
let g: { id: string; cookie: string };
beforeAll(async () => {
  g = await teacher(t);
  urls = {
    teachers: '/api/teachers',
    profile: `/api/teachers/${g.id}`,
    slots: `/api/availabilities?teacherId=${g.id}&from=2026-03-09&to=2026-03-15`,
    reviews: `/api/teachers/${g.id}/reviews`,
    site: '/api/site-config',
  };
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers } as InjectOptions);
const etagOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.headers.etag as string;
};
/** Every public answer's tag, by name. */
const tags = async () => Object.fromEntries(await Promise.all(Object.entries(urls).map(async ([name, url]) => [name, await etagOf(url)])));

describe('public answers cached by HTTP', () => {
  it('carry an ETag, a short public Cache-Control and Vary: Cookie, and answer 304 to their own tag', async () => {
    for (const url of Object.values(urls)) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(first.headers.vary, url).toBe('Cookie');
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(first.headers.etag);
      expect(again.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      // Weak, listed or any: all match; another tag does not.
      expect((await get(url, { 'if-none-match': `"other", W/${first.headers.etag}` })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': '*' })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
  });

  it('a signed-in request gets the same answer for its browser only, asked again every time', async () => {
    const s = await signedIn(t, 'student');
    for (const url of Object.values(urls)) {
      const res = await get(url, authHeaders(s.cookie));
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(SIGNED_IN_CACHE_CONTROL);
      expect(res.headers.vary, url).toBe('Cookie');
      expect(res.headers.etag, url).toBe(await etagOf(url));
    }
  });

  it('a 304 reads only where the sources stand, never the answer\'s tables', async () => {
    const before = await tags();
    const query = vi.spyOn(t.app.pool, 'query');
    try {
      for (const [name, url] of Object.entries(urls)) {
        query.mockClear();
        expect((await get(url, { 'if-none-match': before[name]! })).statusCode, url).toBe(304);
        const statements = query.mock.calls.map((c) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text: string }).text));
        const reads = statements.filter((sql) => /projection_checkpoints|public_versions/.test(sql));
        expect(reads, url).toHaveLength(1);
        expect(statements.filter((sql) => /teacher_profiles|taken_slots|teacher_availability|school_settings|\breviews\b/.test(sql)), url).toEqual([]);
      }
    } finally {
      query.mockRestore();
    }
  });

  it('the tag moves with each source of the answer, and only then', async () => {
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
    const before = await tags();
    // A write that changes nothing public (a person's own settings) moves no tag.
    const settings = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: authHeaders(await sessionCookie(t, s.id)), payload: { notificationEmails: false } });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(await tags()).toEqual(before);

    // A booking: the slots taken (and every read model's checkpoint with it).
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 9 })).statusCode).toBe(201);
    const booked = await tags();
    for (const name of ['teachers', 'profile', 'slots', 'reviews'] as const) expect(booked[name], name).not.toBe(before[name]);

    // The teacher's profile, and their hours changed by another tool.
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/teacher/profile',
      headers: authHeaders(g.cookie),
      payload: { bio: 'Lezioni di conversazione.', city: 'Roma', country: 'Italy', specializations: ['conversation'], hourlyRate: 35, googleMeetLink: null },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const profiled = await tags();
    expect(profiled.teachers).not.toBe(booked.teachers);
    expect(profiled.profile).not.toBe(booked.profile);
    await t.db.pool.query(`UPDATE teacher_availability SET days_off = '{2026-03-11}' WHERE teacher_id = $1`, [g.id]);
    expect((await tags()).slots).not.toBe(profiled.slots);

    // A reviewer's name, changed by another tool.
    const named = await tags();
    await t.db.pool.query(`UPDATE users SET last_name = 'Bianchi' WHERE id = $1`, [s.id]);
    expect((await tags()).reviews).not.toBe(named.reviews);

    // The school's settings.
    const admin = await signedIn(t, 'admin');
    const site = await tags();
    const changed = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: authHeaders(admin.cookie), payload: { fee: 4 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await tags()).site).not.toBe(site.site);
  });

  it('free slots: the same tag all through an hour, another one after it', async () => {
    t.clock.set(new Date('2026-03-02T10:01:00Z'));
    const start = await etagOf(urls.slots);
    t.clock.advance(58 * 60_000);
    expect(await etagOf(urls.slots)).toBe(start);
    t.clock.advance(2 * 60_000);
    expect(await etagOf(urls.slots)).not.toBe(start);
  });

  it('an error is never cached', async () => {
    const res = await get('/api/teachers/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
