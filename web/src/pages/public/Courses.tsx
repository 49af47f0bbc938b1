import { Badge, Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { CoursePrice } from '../../components/CoursePrice.tsx';
import { queries } from '../../lib/queries.ts';
import { useTeachers } from '../../lib/teachers.ts';
import { courses } from './content/courses.ts';
import { useSchoolRules } from '../../lib/site.ts';

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [queries.teachers()];

/** /courses: the school's three courses, each from the lowest rate of the teachers who teach it. */
export default function Courses() {
  const teachers = useTeachers();
  const rules = useSchoolRules();
  return (
    <>
      <PageMeta
        title="Italian courses online | Parliamo"
        description="General Italian, B2 Certification and Business Italian: one-to-one online courses from our school in Rome, since 1985. Prices in euro."
        keywords="Italian courses online, General Italian, B2 Italian certification, Business Italian, Italian school Rome"
        path="/courses"
      />
      <InfoPageHeader eyebrow="Courses" title="Italian courses for every goal">
        One-to-one online lessons with the teachers of our school in Rome. Choose a course, then buy hours from the teacher
        who suits you: every course uses the same simple hour packages.
      </InfoPageHeader>
      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {courses.map((c) => (
            <Stack key={c.id} as="article" borderWidth="1px" borderRadius="xl" p="6" gap="3" bg="bg" data-testid="course-card">
              <Badge alignSelf="flex-start" colorPalette="green" variant="subtle">
                Level {c.level}
              </Badge>
              <Heading as="h2" size="xl">
                {c.title}
              </Heading>
              <Text color="fg.muted" flex="1">
                {c.summary}
              </Text>
              <CoursePrice course={c} teachers={teachers} format={(price) => `From ${price} per hour`} fontWeight="semibold" color="green.800" />
              <Button asChild colorPalette="green" variant="outline">
                <Link to={`/courses/${c.id}`} aria-label={`${c.title}: course details`}>
                  Course details
                </Link>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
        <Box mt="10" borderWidth="1px" borderRadius="xl" bg="gray.50" p={{ base: '5', md: '8' }}>
          <Heading as="h2" size="lg" mb="3">
            How hours work in every course
          </Heading>
          <Stack as="ul" gap="1" pl="5" listStyleType="disc">
            <li>Buy 1 to 30 hours at a time at your teacher’s hourly rate. {rules.fee}</li>
            <li>{rules.validity}</li>
            <li>{rules.booking}</li>
            <li>{rules.cancellation}</li>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
