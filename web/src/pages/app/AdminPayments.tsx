import { useEffect, useState } from 'react';
import { Badge, Button, Field, HStack, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_STATUSES, type AdminPayment, type AdminPaymentPage } from '@parliamo/domain/contracts';
import { creditNoteUrl, receiptUrl } from '@parliamo/domain/contracts/receipts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { SelectField } from '../../components/FormFields.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { RefundDialog } from '../../components/app/RefundDialog.tsx';
import { eurosFromCents, instantLabel } from '../../lib/format.ts';
import { MONO } from '../../theme.ts';
import { queries, search as queryString, type AdminPaymentFilter } from '../../lib/queries.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';

const FILTERS = ['search', 'status', 'teacherId', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];

/** The filters and page in the address bar: a filtered list can be bookmarked, shared and reloaded. */
function useFilters() {
  const [params, change] = useQueryParams();
  const filter: AdminPaymentFilter = {};
  for (const k of [...FILTERS, 'page'] as const) {
    const v = params.get(k);
    if (v) filter[k] = v;
  }
  // A new filter starts again from the first page.
  const set = (changes: Partial<Record<FilterName | 'page', string>>) => change('page' in changes ? changes : { ...changes, page: undefined });
  return { filter, set, clear: () => change(null) };
}

/** The refunds of a payment with who started each, and those Stripe has not confirmed yet. */
function RefundsCell({ p }: { p: AdminPayment }) {
  if (p.refunds.length === 0 && p.pendingRefunds.length === 0) return <Text>{eurosFromCents(p.refundedCents)}</Text>;
  return (
    <Stack gap="0" fontSize="xs" alignItems="flex-end">
      {p.refunds.map((r, i) => (
        <Text key={i} whiteSpace="nowrap" title={r.reason ?? undefined}>
          {eurosFromCents(r.amountCents)} by {r.source === 'admin' ? (r.startedBy ?? 'an admin') : 'Stripe'}
        </Text>
      ))}
      {p.pendingRefunds.map((r, i) => (
        <Text key={`pending-${i}`} whiteSpace="nowrap" color="orange.700">
          {eurosFromCents(r.amountCents)} waiting for Stripe
        </Text>
      ))}
    </Stack>
  );
}

/** What a flag means, in words (the badge shows it). */
const FLAG_LABELS: Record<AdminPayment['flags'][number], string> = {
  paid_not_credited: 'Paid, no hours credited',
  credited_without_payment: 'Hours without payment',
  amount_mismatch: 'Amount mismatch',
  refund_mismatch: 'Refund does not match hours removed',
};

