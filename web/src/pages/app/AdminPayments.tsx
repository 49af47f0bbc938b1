import { useEffect, useState } from 'react';
import { Badge, Button, Field, HStack, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_STATUSES, type AdminPaymentPage } from '@parliamo/domain/contracts';
import { creditNoteUrl, receiptUrl } from '@parliamo/domain/contracts/receipts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { SelectField } from '../../components/FormFields.tsx';
import { QueryView } from '../../components/app/states.tsx';
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

function PaymentsTable({ page }: { page: AdminPaymentPage }) {
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
  return (
    <Stack gap="6">
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
              {page.payments.length > 0 ? <PaymentsTable page={page} /> : <Text color="fg.muted">No payments on this page.</Text>}
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
