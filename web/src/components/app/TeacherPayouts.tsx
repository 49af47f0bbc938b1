import { Box, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TeacherPayouts as Payouts } from '@parliamo/domain/contracts/payouts';
import { queries } from '../../lib/queries.ts';
import { dateLabel, eurosFromCents, instantLabel, monthLabel } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { QueryView } from './states.tsx';

function PayoutsView({ p }: { p: Payouts }) {
  const zone = useDisplayTimeZone();
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Payable now
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="payable-now">
            {eurosFromCents(p.payableCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Earned (all time)
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {eurosFromCents(p.earnedCents)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Paid out (all time)
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {eurosFromCents(p.paidCents)}
          </Text>
        </Box>
      </SimpleGrid>
      {p.months.length === 0 ? (
        <Text color="fg.muted">Nothing earned yet: once a lesson is completed, your 76% shows here until the school pays it out.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64">
          <Table.Root size="sm" aria-label="Earned, paid and payable per month">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Month</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Earned</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Paid</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Payable at month end</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Statement</Table.ColumnHeader>
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
                      aria-label={`Statement for ${monthLabel(m.month, { month: 'long', year: 'numeric' })} (PDF)`}
                    >
                      Statement
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text as="h3" fontWeight="semibold">
        Payout history
      </Text>
      {p.payouts.length === 0 ? (
        <Text color="fg.muted">No payouts yet.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64">
          <Table.Root size="sm" aria-label="Payout history">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Paid on</Table.ColumnHeader>
                <Table.ColumnHeader>Period to</Table.ColumnHeader>
                <Table.ColumnHeader>Reference</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
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
  const payouts = useQuery(queries.teacherPayouts());
  return (
    <QueryView query={payouts} rows={2}>
      {(p) => <PayoutsView p={p} />}
    </QueryView>
  );
}
