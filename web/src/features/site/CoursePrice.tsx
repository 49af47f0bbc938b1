import { Skeleton, Text, type TextProps } from '@chakra-ui/react';
import { euros } from '../../lib/format.ts';
import { coursePriceFrom } from './courses.ts';
import type { Teacher } from '@parliamo/domain/contracts';
import type { Course } from './content/courses.ts';
import { useT } from '../../lib/i18n.tsx';

/** The teacher list as a course page reads it (useTeachers). */
export interface TeacherList {
  data?: Teacher[];
  isLoading: boolean;
  isError: boolean;
}

/**
 * A course's price, from its teachers' rates: `format` words the lowest ("From €24 per hour"); when no
 * teacher teaches the course, or the list could not be read, it says so instead.
 */
export function CoursePrice({ course, teachers, format, ...text }: { course: Course; teachers: TeacherList; format: (price: string) => string } & TextProps) {
  const t = useT();
  if (teachers.isLoading) return <Skeleton height="6" width="40" aria-label={t('public.coursePrice.loading')} />;
  const from = teachers.data ? coursePriceFrom(course, teachers.data) : null;
  if (from !== null) return <Text {...text}>{format(euros(from))}</Text>;
  return (
    <Text color="fg.muted" fontSize="sm" data-testid="course-no-price">
      {teachers.isError ? t('public.coursePrice.unavailable') : t('public.coursePrice.nobody')}
    </Text>
  );
}
