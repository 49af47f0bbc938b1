import { Suspense, useState } from 'react';
import { Badge, Button, Field, HStack, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPayment, AdminPaymentPage } from '@parliamo/domain/contracts';
import { PAYMENT_STATUSES } from '@parliamo/domain/contracts/payments';
import { creditNoteUrl, receiptUrl } from '@parliamo/domain/contracts/receipts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { SelectField } from '../../../components/FormFields.tsx';
import { PageNav } from '../../../components/app/PageNav.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { paymentQueries, RefundDialog } from '../../payments/index.ts';
import { eurosFromCents, instantLabel } from '../../../lib/format.ts';
import { MONO } from '../../../theme.ts';
import { search as queryString } from '../../../lib/queries.ts';
import { adminQueries } from '../queries.ts';
import { usePagedFilter, useSearchText } from '../../../lib/use-query-params.ts';
import { useT } from '../../../lib/i18n.tsx';

const FILTERS = ['search', 'status', 'teacherId', 'from', 'to'] as const;

/** The refunds of a payment with who started each, and those Stripe has not confirmed yet. */
function RefundsCell({ p }: { p: AdminPayment }) {
  const t = useT();
  if (p.refunds.length === 0 && p.pendingRefunds.length === 0) return <Text>{eurosFromCents(p.refundedCents)}</Text>;
  return (
    <Stack gap="0" fontSize="xs" alignItems="flex-end">
      {p.refunds.map((r, i) => (
        <Text key={i} whiteSpace="nowrap" title={r.reason ?? undefined}>
          {r.source === 'admin'
            ? t('admin.payments.refundBy', { amount: eurosFromCents(r.amountCents), who: r.startedBy ?? t('admin.payments.anAdmin') })
            : t('admin.payments.refundByStripe', { amount: eurosFromCents(r.amountCents) })}
        </Text>
      ))}
      {p.pendingRefunds.map((r, i) => (
        <Text key={`pending-${i}`} whiteSpace="nowrap" color="orange.700">
          {t('admin.payments.refundPending', { amount: eurosFromCents(r.amountCents) })}
        </Text>
      ))}
    </Stack>
  );
}

/** The express request recorded with the payment (text version, language, instant) and a withdrawal with its refund's state. */
function ConsumerRights({ p }: { p: AdminPayment }) {
  const t = useT();
  return (
    <>
      {p.expressRequest && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="payment-express-request">
          {t('admin.payments.expressRequest', { version: p.expressRequest.version, language: p.expressRequest.language, at: instantLabel(p.expressRequest.requestedAt) })}
        </Text>
      )}
      {p.withdrawal && (
        <Badge colorPalette="purple" variant="surface" data-testid="payment-withdrawal" title={instantLabel(p.withdrawal.withdrawnAt)}>
          {t('admin.payments.withdrawal', { amount: eurosFromCents(p.withdrawal.refundCents), status: p.withdrawal.status })}
        </Badge>
      )}
    </>
  );
}

/** What a flag means, in words (the badge shows it). */
const FLAG_LABELS: Record<AdminPayment['flags'][number], string> = {
  paid_not_credited: 'admin.payments.flags.paidNotCredited',
  credited_without_payment: 'admin.payments.flags.creditedWithoutPayment',
  amount_mismatch: 'admin.payments.flags.amountMismatch',
  refund_mismatch: 'admin.payments.flags.refundMismatch',
  refund_debt: 'admin.payments.flags.refundDebt',
};

