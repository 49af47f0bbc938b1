import { Box, Button, Field, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SCHOOL_COMMISSION_PERCENT, TEACHER_SHARE_PERCENT } from '@parliamo/domain/rules';
import type { Analytics } from '@parliamo/domain/contracts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { MonthBars } from '../../components/app/charts.tsx';
import { Panel, StatCard } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { eurosFromCents, monthLabel } from '../../lib/format.ts';
import { queries } from '../../lib/queries.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';

const count = (v: number) => v.toLocaleString('en-GB');
const euro = (v: number) => `€${v.toLocaleString('en-GB', { maximumFractionDigits: 0 })}`;

function Legend({ items }: { items: [string, string][] }) {
  return (
    <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
      {items.map(([color, name]) => (
        <HStack key={name} gap="1">
          <Box w="3" h="3" bg={color} borderRadius="sm" /> <Text>{name}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

function Figures({ a }: { a: Analytics }) {
  const t = a.totals;
  const bars = (pick: (m: Analytics['months'][number]) => number, second: (m: Analytics['months'][number]) => number = () => 0) =>
    a.months.map((m) => ({ label: monthLabel(m.month), teacher: pick(m), school: second(m) }));
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
        <StatCard label="Hours sold" value={count(t.hoursSold)} />
        <StatCard label="Lessons given" value={count(t.lessonsGiven)} help={`worth ${eurosFromCents(t.lessonValueCents)}`} />
        <StatCard label="Revenue" value={eurosFromCents(t.revenueCents)} help={`refunds ${eurosFromCents(t.refundedCents)}`} />
        <StatCard
          label={`School's ${SCHOOL_COMMISSION_PERCENT} %`}
          value={eurosFromCents(t.schoolCommissionCents)}
          help={`plus ${eurosFromCents(t.feeCents)} in fees`}
        />
        <StatCard label="Active students" value={count(t.activeStudents)} help="with a lesson given" />
        <StatCard label="Active teachers" value={count(t.activeTeachers)} help="who gave a lesson" />
        <StatCard label="Cancellations" value={count(t.cancellations)} help={`${t.cancellationsByStudents} by students`} />
        <StatCard label="Hours expired" value={count(t.hoursExpired)} help={`in ${t.packagesExpired} ${t.packagesExpired === 1 ? 'package' : 'packages'}`} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title="Hours sold">
          <MonthBars title="Hours sold per month" months={bars((m) => m.hoursSold)} names={['Hours sold', '']} format={count} />
        </Panel>
        <Panel title="Lessons given">
          <MonthBars title="Lessons given per month" months={bars((m) => m.lessonsGiven)} names={['Lessons given', '']} format={count} />
        </Panel>
        <Panel title="Revenue">
          <MonthBars title="Revenue per month" months={bars((m) => m.revenueCents / 100)} names={['Revenue', '']} format={euro} />
        </Panel>
        <Panel title="Lesson value and its split">
          <MonthBars
            title="Value of the lessons given per month"
            months={bars((m) => m.teacherEarningsCents / 100, (m) => m.schoolCommissionCents / 100)}
            names={[`Teachers ${TEACHER_SHARE_PERCENT} %`, `School ${SCHOOL_COMMISSION_PERCENT} %`]}
            format={euro}
          />
          <Legend items={[['#15803d', `Teachers (${TEACHER_SHARE_PERCENT} %)`], ['#86efac', `School (${SCHOOL_COMMISSION_PERCENT} %)`]]} />
        </Panel>
      </SimpleGrid>
      <Panel title="Month by month">
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Figures per month table">
          <Table.Root size="sm" aria-label="Figures per month">
            <Table.Header>
              <Table.Row>
                {['Month', 'Hours sold', 'Lessons given', 'Revenue', 'Refunds', `School ${SCHOOL_COMMISSION_PERCENT} %`, 'Fees', 'Active students', 'Active teachers', 'Cancellations', 'Hours expired'].map(
                  (h, i) => (
                    <Table.ColumnHeader key={h} textAlign={i ? 'end' : undefined} whiteSpace="nowrap">
                      {h}
                    </Table.ColumnHeader>
                  ),
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...a.months].reverse().map((m) => (
                <Table.Row key={m.month}>
                  <Table.Cell whiteSpace="nowrap">{monthLabel(m.month)}</Table.Cell>
                  {[
                    count(m.hoursSold), count(m.lessonsGiven), eurosFromCents(m.revenueCents), eurosFromCents(m.refundedCents),
                    eurosFromCents(m.schoolCommissionCents), eurosFromCents(m.feeCents), count(m.activeStudents), count(m.activeTeachers),
                    count(m.cancellations), count(m.hoursExpired),
                  ].map((v, i) => (
                    <Table.Cell key={i} textAlign="end">
                      {v}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Panel>
    </Stack>
  );
}

const nothing = (a: Analytics) => Object.values(a.totals).every((v) => v === 0);

/** /admin/analytics: hours, lessons, money, active people, cancellations and expiries per Rome month. */
export default function AdminAnalytics() {
  const [params, change] = useQueryParams();
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const analytics = useQuery({ ...queries.adminAnalytics(range), placeholderData: keepPreviousData });
  const set = (k: 'from' | 'to', v: string) => change({ [k]: v });
  const shown = analytics.data;
  return (
    <Stack gap="6">
      <AppPageHeader title="Analytics" subtitle="The school month by month (calendar months in Rome time)." />
      <HStack as="form" role="search" aria-label="Months shown" gap="3" align="end" wrap="wrap" onSubmit={(e) => e.preventDefault()}>
        <Field.Root width="auto">
          <Field.Label>From month</Field.Label>
          <Input type="month" value={range.from ?? shown?.from ?? ''} max={range.to} onChange={(e) => set('from', e.target.value)} />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>To month</Field.Label>
          <Input type="month" value={range.to ?? shown?.to ?? ''} min={range.from} onChange={(e) => set('to', e.target.value)} />
        </Field.Root>
        {(range.from || range.to) && (
          <Button variant="ghost" onClick={() => change(null)}>
            Last 12 months
          </Button>
        )}
      </HStack>
      <QueryView query={analytics} rows={4} isEmpty={nothing} empty="Nothing happened in these months: no hours sold, lessons, cancellations or expiries.">
        {(a) => <Figures a={a} />}
      </QueryView>
    </Stack>
  );
}
