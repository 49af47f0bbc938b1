import { Badge, Box, Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router-dom';
import { InfoPageHeader } from '../../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { CoursePrice } from '../CoursePrice.tsx';
import { courseTeachers, courseTeachersPath } from '../courses.ts';
import { teacherQueries, useTeachers } from '../../teachers/index.ts';
import { findCourse, courseText } from '../content/courses.ts';
import { useRuleSentences } from '../../../lib/rule-values.ts';
import { useT } from '../../../lib/i18n.tsx';
import NotFound from '../../../components/NotFound.tsx';

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [teacherQueries.teachers()];

/**
 * /courses/{id}: one course in detail, its price from the lowest rate of its teachers and a way to
 * them (/teachers filtered by the course's specialization); an unknown id shows the not-found page.
 */
export default function CourseDetail() {
  const { id } = useParams();
  const t = useT();
  const rules = useRuleSentences();
  const course = findCourse(id);
  const teachers = useTeachers();
  if (!course) return <NotFound />;
  const text = (what: string) => courseText(t, course, what);
  const level = text('level');
  const nobody = !!teachers.data && courseTeachers(course, teachers.data).length === 0;
  return (
    <>
      <PageMeta
        title={t('public.courseDetail.metaTitle', { course: text('title') })}
        description={t('public.courseDetail.metaDescription', { tagline: text('tagline') })}
        keywords={text('keywords')}
        path={`/courses/${course.id}`}
      />
      <InfoPageHeader eyebrow={t('public.courseDetail.eyebrow', { level })} title={text('title')}>
        {text('tagline')}
      </InfoPageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <Flex gap="10" direction={{ base: 'column', md: 'row' }}>
          <Stack flex="2" gap="4">
            {Array.from({ length: course.paragraphs }, (_, i) => (
              <Text key={i}>{text(`description.${i}`)}</Text>
            ))}
            <Heading as="h2" size="xl" mt="4">
              {t('public.courseDetail.learn')}
            </Heading>
            <Stack as="ul" gap="1" pl="5" listStyleType="disc">
              {Array.from({ length: course.outcomes }, (_, i) => (
                <li key={i}>{text(`outcome.${i}`)}</li>
              ))}
            </Stack>
            <Heading as="h2" size="xl" mt="4">
              {t('public.courseDetail.forWhom')}
            </Heading>
            <Text>{text('forWhom')}</Text>
          </Stack>
          <Box as="aside" flex="1" aria-label={t('public.courseDetail.facts')} alignSelf="flex-start" borderWidth="1px" borderRadius="xl" p="6" bg="green.50" w="100%">
            <Stack gap="3">
              <HStack>
                <Badge colorPalette="green">{t('public.courses.level', { level })}</Badge>
              </HStack>
              <CoursePrice course={course} teachers={teachers} format={(price) => t('public.courseDetail.priceFrom', { price })} fontSize="2xl" fontWeight="bold" color="green.800" />
              <Text fontSize="sm">{text('suggestedHours')}</Text>
              <Stack as="ul" gap="1" pl="5" listStyleType="disc" fontSize="sm">
                <li>
                  {t('public.courseDetail.packages')} {rules.fee}
                </li>
                <li>{rules.validity}</li>
                <li>{rules.booking}</li>
                <li>{rules.cancellation}</li>
              </Stack>
              {nobody ? (
                <Button asChild colorPalette="green" mt="2">
                  <Link to="/school-rome">{t('public.courseDetail.askTeacher')}</Link>
                </Button>
              ) : (
                <Button asChild colorPalette="green" mt="2">
                  <Link to={courseTeachersPath(course)}>{t('public.courseDetail.findTeacher')}</Link>
                </Button>
              )}
              <Button asChild variant="outline" bg="bg">
                <Link to="/courses">{t('public.courseDetail.allCourses')}</Link>
              </Button>
            </Stack>
          </Box>
        </Flex>
      </Container>
    </>
  );
}
