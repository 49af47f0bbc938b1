/** Teachers: the public list and profiles, a teacher's own profile and weekly hours, and what their writes make stale (lib/queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { AttendanceRecord, OwnTeacherProfile, Teacher, TeacherAvailability, TrialOffer } from '@parliamo/domain/contracts';
import { getJson, type Stale } from '../../lib/queries.ts';

const id = encodeURIComponent;

export const teacherQueries = {
  teachers: () => queryOptions({ queryKey: ['teachers', 'list'] as const, queryFn: ({ signal }) => getJson<Teacher[]>('/api/teachers', signal) }),
  teacher: (teacherId: string) =>
    queryOptions({ queryKey: ['teachers', 'detail', teacherId] as const, queryFn: ({ signal }) => getJson<Teacher>(`/api/teachers/${id(teacherId)}`, signal) }),
  /** The teacher's lessons held as booked over 12 months (a percentage from 10 lessons on). */
  attendance: (teacherId: string) =>
    queryOptions({ queryKey: ['teachers', 'attendance', teacherId] as const, queryFn: ({ signal }) => getJson<AttendanceRecord>(`/api/teachers/${id(teacherId)}/attendance`, signal) }),
  /** The teacher's trial lesson and whether the signed-in student may buy it. */
  trialOffer: (teacherId: string) =>
    queryOptions({ queryKey: ['teachers', 'trial', teacherId] as const, queryFn: ({ signal }) => getJson<TrialOffer>(`/api/teachers/${id(teacherId)}/trial`, signal) }),
  ownTeacherProfile: () =>
    queryOptions({ queryKey: ['teacherProfile', 'profile'] as const, queryFn: ({ signal }) => getJson<OwnTeacherProfile>('/api/teacher/profile', signal) }),
  ownAvailability: () =>
    queryOptions({ queryKey: ['teacherProfile', 'availability'] as const, queryFn: ({ signal }) => getJson<TeacherAvailability>('/api/teacher/availability', signal) }),
};

export const teacherChanges = {
  ownTeacherProfileSaved: ['teacherProfile', 'teachers'],
  ownAvailabilitySaved: ['teacherProfile', 'availability'],
  /** A teacher's photo: their profile, the public list and pages, the header of the teacher themself. */
  photoChanged: ['teacherProfile', 'teachers', 'session', 'admin'],
} as const satisfies Record<string, Stale>;
