/** The admin's screens over the school: people, the ledger, mails, figures, settings; and what their writes make stale (lib/queries.ts). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  ADMIN_MAILS_PAGE,
  cursorOf,
  type AdminMail,
  type AdminStudentPage,
  type AdminTeacher,
  type AdminTeacherChoice,
  type AdminUserCounts,
  type AdminUserPage,
  type Analytics,
  type Dispute,
  type DisputeStatus,
  type LedgerBalance,
  type LedgerEntry,
  type SchoolSettingsPage,
} from '@parliamo/domain/contracts';
import { getJson, search, type Stale } from '../../lib/queries.ts';

const id = encodeURIComponent;

/** Rows per page of the admin's ledger view. */
export const LEDGER_PAGE = 100;

export const adminQueries = {
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
  /** The school's figures per Rome month from `from` to `to` ('YYYY-MM'; the server's last 12 months without them). */
  adminAnalytics: (range: { from?: string; to?: string } = {}) =>
    queryOptions({
      queryKey: ['admin', 'analytics', { from: range.from ?? '', to: range.to ?? '' }] as const,
      queryFn: ({ signal }) => getJson<Analytics>(`/api/admin/analytics${search(range)}`, signal),
    }),
  /** Mails the queue has not delivered: waiting (`pending`) or given up (`failed`), oldest first, a page at a time. */
  adminMails: (status: 'pending' | 'failed') =>
    infiniteQueryOptions({
      queryKey: ['admin', 'mails', status] as const,
      initialPageParam: '',
      queryFn: ({ pageParam, signal }) => getJson<AdminMail[]>(`/api/admin/mails${search({ status, after: pageParam })}`, signal),
      getNextPageParam: (page: AdminMail[]) =>
        page.length === ADMIN_MAILS_PAGE.PAGE ? cursorOf({ at: page.at(-1)!.createdAt, id: page.at(-1)!.id }) : undefined,
    }),
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
      queryFn: ({ pageParam, signal }) => getJson<LedgerEntry[]>(`/api/admin/ledger${search({ ...filter, after: pageParam })}`, signal),
      getNextPageParam: (last: LedgerEntry[]) => (last.length === LEDGER_PAGE ? last[last.length - 1]!.position : undefined),
    }),
  /** The dispute queue: lessons whose report waits for an answer (`waiting`), the school (`open`), or was decided. */
  adminDisputes: (status: DisputeStatus) =>
    queryOptions({
      queryKey: ['admin', 'disputes', status] as const,
      queryFn: ({ signal }) => getJson<{ disputes: Dispute[] }>(`/api/admin/disputes${search({ status })}`, signal),
    }),
  /** The school's settings in force and their audit trail (admins). */
  schoolSettings: () =>
    queryOptions({ queryKey: ['admin', 'settings'] as const, queryFn: ({ signal }) => getJson<SchoolSettingsPage>('/api/admin/settings', signal) }),
};

export const adminChanges = {
  hoursAdjusted: ['admin', 'hourPackages'],
  userUpdated: ['admin'],
  mailRetried: ['admin'],
  /** A dispute decided: the queue, and the figures an outcome moves. */
  disputeDecided: ['admin', 'dashboardStats'],
  teacherSavedByAdmin: ['admin', 'teachers'],
  /** The fee, notices and notice text show on every page (site config) and change the free slots. */
  schoolSettingsSaved: ['admin', 'siteConfig', 'availability'],
} as const satisfies Record<string, Stale>;
