import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn } from '../testing/users.ts';
import { eventually } from '../testing/eventually.ts';
import { SessionCache } from './session-cache.ts';

describe('SessionCache', () => {
  it('does not store a lookup that began before an invalidation', () => {
    const cache = new SessionCache({});
    (cache as unknown as { listening: boolean }).listening = true;
    const session = { user: { id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B', role: 'student' as const, profileImageUrl: null }, lastSeenAt: new Date(), expiresAt: new Date() };
    const before = cache.begin();
    cache.invalidateUser('someone else');
    cache.put('s1', session, before);
    expect(cache.get('s1')).toBeUndefined();
    cache.put('s1', session, cache.begin());
    expect(cache.get('s1')?.user.id).toBe('u1');
    cache.invalidateUser('u1');
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps calendar values by teacher, drops a teacher on notification, and stays within its limits', () => {
    const cache = new SessionCache({});
    (cache as unknown as { listening: boolean }).listening = true;
    const slots = cache.calendarCache<string>({ maxEntries: 3, maxWeight: 10, weigh: (v) => v.length });
    slots.put('t1', 'a', 'xx', slots.begin());
    slots.put('t2', 'a', 'yyy', slots.begin());
    expect(slots.get('t1', 'a')).toBe('xx');
    const before = slots.begin();
    cache.invalidateCalendar('t1'); // a notification naming t1
    expect(slots.get('t1', 'a')).toBeUndefined();
    expect(slots.get('t2', 'a')).toBe('yyy');
    slots.put('t2', 'b', 'zz', before); // read before the notification: not kept
    expect(slots.get('t2', 'b')).toBeUndefined();
    expect(slots.heldWeight).toBe(3);
    slots.put('t2', 'a', 'yyyy', slots.begin()); // replaced, not counted twice
    expect([slots.size, slots.heldWeight]).toEqual([1, 4]);
    slots.put('t3', 'a', 'x'.repeat(11), slots.begin()); // heavier than the whole limit: never kept
    expect(slots.get('t3', 'a')).toBeUndefined();
    slots.put('t3', 'a', 'x'.repeat(6), slots.begin()); // 4 + 6 = 10: fits
    expect([slots.size, slots.heldWeight]).toEqual([2, 10]);
    slots.put('t4', 'a', 'w', slots.begin()); // over the weight: starts again with just this one
    expect([slots.size, slots.heldWeight, slots.get('t2', 'a'), slots.get('t4', 'a')]).toEqual([1, 1, undefined, 'w']);
    for (const k of ['b', 'c', 'd']) slots.put('t4', k, 'w', slots.begin()); // a 4th entry is over maxEntries
    expect(slots.size).toBe(1);
    cache.invalidateCalendar('*');
    expect(slots.size).toBe(0);
    cache.invalidateUser('anyone'); // people changed: emptied too (as every dependent value)
    slots.put('t5', 'a', 'v', slots.begin());
    cache.invalidateUser('anyone');
    expect(slots.get('t5', 'a')).toBeUndefined();
  });

  it('keeps nothing while it has no notification connection', () => {
    const cache = new SessionCache({});
    const session = { user: { id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B', role: 'student' as const, profileImageUrl: null }, lastSeenAt: new Date(), expiresAt: new Date() };
    cache.put('s1', session, cache.begin());
    expect(cache.get('s1')).toBeUndefined();
  });
});

describe('sessions checked from memory, changed elsewhere', () => {
  const t = useTestApp();
  let other: pg.Pool; // another process, or an operator with psql
  beforeAll(async () => {
    other = new pg.Pool({ connectionString: t.db.url, max: 2 });
  });
  afterAll(async () => {
    await other.end();
  });

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(cookie) });

  /**
   * Signs in and asks until the session is remembered: the sign-in's own notification (its session row)
   * may arrive after the first lookup and drop what that lookup stored, as it should.
   */
  async function signedInAndRemembered() {
    await eventually(async () => t.app.sessionCache.active);
    const s = await signedIn(t);
    await eventually(async () => (await me(s.cookie)).statusCode === 200 && t.app.sessionCache.size > 0);
    return s;
  }

  it('serves a known session from memory', async () => {
    const s = await signedInAndRemembered();
    const known = t.app.sessionCache.size;
    expect((await me(s.cookie)).json()).toMatchObject({ id: s.id, firstName: s.firstName });
    expect(t.app.sessionCache.size).toBe(known);
  });

  it('a session revoked by another process stops working as soon as its notification arrives', async () => {
    const s = await signedIn(t);
    expect((await me(s.cookie)).statusCode).toBe(200);
    await other.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [s.id]);
    await eventually(async () => (await me(s.cookie)).statusCode === 401);
  });

  it('a person deactivated or renamed elsewhere is seen as such', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    expect((await me(a.cookie)).statusCode).toBe(200);
    expect((await me(b.cookie)).statusCode).toBe(200);
    await other.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [a.id]);
    await eventually(async () => (await me(a.cookie)).json().firstName === 'Renamed');
    await other.query(`UPDATE users SET is_active = false WHERE id = $1`, [b.id]);
    await eventually(async () => (await me(b.cookie)).statusCode === 401);
  });

  it('a logout here ends the session for the very next request, with no wait', async () => {
    const s = await signedIn(t);
    expect((await me(s.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(s.cookie) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(s.cookie)).statusCode).toBe(401);
  });

  it('a write that never changes sessions or people keeps what is remembered; any other write empties it', async () => {
    const s = await signedInAndRemembered();
    const known = t.app.sessionCache.size;
    // Booking a lesson that cannot be booked is still a booking write: the memory stays.
    const booking = await t.app.inject({
      method: 'POST', url: '/api/bookings', headers: authHeaders(s.cookie),
      payload: { teacherId: '00000000-0000-4000-8000-000000000000', date: '2026-04-01', hour: 10 },
    });
    expect(booking.statusCode).toBe(404);
    expect(t.app.sessionCache.size).toBe(known);
    const profile = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: authHeaders(s.cookie), payload: {} });
    expect(profile.statusCode).toBeGreaterThanOrEqual(200);
    expect(t.app.sessionCache.size).toBe(0);
  });

  it('the public teacher list is kept in memory and follows profile, approval and name changes made anywhere', async () => {
    const list = async () => (await t.app.inject({ method: 'GET', url: '/api/teachers' })).json() as { id: string; bio: string; firstName: string }[];
    const shown = await createUser(t, { role: 'teacher', firstName: 'Shown', teacher: { bio: 'First bio' } });
    const hidden = await createUser(t, { role: 'teacher', firstName: 'Hidden', teacher: { isApproved: false } });
    await eventually(async () => (await list()).some((x) => x.id === shown.id));
    expect((await list()).some((x) => x.id === hidden.id)).toBe(false);
    await other.query(`UPDATE teacher_profiles SET bio = 'Second bio' WHERE user_id = $1`, [shown.id]);
    await eventually(async () => (await list()).find((x) => x.id === shown.id)?.bio === 'Second bio');
    await other.query(`UPDATE teacher_profiles SET is_approved = true WHERE user_id = $1`, [hidden.id]);
    await eventually(async () => (await list()).some((x) => x.id === hidden.id));
    await other.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [shown.id]);
    await eventually(async () => (await list()).find((x) => x.id === shown.id)?.firstName === 'Renamed');
    await other.query(`UPDATE users SET is_active = false WHERE id = $1`, [hidden.id]);
    await eventually(async () => !(await list()).some((x) => x.id === hidden.id));
  });

  it('works without memory while its notification connection is down, and uses it again once back', async () => {
    const s = await signedIn(t);
    expect((await me(s.cookie)).statusCode).toBe(200);
    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'parliamo-session-cache'`,
    );
    await eventually(async () => !t.app.sessionCache.active);
    expect(t.app.sessionCache.size).toBe(0);
    // Changed while nobody listens: still seen, because nothing is served from memory meanwhile.
    await other.query(`UPDATE users SET last_name = 'Offline' WHERE id = $1`, [s.id]);
    expect((await me(s.cookie)).json().lastName).toBe('Offline');
    await eventually(async () => t.app.sessionCache.active);
    await eventually(async () => (await me(s.cookie)).statusCode === 200 && t.app.sessionCache.size > 0);
  });
});
