import { Button, Field, HStack, Input, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SCHOOL_COMMISSION_PERCENT, TEACHER_SHARE_PERCENT } from '@parliamo/domain/rules';
import type { Analytics } from '@parliamo/domain/contracts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { BAR_COLORS, Legend, MonthBars } from '../../../components/app/charts.tsx';
import { Panel, StatCard } from '../../../components/app/Panel.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { eurosFromCents, monthLabel } from '../../../lib/format.ts';
import { adminQueries } from '../queries.ts';
import { useQueryParams } from '../../../lib/use-query-params.ts';
import { useT } from '../../../lib/i18n.tsx';
import { currentLocale, intlLocale } from '../../../lib/i18n-store.ts';

const count = (v: number) => v.toLocaleString(intlLocale());
// Whole euros on the charts: "€1,234" in English, "1.234 €" in Italian.
const euro = (v: number) =>
  currentLocale() === 'en'
    ? `€${v.toLocaleString('en-GB', { maximumFractionDigits: 0 })}`
    : v.toLocaleString(intlLocale(), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

function Figures({ a }: { a: Analytics }) {
  const totals = a.totals;
  const t = useT();
  const school = t('admin.analytics.schoolShare', { percent: SCHOOL_COMMISSION_PERCENT });
  const bars = (pick: (m: Analytics['months'][number]) => number, second: (m: Analytics['months'][number]) => number = () => 0) =>
    a.months.map((m) => ({ label: monthLabel(m.month), teacher: pick(m), school: second(m) }));
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
        <StatCard label={t('admin.analytics.hoursSold')} value={count(totals.hoursSold)} />
        <StatCard label={t('admin.analytics.lessonsGiven')} value={count(totals.lessonsGiven)} help={t('admin.analytics.worth', { amount: eurosFromCents(totals.lessonValueCents) })} />
        <StatCard label={t('admin.analytics.revenue')} value={eurosFromCents(totals.revenueCents)} help={t('admin.analytics.refundsHelp', { amount: eurosFromCents(totals.refundedCents) })} />
        <StatCard
          label={t('admin.analytics.schoolsShare', { percent: SCHOOL_COMMISSION_PERCENT })}
          value={eurosFromCents(totals.schoolCommissionCents)}
          help={t('admin.analytics.plusFees', { amount: eurosFromCents(totals.feeCents) })}
        />
        <StatCard label={t('admin.analytics.activeStudents')} value={count(totals.activeStudents)} help={t('admin.analytics.activeStudentsHelp')} />
        <StatCard label={t('admin.analytics.activeTeachers')} value={count(totals.activeTeachers)} help={t('admin.analytics.activeTeachersHelp')} />
        <StatCard label={t('admin.analytics.cancellations')} value={count(totals.cancellations)} help={t('admin.analytics.byStudents', { count: totals.cancellationsByStudents })} />
        <StatCard label={t('admin.analytics.hoursExpired')} value={count(totals.hoursExpired)} help={t('admin.analytics.inPackages', { count: totals.packagesExpired })} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title={t('admin.analytics.hoursSold')}>
          <MonthBars title={t('admin.analytics.hoursSoldPerMonth')} months={bars((m) => m.hoursSold)} names={[t('admin.analytics.hoursSold'), '']} format={count} />
        </Panel>
        <Panel title={t('admin.analytics.lessonsGiven')}>
          <MonthBars title={t('admin.analytics.lessonsGivenPerMonth')} months={bars((m) => m.lessonsGiven)} names={[t('admin.analytics.lessonsGiven'), '']} format={count} />
        </Panel>
        <Panel title={t('admin.analytics.revenue')}>
          <MonthBars title={t('admin.analytics.revenuePerMonth')} months={bars((m) => m.revenueCents / 100)} names={[t('admin.analytics.revenue'), '']} format={euro} />
        </Panel>
        <Panel title={t('admin.analytics.split')}>
          <MonthBars
            title={t('admin.analytics.splitPerMonth')}
            months={bars((m) => m.teacherEarningsCents / 100, (m) => m.schoolCommissionCents / 100)}
            names={[t('admin.analytics.teachersShare', { percent: TEACHER_SHARE_PERCENT }), school]}
            format={euro}
          />
          <Legend
            items={[
              [BAR_COLORS[0], t('admin.analytics.teachersLegend', { percent: TEACHER_SHARE_PERCENT })],
              [BAR_COLORS[1], t('admin.analytics.schoolLegend', { percent: SCHOOL_COMMISSION_PERCENT })],
            ]}
          />
        </Panel>
      </SimpleGrid>
      <Panel title={t('admin.analytics.monthByMonth')}>
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('admin.analytics.table.region')}>
          <Table.Root size="sm" aria-label={t('admin.analytics.table.label')}>
            <Table.Header>
              <Table.Row>
                {[
                  t('admin.analytics.table.month'),
                  t('admin.analytics.hoursSold'),
                  t('admin.analytics.lessonsGiven'),
                  t('admin.analytics.revenue'),
                  t('admin.analytics.table.refunds'),
                  school,
                  t('admin.analytics.table.fees'),
                  t('admin.analytics.activeStudents'),
                  t('admin.analytics.activeTeachers'),
                  t('admin.analytics.cancellations'),
                  t('admin.analytics.hoursExpired'),
                ].map(
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
  const analytics = useQuery({ ...adminQueries.adminAnalytics(range), placeholderData: keepPreviousData });
  const set = (k: 'from' | 'to', v: string) => change({ [k]: v });
  const shown = analytics.data;
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.analytics.title')} subtitle={t('admin.analytics.subtitle')} />
      <HStack as="form" role="search" aria-label={t('admin.analytics.range.label')} gap="3" align="end" wrap="wrap" onSubmit={(e) => e.preventDefault()}>
        <Field.Root width="auto">
          <Field.Label>{t('admin.analytics.range.from')}</Field.Label>
          <Input type="month" value={range.from ?? shown?.from ?? ''} max={range.to} onChange={(e) => set('from', e.target.value)} />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('admin.analytics.range.to')}</Field.Label>
          <Input type="month" value={range.to ?? shown?.to ?? ''} min={range.from} onChange={(e) => set('to', e.target.value)} />
        </Field.Root>
        {(range.from || range.to) && (
          <Button variant="ghost" onClick={() => change(null)}>
            {t('admin.analytics.range.last12')}
          </Button>
        )}
      </HStack>
      <QueryView query={analytics} rows={4} isEmpty={nothing} empty={t('admin.analytics.empty')}>
        {(a) => <Figures a={a} />}
      </QueryView>
    </Stack>
  );
}
