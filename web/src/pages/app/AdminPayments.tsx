import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { eurosFromCents } from '../../lib/format.ts';
import { MONO } from '../../theme.ts';
import { queries } from '../../lib/queries.ts';

/** /admin/payments: every payment next to the hours it credited; mismatches flagged. */
export default function AdminPayments() {
  const payments = useQuery(queries.adminPayments());
  const users = useQuery(queries.adminUsers());
  const names = new Map((users.data ?? []).map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
  const nameOf = (id: string) => names.get(id) ?? id.slice(0, 8);
  return (
    <Stack gap="6">
      <AppPageHeader title="Payments" subtitle="Reconciliation: what each payment charged and the hours it credited." />
      <QueryView query={payments} isEmpty={(p) => p.length === 0} empty="No payments yet.">
        {(list) => {
          const flagged = list.filter((p) => p.flags.length > 0).length;
          return (
            <Stack gap="3">
              <Text aria-live="polite" fontWeight="medium" color={flagged ? 'red.700' : 'green.700'}>
                {flagged ? `${flagged} of ${list.length} payments need attention.` : `All ${list.length} payments reconciled.`}
              </Text>
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" aria-label="Payments">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Payment</Table.ColumnHeader>
                      <Table.ColumnHeader>Student</Table.ColumnHeader>
                      <Table.ColumnHeader>Teacher</Table.ColumnHeader>
                      <Table.ColumnHeader>Status</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Fee</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Hours bought</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Hours credited</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Refunded</Table.ColumnHeader>
                      <Table.ColumnHeader>Check</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {list.map((p) => (
                      <Table.Row key={p.paymentId} bg={p.flags.length ? 'red.50' : undefined} data-testid="payment-row">
                        <Table.Cell>
                          <Text fontFamily={MONO} fontSize="xs" title={p.paymentId}>
                            {p.paymentId.slice(0, 8)}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {p.provider}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>{nameOf(p.studentId)}</Table.Cell>
                        <Table.Cell>{nameOf(p.teacherId)}</Table.Cell>
                        <Table.Cell>{p.status}</Table.Cell>
                        <Table.Cell textAlign="end">{eurosFromCents(p.amountCents)}</Table.Cell>
                        <Table.Cell textAlign="end">{eurosFromCents(p.feeCents)}</Table.Cell>
                        <Table.Cell textAlign="end">{p.hours}</Table.Cell>
                        <Table.Cell textAlign="end">{p.hoursCredited}</Table.Cell>
                        <Table.Cell textAlign="end">{eurosFromCents(p.refundedCents)}</Table.Cell>
                        <Table.Cell>
                          {p.flags.length === 0 ? (
                            <Badge colorPalette="green">Reconciled</Badge>
                          ) : (
                            <HStack gap="1" wrap="wrap">
                              {p.flags.map((f) => (
                                <Badge key={f} colorPalette="red">
                                  {f}
                                </Badge>
                              ))}
                            </HStack>
                          )}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
