import { Box, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TeacherPayouts as Payouts } from '@parliamo/domain/contracts/payouts';
import { payoutQueries } from './queries.ts';
import { dateLabel, eurosFromCents, instantLabel, monthLabel } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { QueryView } from '../../components/app/states.tsx';
import { TEACHER_SHARE_PERCENT } from '@parliamo/domain/rules';
import { useT } from '../../lib/i18n.tsx';

function PayoutsView({ p }: { p: Payouts }) {
  const zone = useDisplayTimeZone();
  const t = useT();
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('teacher.payouts.payableNow')}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="payable-now">
            {eurosFromCents(p.payableCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('teacher.payouts.earnedAllTime')}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {eurosFromCents(p.earnedCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('teacher.payouts.paidAllTime')}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {eurosFromCents(p.paidCents)}
          </Text>
        </Box>
      </SimpleGrid>
      {p.months.length === 0 ? (
        <Text color="fg.muted">{t('teacher.payouts.nothing', { percent: TEACHER_SHARE_PERCENT })}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64" tabIndex={0}>
          <Table.Root size="sm" aria-label={t('teacher.payouts.months.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('teacher.payouts.months.month')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.payouts.months.earned')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.payouts.months.paid')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.payouts.months.payable')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.payouts.statement')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {p.months.map((m) => (
                <Table.Row key={m.month}>
                  <Table.Cell whiteSpace="nowrap">{monthLabel(m.month, { month: 'long', year: 'numeric' })}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(m.earnedCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(m.paidCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(m.payableCents)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {/* GET /api/teacher/statements/:month.pdf: a plain link, the browser opens the PDF. */}
                    <Link
                      href={`/api/teacher/statements/${m.month}.pdf`}
                      target="_blank"
                      rel="noopener"
                      color="green.700"
                      fontWeight="medium"
                      aria-label={t('teacher.payouts.statementFor', { month: monthLabel(m.month, { month: 'long', year: 'numeric' }) })}
                    >
                      {t('teacher.payouts.statement')}
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text as="h3" fontWeight="semibold">
        {t('teacher.payouts.history.title')}
      </Text>
      {p.payouts.length === 0 ? (
        <Text color="fg.muted">{t('teacher.payouts.history.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64" tabIndex={0}>
          <Table.Root size="sm" aria-label={t('teacher.payouts.history.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('teacher.payouts.history.paidOn')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('teacher.payouts.history.periodTo')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('teacher.payouts.history.reference')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('teacher.payouts.history.amount')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {p.payouts.map((x) => (
                <Table.Row key={x.id}>
                  <Table.Cell whiteSpace="nowrap">{instantLabel(x.recordedAt, zone)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateLabel(x.periodEnd, { day: 'numeric', month: 'short', year: 'numeric' })}</Table.Cell>
                  <Table.Cell overflowWrap="anywhere">{x.reference}</Table.Cell>
                  <Table.Cell textAlign="end">{eurosFromCents(x.amountCents)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** The teacher's payable balance, per month, and the payouts the school recorded (lazily loaded on the dashboard). */
export default function TeacherPayouts() {
  const payouts = useQuery(payoutQueries.teacherPayouts());
  return (
    <QueryView query={payouts} rows={2}>
      {(p) => <PayoutsView p={p} />}
    </QueryView>
  );
}
