/**
 * What every feature's reads share: `getJson`, the query-string helper, the reads every screen makes
 * (session, site config, personal settings), and the topics that say what a write makes stale.
 *
 * Each feature's `queries.ts` holds its own `queryOptions` factories (a key starting with one of
 * `TOPICS`) and, beside them, what its writes make stale: named lists of topics checked by the type
 * below. A write calls `invalidate(qc, lessonChanges.lessonBooked)` and every read under those topics
 * is fetched again. The topics are listed here, once, because a write of one feature makes another's
 * reads stale (a booking changes the packages' hours): one closed list keeps every name checkable,
 * and web/src/features/changes.test.ts checks that every read's key starts with a topic and every
 * topic has a read.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, PersonalSettings, SiteConfig } from '@parliamo/domain/contracts';
import { throwIfResNotOk } from './api.ts';

/**
 * GET `url` as JSON of type T, with the session cookie; a non-OK answer throws "STATUS: body". `no-cache`: the browser asks the server again (a 304 when its copy of a public
 * answer still holds), so a person's own change is never hidden by the copy their browser kept.
 */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', cache: 'no-cache', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** "?a=1&b=2" from the non-empty values, or "". */
export function search(params: Record<string, string | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  return p.size ? `?${p}` : '';
}

/** The first element of every read's key, by the feature that reads it: what a write can make stale. */
export const TOPICS = [
  // every feature (this file)
  'session',
  'siteConfig',
  'personalSettings',
  // features/accounts
  'profile',
  // features/teachers
  'teachers',
  'teacherProfile',
  // features/lessons
  'bookings',
  'availability',
  'dashboardStats',
  'teacherEarnings',
  'teacherStudents',
  // features/packages
  'hourPackages',
  // features/reviews
  'reviews',
  // features/payments
  'payments',
  'testCheckout',
  // features/payouts
  'payouts',
  // features/invoices (the admin's fiscal documents and profile, the student's invoice numbers)
  'invoices',
  // features/admin (and the admin's payments list)
  'admin',
  // features/messages
  'messages',
] as const;

export type Topic = (typeof TOPICS)[number];

/** What one write makes stale: the topics of every read it changes. */
export type Stale = readonly Topic[];

/** The reads every screen makes, whatever the feature. */
export const sharedQueries = {
  /** The signed-in user, or null when /api/auth/user answers 401 (nobody signed in). */
  session: () =>
    queryOptions({
      queryKey: ['session'] as const,
      queryFn: async ({ signal }): Promise<CurrentUser | null> => {
        const res = await fetch('/api/auth/user', { credentials: 'include', signal });
        if (res.status === 401) return null;
        await throwIfResNotOk(res);
        return (await res.json()) as CurrentUser;
      },
      retry: false,
    }),
  siteConfig: () => queryOptions({ queryKey: ['siteConfig'] as const, queryFn: ({ signal }) => getJson<SiteConfig>('/api/site-config', signal) }),
  /** The signed-in person's own settings (notification e-mails, display time zone). */
  personalSettings: () =>
    queryOptions({ queryKey: ['personalSettings'] as const, queryFn: ({ signal }) => getJson<PersonalSettings>('/api/settings', signal) }),
};

/** Refetches every read under the topics a write made stale (a feature's `…Changes` entry). */
export function invalidate(qc: QueryClient, stale: Stale): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => stale.includes(q.queryKey[0] as Topic) });
}

/**
 * Forgets what the previous person read, on sign-in and sign-out: everything except the public
 * reads in `keep` (the site's settings always).
 */
export function forgetPrivateReads(qc: QueryClient, keep: readonly Topic[] = []): void {
  const kept: readonly Topic[] = ['siteConfig', ...keep];
  qc.removeQueries({ predicate: (q) => !kept.includes(q.queryKey[0] as Topic) });
}