function PaymentsTable({ page, onRefund }: { page: AdminPaymentPage; onRefund: (p: AdminPayment) => void }) {
  const t = useT();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('admin.payments.table.region')}>
      <Table.Root size="sm" aria-label={t('admin.payments.table.label')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.payments.table.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.payments.table.payment')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.payments.table.student')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.payments.table.teacher')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.payments.table.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.payments.table.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.payments.table.fee')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.payments.table.hoursBought')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.payments.table.hoursCredited')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.payments.table.refunded')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.payments.table.check')}</Table.ColumnHeader>
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
                    {t('admin.payments.receipt', { number: p.receiptNumber })}
                  </Link>
                )}
                {p.hasCreditNote && (
                  <Link href={creditNoteUrl(p.paymentId)} fontSize="xs" color="green.800" textDecoration="underline" whiteSpace="nowrap" display="block">
                    {t('admin.payments.creditNote')}
                  </Link>
                )}
                <ConsumerRights p={p} />
              </Table.Cell>
              <Table.Cell>{p.studentName ?? p.studentId.slice(0, 8)}</Table.Cell>
              <Table.Cell>{p.teacherName ?? p.teacherId.slice(0, 8)}</Table.Cell>
              <Table.Cell>
                {t(`admin.payments.status.${p.status}`)}
              </Table.Cell>
              <Table.Cell textAlign="end">{eurosFromCents(p.amountCents)}</Table.Cell>
              <Table.Cell textAlign="end">{eurosFromCents(p.feeCents)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {p.trial && <Badge colorPalette="orange" variant="surface" me="1" data-testid="payment-trial">{t('admin.payments.trial')}</Badge>}
                {p.hours}
              </Table.Cell>
              <Table.Cell textAlign="end">{p.hoursCredited}</Table.Cell>
              <Table.Cell textAlign="end">
                <Stack gap="1" alignItems="flex-end">
                  <RefundsCell p={p} />
                  {p.refundableHours > 0 && (
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRefund(p)} aria-label={t('admin.payments.refundPayment', { id: p.paymentId.slice(0, 8) })}>
                      {t('admin.payments.refund')}
                    </Button>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell>
                {p.flags.length === 0 ? (
                  <Badge colorPalette="green">{t('admin.payments.reconciled')}</Badge>
                ) : (
                  <HStack gap="1" wrap="wrap">
                    {p.flags.map((f) => (
                      <Badge key={f} colorPalette="red" title={f}>
                        {t(FLAG_LABELS[f], { amount: eurosFromCents(p.debtCents) })}
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
  const t = useT();
  const balance = useQuery(adminQueries.adminLedgerBalance());
  const b = balance.data;
  if (!b) return null;
  const held = b.unusedHoursCents + b.expiredHoursCents;
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" data-testid="ledger-balance">
      <Text fontWeight="semibold" color={b.unaccountedCents === 0 ? 'green.700' : 'red.700'}>
        {b.unaccountedCents === 0
          ? t('admin.payments.balance.balanced', { paidIn: eurosFromCents(b.paidInCents) })
          : t('admin.payments.balance.unbalanced', { unaccounted: eurosFromCents(b.unaccountedCents), paidIn: eurosFromCents(b.paidInCents) })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('admin.payments.balance.parts', {
          teachers: eurosFromCents(b.teacherSharesCents),
          school: eurosFromCents(b.schoolSharesCents + b.forfeitedHoursCents),
          fees: eurosFromCents(b.feesKeptCents),
          refunded: eurosFromCents(b.refundedCents),
          held: eurosFromCents(held),
        })}
        {b.adjustedHoursCents !== 0 && t('admin.payments.balance.adjusted', { amount: eurosFromCents(b.adjustedHoursCents) })}
        {b.notCreditedCents !== 0 && t('admin.payments.balance.notCredited', { amount: eurosFromCents(b.notCreditedCents) })}
      </Text>
      {b.refundedBeyondHoursCents !== 0 && (
        <Text fontSize="sm" color="red.700">
          {t('admin.payments.balance.beyondHours', { amount: eurosFromCents(b.refundedBeyondHoursCents) })}
        </Text>
      )}
    </Stack>
  );
}

/** /admin/payments: payments filtered and paged on the server, each next to the hours it credited; mismatches flagged; CSV export. */
export default function AdminPayments() {
  const { filter, set, goTo, clear } = usePagedFilter(FILTERS);
  const [text, setText] = useSearchText(filter.search, set);
  const payments = useQuery({ ...paymentQueries.adminPayments(filter), placeholderData: keepPreviousData });
  const teachers = useQuery(adminQueries.adminTeachers());
  const { page: _page, ...exportFilter } = filter;
  const filtered = FILTERS.some((k) => filter[k]);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const t = useT();
  return (
    <Stack gap="6">
      {refunding && (
        <Suspense fallback={null}>
          <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
        </Suspense>
      )}
      <AppPageHeader
        title={t('admin.payments.title')}
        subtitle={t('admin.payments.subtitle')}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/admin/payments.csv${queryString(exportFilter)}`} download>
              {t('admin.payments.downloadCsv')}
            </a>
          </Button>
        }
      />
      <LedgerBalanceFigure />
      <Stack gap="3" as="form" role="search" aria-label={t('admin.payments.filter.form')} onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
          <Field.Root>
            <Field.Label>{t('admin.payments.filter.search')}</Field.Label>
            <Input type="search" value={text} placeholder={t('admin.payments.filter.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
          </Field.Root>
          <SelectField
            label={t('admin.payments.filter.status')}
            value={filter.status ?? ''}
            onChange={(status) => set({ status })}
            options={[{ value: '', label: t('admin.payments.filter.allStatuses') }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`admin.payments.status.${s}`) }))]}
          />
          <SelectField
            label={t('admin.payments.filter.teacher')}
            value={filter.teacherId ?? ''}
            onChange={(teacherId) => set({ teacherId })}
            options={[
              { value: '', label: t('admin.payments.filter.allTeachers') },
              ...(teachers.data ?? []).map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}` })),
            ]}
          />
          <Field.Root>
            <Field.Label>{t('admin.payments.filter.from')}</Field.Label>
            <Input type="date" value={filter.from ?? ''} max={filter.to} onChange={(e) => set({ from: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('admin.payments.filter.to')}</Field.Label>
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
            {t('admin.payments.filter.clear')}
          </Button>
        )}
      </Stack>
      <QueryView query={payments} isEmpty={(p) => p.total === 0} empty={t(filtered ? 'admin.payments.emptyFiltered' : 'admin.payments.empty')}>
        {(page) => {
          const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
          const { flagged } = page.summary;
          return (
            <Stack gap="3" aria-busy={payments.isFetching}>
              <Text aria-live="polite" fontWeight="medium" color={flagged ? 'red.700' : 'green.700'}>
                {flagged
                  ? t('admin.payments.summary.flagged', { flagged, total: page.total })
                  : t(filtered ? 'admin.payments.summary.allMatching' : 'admin.payments.summary.all', { total: page.total })}
              </Text>
              {page.payments.length > 0 ? <PaymentsTable page={page} onRefund={setRefunding} /> : <Text color="fg.muted">{t('admin.payments.emptyPage')}</Text>}
              <PageNav
                label={t('admin.payments.pages.label')}
                position={t('admin.payments.pages.position', { page: page.page, pages, total: page.total })}
                page={page.page}
                hasNext={page.page < pages}
                onPage={goTo}
              />
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
