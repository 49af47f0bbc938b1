/** What the teachers make of a course: who teaches it and from what price. */
import type { Course } from './content/courses.ts';
import type { Teacher } from '@parliamo/domain/contracts';
import { lowestRate, teaches, visibleTeachers } from '../teachers/index.ts';

/** The active and approved teachers who teach the course (every one of them when it needs no specialization). */
export function courseTeachers(course: Pick<Course, 'specialization'>, teachers: readonly Teacher[]): Teacher[] {
  const visible = visibleTeachers(teachers);
  return course.specialization === null ? visible : visible.filter((t) => teaches(t, course.specialization!));
}

/** The course's lowest hourly rate among its teachers, or null when nobody teaches it now. */
export function coursePriceFrom(course: Pick<Course, 'specialization'>, teachers: readonly Teacher[]): number | null {
  return lowestRate(courseTeachers(course, teachers));
}

/** /teachers showing the course's teachers: filtered by its specialization when it has one. */
export function courseTeachersPath(course: Pick<Course, 'specialization'>): string {
  return course.specialization === null ? '/teachers' : `/teachers?${new URLSearchParams({ specialization: course.specialization })}`;
}
