/** Lessons: the lists, the free slots, the dashboards' numbers, and what booking, cancelling and moving make stale (lib/queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { Booking, DashboardStats, Earnings, Slot, TeacherStudent } from '@parliamo/domain/contracts';
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
  bookings: () => queryOptions({ queryKey: ['bookings', 'list'] as const, queryFn: ({ signal }) => getJson<Booking[]>('/api/bookings', signal) }),
  dashboardStats: () =>
    queryOptions({ queryKey: ['dashboardStats'] as const, queryFn: ({ signal }) => getJson<DashboardStats>('/api/dashboard/stats', signal) }),
  teacherEarnings: () => queryOptions({ queryKey: ['teacherEarnings'] as const, queryFn: ({ signal }) => getJson<Earnings>('/api/teacher/earnings', signal) }),
  teacherStudents: () =>
    queryOptions({ queryKey: ['teacherStudents'] as const, queryFn: ({ signal }) => getJson<TeacherStudent[]>('/api/teacher/students', signal) }),
};

export const lessonChanges = {
  /** A lesson booked or cancelled moves hours and slots (spec "Calls": bookings, hour-packages, availabilities). */
  lessonBooked: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  lessonCancelled: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  /** A lesson moved: its slots, the lists and dashboards, and the package history's "rescheduled" entry. */
  lessonRescheduled: ['bookings', 'hourPackages', 'availability', 'dashboardStats', 'teacherStudents'],
  /** A teacher's notes and homework: only the lesson lists show them. */
  lessonNotesWritten: ['bookings'],
  /** A booking refused (e.g. the slot went meanwhile): the free slots shown are out of date. */
  bookingRefused: ['availability'],
} as const satisfies Record<string, Stale>;
