/**
 * Every read of the API, as TanStack Query `queryOptions` factories: one place that knows each
 * address, its structured key and the type of its answer (`useQuery(queries.bookings())` is typed
 * by the factory, no cast at the call site). Writes name what they change in `CHANGES`, and
 * `invalidate` refreshes exactly those reads.
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { throwIfResNotOk } from './api.ts';
import type { CurrentUser } from './auth.ts';
import type { SiteConfig } from './site.ts';
import type { Slot, Teacher } from './teachers.ts';
import type {
  AdminTeacher,
  Booking,
  DashboardStats,
  Earnings,
  HourPackage,
  PackageHistory,
  TeacherStudent,
} from '../components/app/types.ts';
import type { LedgerEvent } from '../pages/app/AdminLedger.tsx';
import type { ProfileData } from '../pages/app/Profile.tsx';
import type { Availability, TeacherProfileData } from '../pages/app/TeacherProfileEditor.tsx';
import type { AdminMail } from '@parliamo/domain';
import type { AdminPayouts, TeacherPayouts } from '@parliamo/domain/contracts/payouts';
import type { AdminPaymentPage, AdminStudentPage, AdminTeacherChoice, AdminUserCounts, AdminUserPage, Analytics, LedgerBalance, LessonReview, OwnReceipt, PaymentStatusAnswer, PersonalSettings, ReviewPage, SchoolSettingsPage, TestCheckout, TrialOffer } from '@parliamo/domain/contracts';

/**
 * GET `url` as JSON of type T, with the session cookie; a non-OK answer throws "STATUS: body" (spec
 * "Error catalogue"). `no-cache`: the browser asks the server again (a 304 when its copy of a public
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

const id = encodeURIComponent;

/** The admin's payment filters as query-string values (all optional). */
export type AdminPaymentFilter = Partial<Record<'search' | 'status' | 'teacherId' | 'from' | 'to' | 'page' | 'pageSize', string>>;

/** Rows per page of the admin's ledger view. */
export const LEDGER_PAGE = 100;

