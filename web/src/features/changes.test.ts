import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { forgetPrivateReads, getJson, invalidate, sharedQueries, TOPICS } from '../lib/queries.ts';
import { accountChanges, accountQueries } from './accounts/queries.ts';
import { adminChanges, adminQueries } from './admin/queries.ts';
import { lessonChanges, lessonQueries } from './lessons/queries.ts';
import { invoiceChanges, invoiceQueries } from './invoices/queries.ts';
import { packageChanges, packageQueries } from './packages/queries.ts';
import { paymentChanges, paymentQueries } from './payments/queries.ts';
import { payoutChanges, payoutQueries } from './payouts/queries.ts';
import { reviewChanges, reviewQueries } from './reviews/queries.ts';
import { teacherChanges, teacherQueries } from './teachers/queries.ts';
import { messageQueries } from './messages/queries.ts';

// Every feature's reads and what its writes make stale, composed as the app uses them together.
const queries = { ...sharedQueries, ...accountQueries, ...adminQueries, ...invoiceQueries, ...lessonQueries, ...packageQueries, ...paymentQueries, ...payoutQueries, ...reviewQueries, ...teacherQueries, ...messageQueries };
const CHANGES = { ...accountChanges, ...adminChanges, ...invoiceChanges, ...lessonChanges, ...packageChanges, ...paymentChanges, ...payoutChanges, ...reviewChanges, ...teacherChanges };

/** A client holding fresh data under the keys of these reads. */
function clientWith(reads: { queryKey: readonly unknown[] }[]): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const r of reads) qc.setQueryData(r.queryKey, []);
  return qc;
}
const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? 'absent';

afterEach(() => vi.unstubAllGlobals());

describe('query keys', () => {
  it('are structured: a topic first, then what narrows it', () => {
    expect(queries.bookings().queryKey).toEqual(['bookings', 'list']);
    expect(queries.availability('t1', '2026-03-01', '2026-03-28').queryKey).toEqual(['availability', { teacherId: 't1', from: '2026-03-01', to: '2026-03-28', own: false }]);
    // A teacher's own slots (no booking notice) are kept apart from the public ones, under the same topic.
    expect(queries.availability('t1', '2026-03-01', '2026-03-28', true).queryKey).toEqual(['availability', { teacherId: 't1', from: '2026-03-01', to: '2026-03-28', own: true }]);
    expect(queries.adminUsers({ search: 'anna' }).queryKey).toEqual(['admin', 'users', { search: 'anna' }]);
    expect(queries.packageHistory('p1').queryKey).toEqual(['hourPackages', 'history', 'p1']);
  });

  it('fetch the address of the read, with the session cookie, asking the server again each time', async () => {
    const fetch = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const qc = new QueryClient();
    await qc.fetchQuery(queries.availability('t 1', '2026-03-01', '2026-03-28'));
    await qc.fetchQuery(queries.availability('t 1', '2026-03-01', '2026-03-28', true));
    await qc.fetchQuery(queries.adminUsers({ role: 'teacher' }));
    expect(fetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      '/api/availabilities?teacherId=t+1&from=2026-03-01&to=2026-03-28',
      '/api/teacher/free-slots?from=2026-03-01&to=2026-03-28',
      '/api/admin/users?role=teacher',
    ]);
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ credentials: 'include', cache: 'no-cache' });
  });

  it('turn a non-OK answer into "STATUS: body", and a 401 on the session into nobody signed in', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Not found"}', { status: 404 }));
    await expect(getJson('/api/teachers/x')).rejects.toThrow('404: {"message":"Not found"}');
    vi.stubGlobal('fetch', async () => new Response('Unauthorized', { status: 401 }));
    expect(await new QueryClient().fetchQuery(queries.session())).toBeNull();
  });
});

describe('invalidation map', () => {
  it('a cancelled lesson refreshes bookings, hour packages, free slots and stats, nothing else', async () => {
    const qc = clientWith([queries.bookings(), queries.hourPackages(), queries.packageHistory('p1'), queries.availability('t1', 'a', 'b'), queries.dashboardStats(), queries.teachers(), queries.profile()]);
    await invalidate(qc, CHANGES.lessonCancelled);
    expect(stale(qc, queries.bookings().queryKey)).toBe(true);
    expect(stale(qc, queries.hourPackages().queryKey)).toBe(true);
    expect(stale(qc, queries.packageHistory('p1').queryKey)).toBe(true);
    expect(stale(qc, queries.availability('t1', 'a', 'b').queryKey)).toBe(true);
    expect(stale(qc, queries.dashboardStats().queryKey)).toBe(true);
    expect(stale(qc, queries.teachers().queryKey)).toBe(false);
    expect(stale(qc, queries.profile().queryKey)).toBe(false);
  });

  it('an admin change refreshes every admin read, whatever its filter', async () => {
    const qc = clientWith([queries.adminUsers({ search: 'a' }), queries.adminUsers(), queries.adminPayments(), queries.bookings()]);
    await invalidate(qc, CHANGES.userUpdated);
    expect(stale(qc, queries.adminUsers({ search: 'a' }).queryKey)).toBe(true);
    expect(stale(qc, queries.adminUsers().queryKey)).toBe(true);
    expect(stale(qc, queries.adminPayments().queryKey)).toBe(true);
    expect(stale(qc, queries.bookings().queryKey)).toBe(false);
  });

  it('names only topics that some read has, and every read starts its key with a topic', () => {
    const keys = Object.values(queries).map((q) => (q as (...args: string[]) => { queryKey: readonly unknown[] })('x', 'x', 'x').queryKey[0]);
    expect(new Set(keys)).toEqual(new Set(TOPICS));
    for (const change of Object.values(CHANGES)) for (const t of change) expect(keys).toContain(t);
  });

  it('no two features name a read or a change alike (the composition above would hide one)', () => {
    const reads = [sharedQueries, accountQueries, adminQueries, invoiceQueries, lessonQueries, packageQueries, paymentQueries, payoutQueries, reviewQueries, teacherQueries].flatMap(Object.keys);
    const changes = [accountChanges, adminChanges, invoiceChanges, lessonChanges, paymentChanges, payoutChanges, reviewChanges, teacherChanges].flatMap(Object.keys);
    expect(new Set(reads).size).toBe(reads.length);
    expect(new Set(changes).size).toBe(changes.length);
  });

  it('signing out forgets the private reads and keeps the site settings', () => {
    const qc = clientWith([queries.siteConfig(), queries.teachers(), queries.bookings(), queries.session()]);
    forgetPrivateReads(qc, ['session']);
    expect(qc.getQueryData(queries.siteConfig().queryKey)).toBeDefined();
    expect(qc.getQueryData(queries.session().queryKey)).toBeDefined();
    expect(qc.getQueryData(queries.bookings().queryKey)).toBeUndefined();
    expect(qc.getQueryData(queries.teachers().queryKey)).toBeUndefined();
  });
});