function PaymentsTable({ page, onRefund }: { page: AdminPaymentPage; onRefund: (p: AdminPayment) => void }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Payments table">
      <Table.Root size="sm" aria-label="Payments">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date (Rome)</Table.ColumnHeader>
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
          {page.payments.map((p) => (
            <Table.Row key={p.paymentId} bg={p.flags.length ? 'red.50' : undefined} data-testid="payment-row">
              <Table.Cell whiteSpace="nowrap">{p.startedAt ? instantLabel(p.startedAt) : '–'}</Table.Cell>
              <Table.Cell>
                <Text fontFamily={MONO} fontSize="xs" title={p.paymentId}>
                  {p.paymentId.slice(0, 8)}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {p.provider}
                </Text>
                {p.receiptNumber && (
                  <Link href={receiptUrl(p.paymentId)} fontSize="xs" color="green.800" textDecoration="underline" whiteSpace="nowrap" display="block">
                    Receipt {p.receiptNumber}
                  </Link>
                )}
                {p.hasCreditNote && (
                  <Link href={creditNoteUrl(p.paymentId)} fontSize="xs" color="green.800" textDecoration="underline" whiteSpace="nowrap" display="block">
                    Credit note
                  </Link>
                )}
              </Table.Cell>
              <Table.Cell>{p.studentName ?? p.studentId.slice(0, 8)}</Table.Cell>
              <Table.Cell>{p.teacherName ?? p.teacherId.slice(0, 8)}</Table.Cell>
              <Table.Cell>{p.status}</Table.Cell>
              <Table.Cell textAlign="end">{eurosFromCents(p.amountCents)}</Table.Cell>
              <Table.Cell textAlign="end">{eurosFromCents(p.feeCents)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {p.trial && <Badge colorPalette="orange" variant="surface" me="1" data-testid="payment-trial">Trial</Badge>}
                {p.hours}
              </Table.Cell>
              <Table.Cell textAlign="end">{p.hoursCredited}</Table.Cell>
              <Table.Cell textAlign="end">
                <Stack gap="1" alignItems="flex-end">
                  <RefundsCell p={p} />
                  {p.refundableHours > 0 && (
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRefund(p)} aria-label={`Refund payment ${p.paymentId.slice(0, 8)}`}>
                      Refund
                    </Button>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell>
                {p.flags.length === 0 ? (
                  <Badge colorPalette="green">Reconciled</Badge>
                ) : (
                  <HStack gap="1" wrap="wrap">
                    {p.flags.map((f) => (
                      <Badge key={f} colorPalette="red" title={f}>
                        {FLAG_LABELS[f]}
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
  );
}

/** Where every cent paid in is now (GET /api/admin/ledger-balance): 0 unaccounted when the books balance. */
function LedgerBalanceFigure() {
  const balance = useQuery(queries.adminLedgerBalance());
  const b = balance.data;
  if (!b) return null;
  const held = b.unusedHoursCents + b.expiredHoursCents;
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" data-testid="ledger-balance">
      <Text fontWeight="semibold" color={b.unaccountedCents === 0 ? 'green.700' : 'red.700'}>
        Ledger balance:{' '}
        {b.unaccountedCents === 0
          ? `every cent of ${eurosFromCents(b.paidInCents)} paid in is accounted for.`
          : `${eurosFromCents(b.unaccountedCents)} of ${eurosFromCents(b.paidInCents)} paid in is not accounted for.`}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Teachers {eurosFromCents(b.teacherSharesCents)} · School {eurosFromCents(b.schoolSharesCents + b.forfeitedHoursCents)} · Fees kept{' '}
        {eurosFromCents(b.feesKeptCents)} · Refunded {eurosFromCents(b.refundedCents)} · Unused and expired hours {eurosFromCents(held)}
        {b.adjustedHoursCents !== 0 && ` · Adjusted by admins ${eurosFromCents(b.adjustedHoursCents)}`}
        {b.notCreditedCents !== 0 && ` · Paid, not credited ${eurosFromCents(b.notCreditedCents)}`}
      </Text>
      {b.refundedBeyondHoursCents !== 0 && (
        <Text fontSize="sm" color="red.700">
          {eurosFromCents(b.refundedBeyondHoursCents)} refunded beyond the hours the refunds removed (see the flagged payments).
        </Text>
      )}
    </Stack>
  );
}

/** /admin/payments: payments filtered and paged on the server, each next to the hours it credited; mismatches flagged; CSV export. */
export default function AdminPayments() {
  const { filter, set, clear } = useFilters();
  const [text, setText] = useState(filter.search ?? '');
  const typed = useDebounced(text.trim(), 300);
  useEffect(() => {
    if (typed !== (filter.search ?? '')) set({ search: typed });
    // Only the typed text drives this; the address bar's own changes do not.
  }, [typed]);
  const payments = useQuery({ ...queries.adminPayments(filter), placeholderData: keepPreviousData });
  const teachers = useQuery(queries.adminUsers({ role: 'teacher' }));
  const { page: _page, ...exportFilter } = filter;
  const filtered = FILTERS.some((k) => filter[k]);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  return (
    <Stack gap="6">
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
      <AppPageHeader
        title="Payments"
        subtitle="Reconciliation: what each payment charged and the hours it credited. Dates are Rome time."
        actions={
          <Button asChild variant="outline">
            <a href={`/api/admin/payments.csv${queryString(exportFilter)}`} download>
              Download CSV
            </a>
          </Button>
        }
      />
      <LedgerBalanceFigure />
      <Stack gap="3" as="form" role="search" aria-label="Filter payments" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
          <Field.Root>
            <Field.Label>Search</Field.Label>
            <Input type="search" value={text} placeholder="Name, email or payment id" onChange={(e) => setText(e.target.value)} />
          </Field.Root>
          <SelectField
            label="Status"
            value={filter.status ?? ''}
            onChange={(status) => set({ status })}
            options={[{ value: '', label: 'All statuses' }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: s }))]}
          />
          <SelectField
            label="Teacher"
            value={filter.teacherId ?? ''}
            onChange={(teacherId) => set({ teacherId })}
            options={[
              { value: '', label: 'All teachers' },
              ...(teachers.data ?? []).map((t) => ({ value: t.id, label: `${t.firstName} ${t.lastName}` })),
            ]}
          />
          <Field.Root>
            <Field.Label>From</Field.Label>
            <Input type="date" value={filter.from ?? ''} max={filter.to} onChange={(e) => set({ from: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>To</Field.Label>
            <Input type="date" value={filter.to ?? ''} min={filter.from} onChange={(e) => set({ to: e.target.value })} />
          </Field.Root>
        </SimpleGrid>
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            alignSelf="flex-start"
            onClick={() => {
              setText('');
              clear();
            }}
          >
            Clear filters
          </Button>
        )}
      </Stack>
      <QueryView query={payments} isEmpty={(p) => p.total === 0} empty={filtered ? 'No payments match these filters.' : 'No payments yet.'}>
        {(page) => {
          const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
          const { flagged } = page.summary;
          return (
            <Stack gap="3" aria-busy={payments.isFetching}>
              <Text aria-live="polite" fontWeight="medium" color={flagged ? 'red.700' : 'green.700'}>
                {flagged
                  ? `${flagged} of ${page.total} payments need attention.`
                  : `All ${page.total} ${filtered ? 'matching ' : ''}payments reconciled.`}
              </Text>
              {page.payments.length > 0 ? <PaymentsTable page={page} onRefund={setRefunding} /> : <Text color="fg.muted">No payments on this page.</Text>}
              <HStack justify="space-between" wrap="wrap" gap="2" as="nav" aria-label="Pages of payments">
                <Text fontSize="sm" color="fg.muted">
                  Page {page.page} of {pages} ({page.total} payments)
                </Text>
                <HStack gap="2">
                  <Button size="sm" variant="outline" disabled={page.page <= 1} onClick={() => set({ page: String(page.page - 1) })}>
                    Previous
                  </Button>
                  <Button size="sm" variant="outline" disabled={page.page >= pages} onClick={() => set({ page: String(page.page + 1) })}>
                    Next
                  </Button>
                </HStack>
              </HStack>
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