export const queries = {
  /** The signed-in user, or null when /api/auth/user answers 401 (nobody signed in; spec "States and transitions"). */
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

  teachers: () => queryOptions({ queryKey: ['teachers', 'list'] as const, queryFn: ({ signal }) => getJson<Teacher[]>('/api/teachers', signal) }),
  teacher: (teacherId: string) =>
    queryOptions({ queryKey: ['teachers', 'detail', teacherId] as const, queryFn: ({ signal }) => getJson<Teacher>(`/api/teachers/${id(teacherId)}`, signal) }),
  /** The teacher's trial lesson and whether the signed-in student may buy it. */
  trialOffer: (teacherId: string) =>
    queryOptions({ queryKey: ['teachers', 'trial', teacherId] as const, queryFn: ({ signal }) => getJson<TrialOffer>(`/api/teachers/${id(teacherId)}/trial`, signal) }),
  /**
   * A teacher's free slots from `from` to `to` (Rome dates). `own`: the signed-in teacher's own, without
   * the booking notice (where they may move a lesson of theirs); else the public ones, after the notice.
   */
  availability: (teacherId: string, from: string, to: string, own = false) =>
    queryOptions({
      queryKey: ['availability', { teacherId, from, to, own }] as const,
      queryFn: ({ signal }) =>
        getJson<Slot[]>(own ? `/api/teacher/free-slots${search({ from, to })}` : `/api/availabilities${search({ teacherId, from, to })}`, signal),
    }),

  bookings: () => queryOptions({ queryKey: ['bookings', 'list'] as const, queryFn: ({ signal }) => getJson<Booking[]>('/api/bookings', signal) }),
  hourPackages: () =>
    queryOptions({ queryKey: ['hourPackages', 'list'] as const, queryFn: ({ signal }) => getJson<HourPackage[]>('/api/hour-packages', signal) }),
  /** The student's receipts (and credit notes); refreshed with the packages (a purchase adds both). */
  receipts: () =>
    queryOptions({ queryKey: ['hourPackages', 'receipts'] as const, queryFn: ({ signal }) => getJson<OwnReceipt[]>('/api/receipts', signal) }),
  packageHistory: (packageId: string) =>
    queryOptions({
      queryKey: ['hourPackages', 'history', packageId] as const,
      queryFn: ({ signal }) => getJson<PackageHistory>(`/api/hour-packages/${id(packageId)}/history`, signal),
    }),
  dashboardStats: () =>
    queryOptions({ queryKey: ['dashboardStats'] as const, queryFn: ({ signal }) => getJson<DashboardStats>('/api/dashboard/stats', signal) }),
  profile: () => queryOptions({ queryKey: ['profile'] as const, queryFn: ({ signal }) => getJson<ProfileData>('/api/profile', signal) }),

  ownTeacherProfile: () =>
    queryOptions({ queryKey: ['teacherProfile', 'profile'] as const, queryFn: ({ signal }) => getJson<TeacherProfileData>('/api/teacher/profile', signal) }),
  ownAvailability: () =>
    queryOptions({ queryKey: ['teacherProfile', 'availability'] as const, queryFn: ({ signal }) => getJson<Availability>('/api/teacher/availability', signal) }),
  teacherEarnings: () => queryOptions({ queryKey: ['teacherEarnings'] as const, queryFn: ({ signal }) => getJson<Earnings>('/api/teacher/earnings', signal) }),
  teacherStudents: () =>
    queryOptions({ queryKey: ['teacherStudents'] as const, queryFn: ({ signal }) => getJson<TeacherStudent[]>('/api/teacher/students', signal) }),

  /** One page of the admin's users, newest first; `search` on name or email, `role` (each optional). */
  adminUsers: (filter: { search?: string; role?: string; page?: string } = {}) =>
    queryOptions({
      queryKey: ['admin', 'users', filter] as const,
      queryFn: ({ signal }) => getJson<AdminUserPage>(`/api/admin/users${search(filter)}`, signal),
    }),
  /** Every teacher, by name, for the admin's pickers. */
  adminTeachers: () =>
    queryOptions({ queryKey: ['admin', 'teachers'] as const, queryFn: ({ signal }) => getJson<AdminTeacherChoice[]>('/api/admin/teachers', signal) }),
  /** The school's people counted over all of them (the admin dashboard's cards). */
  adminUserCounts: () =>
    queryOptions({ queryKey: ['admin', 'users', 'counts'] as const, queryFn: ({ signal }) => getJson<AdminUserCounts>('/api/admin/users/counts', signal) }),
  /** One page of the admin's students, by name; `search` on name or email (both optional). */
  adminStudents: (filter: { search?: string; page?: string } = {}) =>
    queryOptions({
      queryKey: ['admin', 'students', filter] as const,
      queryFn: ({ signal }) => getJson<AdminStudentPage>(`/api/admin/students${search(filter)}`, signal),
    }),
  /** One page of the payments matching `filter` (the query string of GET /api/admin/payments), with totals. */
  adminPayments: (filter: AdminPaymentFilter = {}) =>
    queryOptions({
      queryKey: ['admin', 'payments', filter] as const,
      queryFn: ({ signal }) => getJson<AdminPaymentPage>(`/api/admin/payments${search(filter)}`, signal),
    }),
  /** The school's figures per Rome month from `from` to `to` ('YYYY-MM'; the server's last 12 months without them). */
  adminAnalytics: (range: { from?: string; to?: string } = {}) =>
    queryOptions({
      queryKey: ['admin', 'analytics', { from: range.from ?? '', to: range.to ?? '' }] as const,
      queryFn: ({ signal }) => getJson<Analytics>(`/api/admin/analytics${search(range)}`, signal),
    }),
  /** Mails the queue has not delivered: waiting (`pending`) or given up (`failed`). */
  adminMails: (status: 'pending' | 'failed') =>
    queryOptions({ queryKey: ['admin', 'mails', status] as const, queryFn: ({ signal }) => getJson<AdminMail[]>(`/api/admin/mails?status=${status}`, signal) }),
  adminTeacher: (teacherId: string) =>
    queryOptions({ queryKey: ['admin', 'teacher', teacherId] as const, queryFn: ({ signal }) => getJson<AdminTeacher>(`/api/admin/teachers/${id(teacherId)}`, signal) }),
  /** Where every cent paid in is now (GET /api/admin/ledger-balance). */
  adminLedgerBalance: () =>
    queryOptions({ queryKey: ['admin', 'ledgerBalance'] as const, queryFn: ({ signal }) => getJson<LedgerBalance>('/api/admin/ledger-balance', signal) }),
  /** The ledger's events, newest first, a page at a time, filtered by stream or person. */
  adminLedger: (filter: { stream?: string; userId?: string }) =>
    infiniteQueryOptions({
      queryKey: ['admin', 'ledger', { stream: filter.stream ?? '', userId: filter.userId ?? '' }] as const,
      initialPageParam: '',
      queryFn: ({ pageParam, signal }) => getJson<LedgerEvent[]>(`/api/admin/ledger${search({ ...filter, after: pageParam })}`, signal),
      getNextPageParam: (last: LedgerEvent[]) => (last.length === LEDGER_PAGE ? last[last.length - 1]!.position : undefined),
    }),

  /** A checkout's payment, by the provider's session id. */
  payment: (sessionId: string) =>
    queryOptions({ queryKey: ['payments', sessionId] as const, queryFn: ({ signal }) => getJson<PaymentStatusAnswer>(`/api/payments/${id(sessionId)}`, signal) }),
  testCheckout: (paymentId: string) =>
    queryOptions({ queryKey: ['testCheckout', paymentId] as const, queryFn: ({ signal }) => getJson<TestCheckout>(`/api/test-checkout/${id(paymentId)}`, signal) }),

  /** The school's settings in force and their audit trail (admins). */
  schoolSettings: () =>
    queryOptions({ queryKey: ['admin', 'settings'] as const, queryFn: ({ signal }) => getJson<SchoolSettingsPage>('/api/admin/settings', signal) }),
  /** The signed-in person's own settings (notification e-mails, display time zone). */
  personalSettings: () =>
    queryOptions({ queryKey: ['personalSettings'] as const, queryFn: ({ signal }) => getJson<PersonalSettings>('/api/settings', signal) }),

  /** One page of a teacher's public reviews, newest first. */
  teacherReviews: (teacherId: string, page: number) =>
    queryOptions({
      queryKey: ['reviews', 'teacher', teacherId, page] as const,
      queryFn: ({ signal }) => getJson<ReviewPage>(`/api/teachers/${id(teacherId)}/reviews${search({ page: page > 1 ? String(page) : undefined })}`, signal),
    }),
  /** The review of one lesson, for its student and teacher. */
  lessonReview: (lessonId: string) =>
    queryOptions({ queryKey: ['reviews', 'lesson', lessonId] as const, queryFn: ({ signal }) => getJson<LessonReview>(`/api/bookings/${id(lessonId)}/review`, signal) }),
  /** The signed-in teacher's payouts: earned, paid and payable, per month. */
  teacherPayouts: () => queryOptions({ queryKey: ['payouts', 'teacher'] as const, queryFn: ({ signal }) => getJson<TeacherPayouts>('/api/teacher/payouts', signal) }),
  /** Every teacher's payable balance, for the admin. */
  adminPayouts: () => queryOptions({ queryKey: ['payouts', 'admin'] as const, queryFn: ({ signal }) => getJson<AdminPayouts>('/api/admin/payouts', signal) }),
};

