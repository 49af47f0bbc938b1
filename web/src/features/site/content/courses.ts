/**
 * The school's courses (/courses and /courses/{id}). A course has no price of its own: "From €X per
 * hour" is the lowest rate of the teachers who teach it (features/site/courses.ts), read from GET /api/teachers.
 */
export interface Course {
  id: string;
  /** The course's words in the public catalog: `public.course.<key>.title`, `.level`, `.tagline`, `.summary`,
   * `.description.<i>`, `.outcome.<i>`, `.forWhom`, `.suggestedHours`, `.keywords`. */
  key: string;
  /** How many paragraphs of description and how many outcomes the catalog holds. */
  paragraphs: number;
  outcomes: number;
  /** The teacher specialization that teaches this course; null when every teacher does. */
  specialization: string | null;
}

export const courses: Course[] = [
  { id: 'general-italian', key: 'generalItalian', paragraphs: 2, outcomes: 4, specialization: null },
  { id: 'b2-certification', key: 'b2Certification', paragraphs: 2, outcomes: 4, specialization: 'B2 certification' },
  { id: 'business-italian', key: 'businessItalian', paragraphs: 2, outcomes: 4, specialization: 'Business Italian' },
];

/** One of the course's texts in the active language, e.g. `courseText(c, 'title')`, `courseText(c, 'outcome.0')`. */
export function courseText(t: (id: string) => string, course: Pick<Course, 'key'>, what: string): string {
  return t(`public.course.${course.key}.${what}`);
}

export function findCourse(id: string | undefined): Course | undefined {
  return courses.find((c) => c.id === id);
}
