/** Lessons: the lists, the free slots, the dashboards' numbers, and what booking, cancelling and moving make stale (lib/queries.ts). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  BOOKINGS_WINDOW,
  bookingCursor,
  EARNINGS_WINDOW,
  earningCursor,
  type Booking,
  type DashboardStats,
  type Earnings,
  type Slot,
  type TeacherStudentPage,
} from '@parliamo/domain/contracts';
import { getJson, search, type Stale } from '../../lib/queries.ts';

export const lessonQueries = {
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
  /** The window of the person's lessons: every one from now on and the recent ones, in time order. */
  bookings: () => queryOptions({ queryKey: ['bookings', 'list'] as const, queryFn: ({ signal }) => getJson<Booking[]>('/api/bookings', signal) }),
  /**
   * The lessons before the window, a page at a time, newest page last ("Earlier lessons"): from `start`,
   * the cursor of the window's first lesson (or an instant when the window is empty).
   */
  earlierBookings: (start: string) =>
    infiniteQueryOptions({
      queryKey: ['bookings', 'earlier', start] as const,
      initialPageParam: start,
      queryFn: ({ pageParam, signal }) => getJson<Booking[]>(`/api/bookings${search({ before: pageParam, limit: String(BOOKINGS_WINDOW.PAGE) })}`, signal),
      getNextPageParam: (page: Booking[]) => (page.length === BOOKINGS_WINDOW.PAGE ? bookingCursor(page[0]!) : undefined),
    }),
  dashboardStats: () =>
    queryOptions({ queryKey: ['dashboardStats'] as const, queryFn: ({ signal }) => getJson<DashboardStats>('/api/dashboard/stats', signal) }),
  /** The teacher's earnings: the months and the all-time total, and the lessons a page at a time, newest first. */
  teacherEarnings: () =>
    infiniteQueryOptions({
      queryKey: ['teacherEarnings'] as const,
      initialPageParam: '',
      queryFn: ({ pageParam, signal }) => getJson<Earnings>(`/api/teacher/earnings${search({ before: pageParam })}`, signal),
      getNextPageParam: (page: Earnings) => (page.lessons.length === EARNINGS_WINDOW.PAGE ? earningCursor(page.lessons.at(-1)!) : undefined),
    }),
  /** The teacher's students by name, a page at a time. */
  teacherStudents: () =>
    infiniteQueryOptions({
      queryKey: ['teacherStudents'] as const,
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => getJson<TeacherStudentPage>(`/api/teacher/students${search({ page: pageParam > 1 ? String(pageParam) : undefined })}`, signal),
      getNextPageParam: (page: TeacherStudentPage) => (page.hasMore ? page.page + 1 : undefined),
    }),
};

export const lessonChanges = {
  /** A lesson booked or cancelled moves hours and slots (bookings, hour-packages, availabilities). */
  lessonBooked: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  lessonCancelled: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  /** A lesson moved: its slots, the lists and dashboards, and the package history's "rescheduled" entry. */
  lessonRescheduled: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  /** A teacher's notes and homework: only the lesson lists show them. */
  lessonNotesWritten: ['bookings'],
  /** A check-in, report or answer: the lessons; an outcome moves hours and the dashboards too. */
  attendanceRecorded: ['bookings', 'hourPackages', 'dashboardStats', 'teacherStudents'],
  /** A booking refused (e.g. the slot went meanwhile): the free slots shown are out of date. */
  bookingRefused: ['availability'],
} as const satisfies Record<string, Stale>;
