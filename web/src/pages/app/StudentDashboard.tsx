import { Box, Button, Card, Flex, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { progressPercent } from '@parliamo/domain/rules';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { LaunchNotice } from '../../components/LaunchNotice.tsx';
import { LessonList } from '../../components/app/LessonList.tsx';
import { Panel, StatCard } from '../../components/app/Panel.tsx';
import { PurchaseButton } from '../../components/app/PurchaseButton.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, hourLabel, num, romeDate } from '../../lib/format.ts';
import { upcoming } from '../../lib/lessons.ts';
import type { DashboardStats, HourPackage } from '../../components/app/types.ts';
import { queries } from '../../lib/queries.ts';
import { monthsText, useSiteConfig } from '../../lib/site.ts';
import { bookingLinks } from '../../lib/packages.ts';

/** remaining / total x 100 (spec "Business constants and limits"). */
function packageProgress(p: HourPackage): number {
  return progressPercent(p.remainingHours, p.totalHours);
}

function Stats({ stats }: { stats: DashboardStats }) {
  const { validityMonths } = useSiteConfig();
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatCard label="Remaining Hours" value={num(stats.remainingHours)} help={`Use them within ${monthsText(validityMonths)}`} />
      <StatCard label="Lessons This Month" value={stats.lessonsThisMonth} />
      <StatCard
        label="Next Lesson"
        value={stats.nextLesson ? `${dateLabel(stats.nextLesson.date, { day: 'numeric', month: 'short' })}, ${hourLabel(stats.nextLesson.hour)}` : 'None'}
        help={stats.nextLesson ? `with ${stats.nextLesson.teacherName}` : 'Book one from a teacher'}
      />
    </SimpleGrid>
  );
}

function Packages({ packages }: { packages: HourPackage[] }) {
  // One "Book a lesson" per teacher, however many packages the student has with them.
  const book = bookingLinks(packages);
  return (
    <Stack gap="4">
      {packages.map((p) => (
        <Box key={p.id}>
          <Flex justify="space-between" gap="2" wrap="wrap" mb="1">
            <Text fontWeight="semibold">{p.teacherName}</Text>
            <Text data-testid="package-remaining">
              {num(p.remainingHours)} of {num(p.totalHours)} hours left
            </Text>
          </Flex>
          <Progress.Root value={packageProgress(p)} colorPalette="green" size="sm" aria-label={`${p.teacherName}: ${packageProgress(p)}% of hours left`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack justify="space-between" mt="1" gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              Expires {dateLabel(romeDate(p.expiresAt))}
            </Text>
            {book.has(p.id) && (
              <Button asChild size="xs" variant="outline">
                <Link to={`/book/${p.teacherId}`} aria-label={`Book a lesson with ${p.teacherName}`}>
                  Book a lesson
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
export const firstReads = () => [queries.dashboardStats(), queries.bookings(), queries.hourPackages()];

/** The student dashboard (spec "Screens and routes"). */
export default function StudentDashboard() {
  const { user } = useAuth();
  // The public teacher page sends students here with ?buy=<teacherId> to open the purchase dialog.
  const [params] = useSearchParams();
  const buy = params.get('buy') ?? undefined;
  const stats = useQuery(queries.dashboardStats());
  const bookings = useQuery(queries.bookings());
  const packages = useQuery(queries.hourPackages());
  const now = new Date();
  return (
    <Stack gap="6">
      <AppPageHeader title={`Ciao, ${user?.firstName ?? ''}!`} subtitle="Your lessons and hours at a glance." actions={
          <PurchaseButton teacherId={buy} defaultOpen={!!buy}>
            Buy Hours
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
                Find your next teacher
              </Heading>
              <Text>Native Italian teachers from Rome, one-hour lessons online.</Text>
            </Box>
            <Button asChild bg="white" color="green.800" _hover={{ bg: 'green.50' }}>
              <Link to="/teachers">Browse Teachers</Link>
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title="Upcoming Lessons">
          <QueryView query={bookings} isEmpty={(b) => upcoming(b, now).length === 0} empty="No upcoming lessons. Book one from your hour packages.">
            {(b) => <LessonList bookings={upcoming(b, now)} viewer="student" />}
          </QueryView>
        </Panel>
        <Panel title="Hour Packages" actions={<Button asChild size="xs" variant="ghost"><Link to="/my-hours">My Hours</Link></Button>}>
          <QueryView query={packages} isEmpty={(p) => p.length === 0} empty="No hour packages yet. Buy hours from a teacher to start.">
            {(p) => <Packages packages={p} />}
          </QueryView>
        </Panel>
      </SimpleGrid>
      <Panel title="My Lessons" actions={<Button asChild size="xs" variant="ghost"><Link to="/lesson-registry">All lessons</Link></Button>}>
        <QueryView query={bookings} isEmpty={(b) => b.length === 0} empty="You have no lessons yet.">
          {(b) => <LessonList bookings={[...b].sort((x, y) => Date.parse(y.startsAt) - Date.parse(x.startsAt)).slice(0, 10)} viewer="student" />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
