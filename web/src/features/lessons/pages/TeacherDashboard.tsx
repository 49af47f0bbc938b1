import { Suspense, type ReactNode } from 'react';
import { Box, Button, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SCHOOL_COMMISSION_PERCENT, TEACHER_SHARE_PERCENT } from '@parliamo/domain/rules';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../lib/auth.ts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { BAR_COLORS, Legend, MonthBars } from '../../../components/app/charts.tsx';
import { LessonList } from '../LessonList.tsx';
import { Panel, StatCard } from '../../../components/app/Panel.tsx';
import { LoadMore, LoadingRows, QueryView } from '../../../components/app/states.tsx';
import { dateLabel, eurosFromCents, hourLabel, monthLabel, romeDate } from '../../../lib/format.ts';
import { upcoming } from '../lessons.ts';
import type { Earnings } from '@parliamo/domain/contracts';
import { lessonQueries } from '../queries.ts';
import { TeacherPayouts } from '../../payouts/index.ts';
import { useT } from '../../../lib/i18n.tsx';

/**
 * This month's earnings with the 76/24 split, a bar per month (the last six), the completed lessons
 * loaded so far (`more` loads earlier ones), all-time totals.
 */
function EarningsPanel({ earnings, more }: { earnings: Earnings; more: ReactNode }) {
  const thisMonth = romeDate(new Date()).slice(0, 7);
  const m = earnings.months.find((x) => x.month === thisMonth) ?? { month: thisMonth, grossCents: 0, teacherCents: 0, commissionCents: 0, lessons: 0 };
  const recent = [...earnings.months].sort((a, b) => a.month.localeCompare(b.month)).slice(-6);
  const t = useT();
  const you = t('teacher.dashboard.earnings.you');
  const school = t('teacher.dashboard.earnings.school');
  return (
    <Stack gap="4">
      <Text as="h3" fontWeight="semibold" data-testid="earnings-month">
        {t('teacher.dashboard.earnings.thisMonth', { month: monthLabel(thisMonth, { month: 'long', year: 'numeric' }) })}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('teacher.dashboard.earnings.youEarn', { percent: TEACHER_SHARE_PERCENT })}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="earnings-teacher">
            {eurosFromCents(m.teacherCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('teacher.dashboard.earnings.commission', { percent: SCHOOL_COMMISSION_PERCENT })}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {eurosFromCents(m.commissionCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('teacher.dashboard.earnings.given')}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {t('teacher.dashboard.earnings.givenValue', { count: m.lessons, total: eurosFromCents(m.grossCents) })}
          </Text>
        </Box>
      </SimpleGrid>
      {recent.length > 0 ? (
        <Box>
          <Text as="h3" fontWeight="semibold" mb="2">
            {t('teacher.dashboard.earnings.perMonth', { count: recent.length })}
          </Text>
          <Box maxW="2xl">
          <MonthBars
            title={t('teacher.dashboard.earnings.chart')}
            months={recent.map((x) => ({ label: monthLabel(x.month), teacher: x.teacherCents / 100, school: x.commissionCents / 100 }))}
            names={[you, school]}
          />
          </Box>
          <Legend items={[[BAR_COLORS[0], you], [BAR_COLORS[1], school]]} />
        </Box>
      ) : (
        <Text color="fg.muted">{t('teacher.dashboard.earnings.none')}</Text>
      )}
      {earnings.lessons.length > 0 && (
        <Text as="h3" fontWeight="semibold" data-testid="earnings-all-time">
          {t('teacher.dashboard.earnings.allTime', { total: eurosFromCents(earnings.allTime.teacherCents), count: earnings.allTime.lessons })}
        </Text>
      )}
      {earnings.lessons.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64" tabIndex={0}>
          <Table.Root size="sm" aria-label={t('teacher.dashboard.earnings.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('teacher.dashboard.earnings.date')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.dashboard.earnings.price')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.dashboard.earnings.you')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.dashboard.earnings.school')}</Table.ColumnHeader>
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
      {earnings.lessons.length > 0 && more}
    </Stack>
  );
}

/** The teacher dashboard: Next Lesson, Total Students, upcoming lessons, earnings. */
export default function TeacherDashboard() {
  const { user } = useAuth();
  const stats = useQuery(lessonQueries.dashboardStats());
  const bookings = useQuery(lessonQueries.bookings());
  // The months and totals of the first page, the lessons of every page loaded.
  const earnings = useInfiniteQuery({
    ...lessonQueries.teacherEarnings(),
    select: (d) => ({ ...d.pages[0]!, lessons: d.pages.flatMap((p) => p.lessons) }),
  });
  const now = new Date();
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader
        title={t('teacher.dashboard.title', { firstName: user?.firstName ?? '' })}
        subtitle={t('teacher.dashboard.subtitle')}
        actions={
          <Button asChild variant="outline">
            <Link to="/teacher/profile">{t('teacher.dashboard.editProfile')}</Link>
          </Button>
        }
      />
      <QueryView query={stats} rows={1}>
        {(s) => (
          <SimpleGrid columns={2} gap={{ base: '3', md: '4' }}>
            <StatCard
              label={t('teacher.dashboard.next')}
              value={
                s.nextLesson
                  ? t('teacher.dashboard.nextWhen', { date: dateLabel(s.nextLesson.date, { day: 'numeric', month: 'short' }), time: hourLabel(s.nextLesson.hour) })
                  : t('teacher.dashboard.none')
              }
              help={s.nextLesson ? t('teacher.dashboard.romeTime') : t('teacher.dashboard.noneBooked')}
            />
            <StatCard label={t('teacher.dashboard.totalStudents')} value={s.totalStudents} />
          </SimpleGrid>
        )}
      </QueryView>
      <Stack gap="6">
        <Panel
          title={t('teacher.dashboard.upcoming.title')}
          actions={
            <Button asChild size="xs" variant="ghost">
              <Link to="/lesson-registry">{t('teacher.dashboard.upcoming.all')}</Link>
            </Button>
          }
        >
          <QueryView query={bookings} isEmpty={(b) => upcoming(b, now, 5).length === 0} empty={t('teacher.dashboard.upcoming.empty')}>
            {(b) => <LessonList bookings={upcoming(b, now, 5)} viewer="teacher" />}
          </QueryView>
        </Panel>
        <Panel
          title={t('teacher.dashboard.earnings.title')}
          actions={
            <Button asChild size="xs" variant="outline">
              <a href="/api/teacher/earnings?format=csv" download>
                {t('teacher.dashboard.earnings.csv')}
              </a>
            </Button>
          }
        >
          <QueryView query={earnings} rows={2}>
            {(e) => (
              <EarningsPanel
                earnings={e}
                more={
                  <LoadMore
                    label={t('teacher.dashboard.earnings.earlier')}
                    endText={t('teacher.dashboard.earnings.noEarlier')}
                    onLoad={() => void earnings.fetchNextPage()}
                    loading={earnings.isFetchingNextPage}
                    ended={!earnings.hasNextPage}
                    error={earnings.isFetchNextPageError ? earnings.error : undefined}
                  />
                }
              />
            )}
          </QueryView>
        </Panel>
        <Panel title={t('teacher.dashboard.payouts')}>
          <Suspense fallback={<LoadingRows rows={2} />}>
            <TeacherPayouts />
          </Suspense>
        </Panel>
      </Stack>
    </Stack>
  );
}