/** The first element of every key above: what a write can make stale. */
export type Topic = ReturnType<(typeof queries)[keyof typeof queries]>['queryKey'][0];

/**
 * What each write changes, in one place. A mutation calls `invalidate(qc, 'lessonCancelled')`
 * and every read under those topics is fetched again.
 */
export const CHANGES = {
  /** A lesson booked or cancelled moves hours and slots (spec "Calls": bookings, hour-packages, availabilities). */
  lessonBooked: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  lessonCancelled: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  /** A lesson moved: its slots, the lists and dashboards, and the package history's "rescheduled" entry. */
  lessonRescheduled: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  /** A teacher's notes and homework: only the lesson lists show them. */
  lessonNotesWritten: ['bookings'],
  /** A booking refused (e.g. the slot went meanwhile): the free slots shown are out of date. */
  bookingRefused: ['availability'],
  hoursAdjusted: ['admin', 'hourPackages'],
  userUpdated: ['admin'],
  mailRetried: ['admin'],
  teacherSavedByAdmin: ['admin', 'teachers'],
  profileSaved: ['profile', 'session'],
  /** Signed in, but the answer did not carry the user: read the session again. */
  signedIn: ['session'],
  ownTeacherProfileSaved: ['teacherProfile', 'teachers'],
  ownAvailabilitySaved: ['teacherProfile', 'availability'],
  /** The fee, notices and notice text show on every page (site config) and change the free slots. */
  schoolSettingsSaved: ['admin', 'siteConfig', 'availability'],
  personalSettingsSaved: ['personalSettings'],
  /** A teacher's photo: their profile, the public list and pages, the header of the teacher themself. */
  photoChanged: ['teacherProfile', 'teachers', 'session', 'admin'],
  /** A review written, edited, answered or hidden: the reviews shown and the teachers' ratings. */
  reviewChanged: ['reviews', 'teachers'],
  /** An admin's refund: the payments list, the ledger balance and the package's hours (the student's My Hours). */
  paymentRefunded: ['admin', 'hourPackages', 'dashboardStats'],
  /** A payout recorded: the balances the admin and the teacher see. */
  payoutRecorded: ['payouts'],
} as const satisfies Record<string, readonly Topic[]>;

export type Change = keyof typeof CHANGES;

/** Refetches every read that `change` makes stale. */
export function invalidate(qc: QueryClient, change: Change): Promise<void> {
  const topics: readonly Topic[] = CHANGES[change];
  return qc.invalidateQueries({ predicate: (q) => topics.includes(q.queryKey[0] as Topic) });
}

/**
 * Forgets what the previous person read, on sign-in and sign-out: everything except the public
 * reads in `keep` (the site's settings always).
 */
export function forgetPrivateReads(qc: QueryClient, keep: readonly Topic[] = []): void {
  const kept: readonly Topic[] = ['siteConfig', ...keep];
  qc.removeQueries({ predicate: (q) => !kept.includes(q.queryKey[0] as Topic) });
}
