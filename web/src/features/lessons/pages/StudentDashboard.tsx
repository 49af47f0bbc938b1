import { Box, Button, Card, Flex, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { progressPercent } from '@parliamo/domain/rules';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth.ts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { LaunchNotice } from '../../../components/LaunchNotice.tsx';
import { LessonList } from '../LessonList.tsx';
import { Panel, StatCard } from '../../../components/app/Panel.tsx';
import { bookingLinks, packageQueries, PurchaseButton } from '../../packages/index.ts';
import { QueryView } from '../../../components/app/states.tsx';
import { dateLabel, hourLabel, num, romeDate } from '../../../lib/format.ts';
import { upcoming } from '../lessons.ts';
import type { DashboardStats, HourPackage } from '@parliamo/domain/contracts';
import { lessonQueries } from '../queries.ts';
import { useSiteConfig } from '../../../lib/site.ts';
import { useT } from '../../../lib/i18n.tsx';

/** remaining / total x 100. */
function packageProgress(p: HourPackage): number {
  return progressPercent(p.remainingHours, p.totalHours);
}

function Stats({ stats }: { stats: DashboardStats }) {
  const { validityMonths } = useSiteConfig();
  const t = useT();
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatCard
        label={t('student.dashboard.stats.remaining')}
        value={num(stats.remainingHours)}
        help={t('student.dashboard.stats.remainingHelp', { months: validityMonths })}
      />
      <StatCard label={t('student.dashboard.stats.thisMonth')} value={stats.lessonsThisMonth} />
      <StatCard
        label={t('student.dashboard.stats.next')}
        value={
          stats.nextLesson
            ? t('student.dashboard.stats.nextWhen', {
                date: dateLabel(stats.nextLesson.date, { day: 'numeric', month: 'short' }),
                time: hourLabel(stats.nextLesson.hour),
              })
            : t('student.dashboard.stats.none')
        }
        help={stats.nextLesson ? t('student.dashboard.stats.with', { teacher: stats.nextLesson.teacherName }) : t('student.dashboard.stats.bookOne')}
      />
    </SimpleGrid>
  );
}

function Packages({ packages }: { packages: HourPackage[] }) {
  // One "Book a lesson" per teacher, however many packages the student has with them.
  const book = bookingLinks(packages);
  const t = useT();
  return (
    <Stack gap="4">
      {packages.map((p) => (
        <Box key={p.id}>
          <Flex justify="space-between" gap="2" wrap="wrap" mb="1">
            <Text fontWeight="semibold">{p.teacherName}</Text>
            <Text data-testid="package-remaining">
              {t('student.dashboard.packages.left', { remaining: num(p.remainingHours), total: num(p.totalHours) })}
            </Text>
          </Flex>
          <Progress.Root value={packageProgress(p)} colorPalette="green" size="sm" aria-label={t('student.dashboard.packages.progress', { teacher: p.teacherName, percent: packageProgress(p) })}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack justify="space-between" mt="1" gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {t('student.dashboard.packages.expires', { date: dateLabel(romeDate(p.expiresAt)) })}
            </Text>
            {book.has(p.id) && (
              <Button asChild size="xs" variant="outline">
                <Link to={`/book/${p.teacherId}`} aria-label={t('student.dashboard.packages.bookWith', { teacher: p.teacherName })}>
                  {t('student.dashboard.packages.book')}
                </Link>
              </Button>
            )}
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

/** What the dashboard reads on its first render (loaded with its code, lib/lazy-page.tsx). */
export const firstReads = () => [lessonQueries.dashboardStats(), lessonQueries.bookings(), packageQueries.hourPackages()];

/** The student dashboard. */
export default function StudentDashboard() {
  const { user } = useAuth();
  // The public teacher page sends students here with ?buy=<teacherId> to open the purchase dialog.
  const [params] = useSearchParams();
  const buy = params.get('buy') ?? undefined;
  const stats = useQuery(lessonQueries.dashboardStats());
  const bookings = useQuery(lessonQueries.bookings());
  const packages = useQuery(packageQueries.hourPackages());
  const now = new Date();
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('student.dashboard.title', { firstName: user?.firstName ?? '' })} subtitle={t('student.dashboard.subtitle')} actions={
          <PurchaseButton teacherId={buy} defaultOpen={!!buy}>
            {t('student.dashboard.buyHours')}
          </PurchaseButton>
        } />
      <LaunchNotice />
      <QueryView query={stats} rows={1}>
        {(s) => <Stats stats={s} />}
      </QueryView>
      <Card.Root bg="green.700" color="white" variant="subtle">
        <Card.Body>
          <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
            <Box>
              <Heading as="h2" size="lg">
                {t('student.dashboard.find.title')}
              </Heading>
              <Text>{t('student.dashboard.find.text')}</Text>
            </Box>
            <Button asChild bg="white" color="green.800" _hover={{ bg: 'green.50' }}>
              <Link to="/teachers">{t('student.dashboard.find.browse')}</Link>
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title={t('student.dashboard.upcoming.title')}>
          <QueryView query={bookings} isEmpty={(b) => upcoming(b, now).length === 0} empty={t('student.dashboard.upcoming.empty')}>
            {(b) => <LessonList bookings={upcoming(b, now)} viewer="student" />}
          </QueryView>
        </Panel>
        <Panel title={t('student.dashboard.packages.title')} actions={<Button asChild size="xs" variant="ghost"><Link to="/my-hours">{t('common.nav.myHours')}</Link></Button>}>
          <QueryView query={packages} isEmpty={(p) => p.length === 0} empty={t('student.dashboard.packages.empty')}>
            {(p) => <Packages packages={p} />}
          </QueryView>
        </Panel>
      </SimpleGrid>
      <Panel title={t('student.dashboard.lessons.title')} actions={<Button asChild size="xs" variant="ghost"><Link to="/lesson-registry">{t('student.dashboard.lessons.all')}</Link></Button>}>
        <QueryView query={bookings} isEmpty={(b) => b.length === 0} empty={t('student.dashboard.lessons.empty')}>
          {(b) => <LessonList bookings={[...b].sort((x, y) => Date.parse(y.startsAt) - Date.parse(x.startsAt)).slice(0, 10)} viewer="student" />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
