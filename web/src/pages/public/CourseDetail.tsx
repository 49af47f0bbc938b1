import { Badge, Box, Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router-dom';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { CoursePrice } from '../../components/CoursePrice.tsx';
import { courseTeachers, courseTeachersPath } from '../../lib/courses.ts';
import { queries } from '../../lib/queries.ts';
import { useTeachers } from '../../lib/teachers.ts';
import { findCourse } from './content/courses.ts';
import { useSchoolRules } from '../../lib/site.ts';
import NotFound from './NotFound.tsx';

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [queries.teachers()];

/**
 * /courses/{id}: one course in detail, its price from the lowest rate of its teachers and a way to
 * them (/teachers filtered by the course's specialization); an unknown id shows the not-found page.
 */
export default function CourseDetail() {
  const { id } = useParams();
  const rules = useSchoolRules();
  const course = findCourse(id);
  const teachers = useTeachers();
  if (!course) return <NotFound />;
  const nobody = !!teachers.data && courseTeachers(course, teachers.data).length === 0;
  return (
    <>
      <PageMeta
        title={`${course.title} course | Parliamo`}
        description={`${course.tagline} One-to-one online lessons with the teachers of our school in Rome, prices in euro.`}
        keywords={course.keywords}
        path={`/courses/${course.id}`}
      />
      <InfoPageHeader eyebrow={`Course · Level ${course.level}`} title={course.title}>
        {course.tagline}
      </InfoPageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <Flex gap="10" direction={{ base: 'column', md: 'row' }}>
          <Stack flex="2" gap="4">
            {course.description.map((p) => (
              <Text key={p.slice(0, 24)}>{p}</Text>
            ))}
            <Heading as="h2" size="xl" mt="4">
              What you will learn
            </Heading>
            <Stack as="ul" gap="1" pl="5" listStyleType="disc">
              {course.outcomes.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </Stack>
            <Heading as="h2" size="xl" mt="4">
              Who it is for
            </Heading>
            <Text>{course.forWhom}</Text>
          </Stack>
          <Box as="aside" flex="1" aria-label="Course facts" alignSelf="flex-start" borderWidth="1px" borderRadius="xl" p="6" bg="green.50" w="100%">
            <Stack gap="3">
              <HStack>
                <Badge colorPalette="green">Level {course.level}</Badge>
              </HStack>
              <CoursePrice course={course} teachers={teachers} format={(price) => `From ${price}/hour`} fontSize="2xl" fontWeight="bold" color="green.800" />
              <Text fontSize="sm">{course.suggestedHours}</Text>
              <Stack as="ul" gap="1" pl="5" listStyleType="disc" fontSize="sm">
                <li>Packages of 1 to 30 hours. {rules.fee}</li>
                <li>{rules.validity}</li>
                <li>{rules.booking}</li>
                <li>{rules.cancellation}</li>
              </Stack>
              {nobody ? (
                <Button asChild colorPalette="green" mt="2">
                  <Link to="/school-rome">Ask us for a teacher</Link>
                </Button>
              ) : (
                <Button asChild colorPalette="green" mt="2">
                  <Link to={courseTeachersPath(course)}>Find a teacher</Link>
                </Button>
              )}
              <Button asChild variant="outline" bg="bg">
                <Link to="/courses">All courses</Link>
              </Button>
            </Stack>
          </Box>
        </Flex>
      </Container>
    </>
  );
}
