import { Badge, Box, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { StepChart } from '../../components/app/charts.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { PurchaseButton } from '../../components/app/PurchaseButton.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, num, romeDate, timeLabel } from '../../lib/format.ts';
import type { HistoryEntry, HourPackage } from '../../components/app/types.ts';
import { queries } from '../../lib/queries.ts';

const causeLabel: Record<HistoryEntry['cause'], string> = {
  purchase: 'Bought',
  booked: 'Lesson booked',
  refunded: 'Refunded (lesson cancelled)',
  completed: 'Lesson given',
  expired: 'Expired',
  adjusted: 'Adjusted by the school',
  revoked: 'Revoked (payment refunded)',
};

/** What one ledger entry means for a person. */
export function describeEntry(e: HistoryEntry): string {
  const base = causeLabel[e.cause] ?? e.cause;
  return e.reason ? `${base}: ${e.reason}` : base;
}

function History({ entries }: { entries: HistoryEntry[] }) {
  const points = entries.map((e) => ({ at: e.at, value: e.balanceAfter, label: dateLabel(romeDate(e.at), { day: 'numeric', month: 'short' }) }));
  const last = points[points.length - 1];
  const now = new Date().toISOString();
  // The balance holds until now: draw it up to today.
  if (last && last.at < now) points.push({ at: now, value: last.value, label: 'Today' });
  return (
    <Stack gap="4">
      <Box>
        <Text fontWeight="medium" mb="1">
          Balance over time
        </Text>
        <StepChart points={points} title="Hours left over time" unit="hours" />
      </Box>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label="Package history" css={{ '& td, & th': { px: { base: '2', md: '3' } } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>What happened</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Hours left</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((e) => (
              <Table.Row key={e.eventId} data-cause={e.cause}>
                <Table.Cell>
                  <Text whiteSpace="nowrap">{dateLabel(romeDate(e.at), { day: 'numeric', month: 'short', year: 'numeric' })}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {timeLabel(e.at)}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="normal">{describeEntry(e)}</Table.Cell>
                <Table.Cell textAlign="end" color={e.delta < 0 ? 'red.700' : e.delta > 0 ? 'green.700' : undefined}>
                  {e.delta > 0 ? `+${e.delta}` : e.delta}
                </Table.Cell>
                <Table.Cell textAlign="end">{e.balanceAfter}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/** One package with its full history (every hour's source and fate) and its balance chart. */
export function PackageCard({ pkg }: { pkg: HourPackage }) {
  const history = useQuery(queries.packageHistory(pkg.id));
  return (
    <Panel title={pkg.teacherName} actions={<Badge colorPalette={pkg.status === 'active' ? 'green' : 'gray'}>{pkg.status}</Badge>}>
      <Stack gap="4">
        <Flex gap={{ base: '3', md: '8' }} wrap="wrap">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Hours left
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-testid="package-remaining">
              {num(pkg.remainingHours)} of {num(pkg.totalHours)}
            </Text>
          </Box>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Bought
            </Text>
            <Text fontWeight="medium">{dateLabel(romeDate(pkg.purchasedAt))}</Text>
          </Box>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Expires
            </Text>
            <Text fontWeight="medium">{dateLabel(romeDate(pkg.expiresAt))}</Text>
          </Box>
        </Flex>
        <QueryView query={history} isEmpty={(h) => h.entries.length === 0} empty="No history yet.">
          {(h) => <History entries={h.entries} />}
        </QueryView>
      </Stack>
    </Panel>
  );
}

/** /my-hours: each package, its history and its balance over time. */
export default function MyHours() {
  const packages = useQuery(queries.hourPackages());
  return (
    <Stack gap="6">
      <AppPageHeader title="My Hours" subtitle="Every hour you bought, where it went, and what is left. Hours must be used within 6 months of purchase." actions={<PurchaseButton>Buy Hours</PurchaseButton>} />
      <QueryView query={packages} isEmpty={(p) => p.length === 0} empty="No hour packages yet." rows={2}>
        {(list) => (
          <Stack gap="6">
            {list.map((p) => (
              <PackageCard key={p.id} pkg={p} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
