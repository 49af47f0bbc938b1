import { lazy, Suspense } from 'react';
import { Box, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { SCHOOL_COMMISSION_PERCENT, TEACHER_SHARE_PERCENT } from '@parliamo/domain/rules';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { MonthBars } from '../../components/app/charts.tsx';
import { LessonList } from '../../components/app/LessonList.tsx';
import { Panel, StatCard } from '../../components/app/Panel.tsx';
import { LoadingRows, QueryView } from '../../components/app/states.tsx';
import { dateLabel, eurosFromCents, hourLabel, monthLabel, romeDate } from '../../lib/format.ts';
import { upcoming } from '../../lib/lessons.ts';
import type { Earnings } from '../../components/app/types.ts';
import { queries } from '../../lib/queries.ts';

const TeacherPayouts = lazy(() => import('../../components/app/TeacherPayouts.tsx'));

/** This month's earnings with the 76/24 split, a bar per month (the last six), every completed lesson, all-time totals. */
function EarningsPanel({ earnings }: { earnings: Earnings }) {
  const thisMonth = romeDate(new Date()).slice(0, 7);
  const m = earnings.months.find((x) => x.month === thisMonth) ?? { month: thisMonth, grossCents: 0, teacherCents: 0, commissionCents: 0, lessons: 0 };
  const recent = [...earnings.months].sort((a, b) => a.month.localeCompare(b.month)).slice(-6);
  const allTime = earnings.lessons.reduce((sum, l) => sum + l.teacherEarningCents, 0);
  return (
    <Stack gap="4">
      <Text as="h3" fontWeight="semibold" data-testid="earnings-month">
        This month ({monthLabel(thisMonth, { month: 'long', year: 'numeric' })})
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            You earn ({TEACHER_SHARE_PERCENT}%)
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="earnings-teacher">
            {eurosFromCents(m.teacherCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            School commission ({SCHOOL_COMMISSION_PERCENT}%)
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {eurosFromCents(m.commissionCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Lessons given
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {m.lessons} ({eurosFromCents(m.grossCents)} in total)
          </Text>
        </Box>
      </SimpleGrid>
      {recent.length > 0 ? (
        <Box>
          <Text as="h3" fontWeight="semibold" mb="2">
            Per month (last {recent.length === 1 ? 'month' : `${recent.length} months`} with lessons)
          </Text>
          <Box maxW="2xl">
          <MonthBars title="Earnings per month" months={recent.map((x) => ({ label: monthLabel(x.month), teacher: x.teacherCents / 100, school: x.commissionCents / 100 }))} />
          </Box>
          <HStack gap="4" fontSize="sm" color="fg.muted">
            <HStack gap="1">
              <Box w="3" h="3" bg="#15803d" borderRadius="sm" /> <Text>You</Text>
            </HStack>
            <HStack gap="1">
              <Box w="3" h="3" bg="#86efac" borderRadius="sm" /> <Text>School</Text>
            </HStack>
          </HStack>
        </Box>
      ) : (
        <Text color="fg.muted">No lessons given yet: your earnings appear here once a lesson is completed.</Text>
      )}
      {earnings.lessons.length > 0 && (
        <Text as="h3" fontWeight="semibold" data-testid="earnings-all-time">
          All time: {eurosFromCents(allTime)} for {earnings.lessons.length} {earnings.lessons.length === 1 ? 'lesson' : 'lessons'}
        </Text>
      )}
      {earnings.lessons.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64">
          <Table.Root size="sm" aria-label="Completed lessons and earnings">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">You</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">School</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...earnings.lessons].sort((a, b) => b.date.localeCompare(a.date)).map((l) => (
                <Table.Row key={l.lessonId}>
                  <Table.Cell whiteSpace="nowrap">{dateLabel(l.date, { day: 'numeric', month: 'short', year: 'numeric' })}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(l.priceCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(l.teacherEarningCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(l.commissionCents)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** The teacher dashboard: Next Lesson, Total Students, upcoming lessons, earnings (spec "Screens and routes"). */
export default function TeacherDashboard() {
  const { user } = useAuth();
  const stats = useQuery(queries.dashboardStats());
  const bookings = useQuery(queries.bookings());
  const earnings = useQuery(queries.teacherEarnings());
  const now = new Date();
  return (
    <Stack gap="6">
      <AppPageHeader
        title={`Ciao, ${user?.firstName ?? ''}!`}
        subtitle="Your lessons, students and earnings."
        actions={
          <Button asChild variant="outline">
            <Link to="/teacher/profile">Edit Teacher Profile</Link>
          </Button>
        }
      />
      <QueryView query={stats} rows={1}>
        {(s) => (
          <SimpleGrid columns={2} gap={{ base: '3', md: '4' }}>
            <StatCard
              label="Next Lesson"
              value={s.nextLesson ? `${dateLabel(s.nextLesson.date, { day: 'numeric', month: 'short' })}, ${hourLabel(s.nextLesson.hour)}` : 'None'}
              help={s.nextLesson ? 'Rome time' : 'No lessons booked yet'}
            />
            <StatCard label="Total Students" value={s.totalStudents} />
          </SimpleGrid>
        )}
      </QueryView>
      <Stack gap="6">
        <Panel title="Upcoming Lessons" actions={<Button asChild size="xs" variant="ghost"><Link to="/lesson-registry">All lessons</Link></Button>}>
          <QueryView query={bookings} isEmpty={(b) => upcoming(b, now, 5).length === 0} empty="No upcoming lessons.">
            {(b) => <LessonList bookings={upcoming(b, now, 5)} viewer="teacher" />}
          </QueryView>
        </Panel>
        <Panel
          title="Earnings"
          actions={
            <Button asChild size="xs" variant="outline">
              <a href="/api/teacher/earnings?format=csv" download>
                Download CSV
              </a>
            </Button>
          }
        >
          <QueryView query={earnings} rows={2}>
            {(e) => <EarningsPanel earnings={e} />}
          </QueryView>
        </Panel>
        <Panel title="Payouts">
          <Suspense fallback={<LoadingRows rows={2} />}>
            <TeacherPayouts />
          </Suspense>
        </Panel>
      </Stack>
    </Stack>
  );
}
