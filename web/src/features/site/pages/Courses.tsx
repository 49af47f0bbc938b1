import { Badge, Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { InfoPageHeader } from '../../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { CoursePrice } from '../CoursePrice.tsx';
import { teacherQueries, useTeachers } from '../../teachers/index.ts';
import { courses, courseText } from '../content/courses.ts';
import { useRuleSentences } from '../../../lib/rule-values.ts';
import { useT } from '../../../lib/i18n.tsx';

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [teacherQueries.teachers()];

/** /courses: the school's three courses, each from the lowest rate of the teachers who teach it. */
export default function Courses() {
  const teachers = useTeachers();
  const t = useT();
  const rules = useRuleSentences();
  return (
    <>
      <PageMeta
        title={t('public.courses.meta.title')}
        description={t('public.courses.meta.description')}
        keywords={t('public.courses.meta.keywords')}
        path="/courses"
      />
      <InfoPageHeader eyebrow={t('public.courses.eyebrow')} title={t('public.courses.title')}>
        {t('public.courses.intro')}
      </InfoPageHeader>
      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {courses.map((c) => (
            <Stack key={c.id} as="article" borderWidth="1px" borderRadius="xl" p="6" gap="3" bg="bg" data-testid="course-card">
              <Badge alignSelf="flex-start" colorPalette="green" variant="subtle">
                {t('public.courses.level', { level: courseText(t, c, 'level') })}
              </Badge>
              <Heading as="h2" size="xl">
                {courseText(t, c, 'title')}
              </Heading>
              <Text color="fg.muted" flex="1">
                {courseText(t, c, 'summary')}
              </Text>
              <CoursePrice course={c} teachers={teachers} format={(price) => t('public.courses.priceFrom', { price })} fontWeight="semibold" color="green.800" />
              <Button asChild colorPalette="green" variant="outline">
                <Link to={`/courses/${c.id}`} aria-label={t('public.courses.detailsLabel', { course: courseText(t, c, 'title') })}>
                  {t('public.courses.details')}
                </Link>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
        <Box mt="10" borderWidth="1px" borderRadius="xl" bg="gray.50" p={{ base: '5', md: '8' }}>
          <Heading as="h2" size="lg" mb="3">
            {t('public.courses.howHours')}
          </Heading>
          <Stack as="ul" gap="1" pl="5" listStyleType="disc">
            <li>
              {t('public.courses.buyHours')} {rules.fee}
            </li>
            <li>{rules.validity}</li>
            <li>{rules.booking}</li>
            <li>{rules.cancellation}</li>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
