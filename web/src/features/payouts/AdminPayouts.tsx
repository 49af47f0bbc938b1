import { useState } from 'react';
import { Button, Dialog, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { payoutFormSchema, type PayoutBody, type PayoutFormInput, type TeacherBalance } from '@parliamo/domain/contracts/payouts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { useIdempotencyKey } from '../../lib/idempotency.ts';
import { invalidate } from '../../lib/queries.ts';
import { payoutChanges, payoutQueries } from './queries.ts';
import { eurosFromCents, instantLabel, romeDate } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { fieldError } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppDialog } from '../../components/app/AppDialog.tsx';
import { ConfirmDialog } from '../../components/app/ConfirmDialog.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { Trans, useT } from '../../lib/i18n.tsx';

/**
 * The Record payout dialog: the form, then a confirmation step, then POST /api/admin/teachers/:id/payouts
 * with an Idempotency-Key per confirmed body, so a double submit records one payout.
 */
function RecordPayoutDialog({ teacher, onClose }: { teacher: TeacherBalance; onClose: () => void }) {
  const qc = useQueryClient();
  const t = useT();
  const [pending, setPending] = useState<PayoutBody | null>(null);
  const keyOf = useIdempotencyKey();
  const form = useForm<PayoutFormInput, unknown, PayoutBody>({
    resolver: contractResolver(payoutFormSchema),
    mode: 'onChange',
    defaultValues: { amountCents: (teacher.payableCents / 100).toFixed(2), periodEnd: romeDate(new Date()), reference: '' },
  });
  const { errors, touchedFields, dirtyFields, isValid, isSubmitted } = form.formState;
  const shown = (name: keyof PayoutFormInput) => fieldError(touchedFields[name] || dirtyFields[name] || isSubmitted ? errors[name] : undefined);
  const record = useMutation({
    mutationFn: async (body: PayoutBody) => apiRequest('POST', `/api/admin/teachers/${encodeURIComponent(teacher.teacherId)}/payouts`, body, { 'Idempotency-Key': keyOf(body) }),
    onSuccess: async (_res, body) => {
      toaster.create({ type: 'success', title: t('admin.payouts.recorded.title'), description: t('admin.payouts.recorded.description', { amount: eurosFromCents(body.amountCents), name: teacher.name }) });
      await invalidate(qc, payoutChanges.payoutRecorded);
      onClose();
    },
    onError: (e) => {
      setPending(null);
      toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.payouts.failed')) });
    },
  });
  const errorText = (f: ReturnType<typeof shown>) => f.error && <Field.ErrorText>{f.error}</Field.ErrorText>;
  return (
    <>
      <AppDialog
        open={!pending}
        onOpenChange={(open) => !open && onClose()}
        title={t('admin.payouts.recordTo', { name: teacher.name })}
        footer={
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              {t('admin.payouts.cancel')}
            </Button>
            <Button type="submit" form="record-payout" colorPalette="green" disabled={!isValid}>
              {t('admin.payouts.review')}
            </Button>
          </Dialog.Footer>
        }
      >
        <form id="record-payout" aria-label={t('admin.payouts.record')} onSubmit={form.handleSubmit((body) => setPending(body))}>
          <Stack gap="4">
            <Text>
              <Trans id="admin.payouts.payableNow" values={{ amount: eurosFromCents(teacher.payableCents), strong: (c) => <strong>{c}</strong> }} />
            </Text>
            <Field.Root required invalid={shown('amountCents').invalid}>
              <Field.Label>{t('admin.payouts.amount')}</Field.Label>
              <Input inputMode="decimal" {...form.register('amountCents')} />
              {errorText(shown('amountCents'))}
            </Field.Root>
            <Field.Root required invalid={shown('periodEnd').invalid}>
              <Field.Label>{t('admin.payouts.periodEnd')}</Field.Label>
              <Input type="date" {...form.register('periodEnd')} />
              {errorText(shown('periodEnd'))}
            </Field.Root>
            <Field.Root required invalid={shown('reference').invalid}>
              <Field.Label>{t('admin.payouts.reference')}</Field.Label>
              <Input maxLength={100} {...form.register('reference')} />
              {errorText(shown('reference'))}
            </Field.Root>
          </Stack>
        </form>
      </AppDialog>
      <ConfirmDialog
        open={!!pending}
        title={t('admin.payouts.confirmTitle')}
        confirmLabel={t('admin.payouts.record')}
        pending={record.isPending}
        onConfirm={() => pending && record.mutate(pending)}
        onCancel={() => setPending(null)}
      >
        {pending &&
          t('admin.payouts.confirmText', {
            amount: eurosFromCents(pending.amountCents),
            name: teacher.name,
            periodEnd: pending.periodEnd,
            reference: pending.reference.trim(),
            after: eurosFromCents(teacher.payableCents - pending.amountCents),
          })}
      </ConfirmDialog>
    </>
  );
}

/** Every teacher's earned, paid and payable balance, the bank-run CSV and the Record payout dialog (admin dashboard). */
export default function AdminPayouts() {
  const balances = useQuery(payoutQueries.adminPayouts());
  const zone = useDisplayTimeZone();
  const [paying, setPaying] = useState<TeacherBalance | null>(null);
  const t = useT();
  return (
    <Stack gap="3">
      <QueryView query={balances} rows={2} isEmpty={(b) => b.teachers.length === 0} empty={t('admin.payouts.empty')}>
        {(b) => (
          <>
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Text>
                <Trans id="admin.payouts.owedNow" values={{ amount: eurosFromCents(b.payableCents), strong: (c) => <strong data-testid="payable-total">{c}</strong> }} />
              </Text>
              <Button asChild size="xs" variant="outline">
                <a href="/api/admin/payouts.csv" download>
                  {t('admin.payouts.csv')}
                </a>
              </Button>
            </HStack>
            <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="96" tabIndex={0}>
              <Table.Root size="sm" aria-label={t('admin.payouts.table.label')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('admin.payouts.table.teacher')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.payouts.table.earned')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.payouts.table.paid')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.payouts.table.payable')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('admin.payouts.table.lastPayout')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {b.teachers.map((row) => (
                    <Table.Row key={row.teacherId} data-testid={`balance-${row.teacherId}`}>
                      <Table.Cell>{row.name}</Table.Cell>
                      <Table.Cell textAlign="end">{eurosFromCents(row.earnedCents)}</Table.Cell>
                      <Table.Cell textAlign="end">{eurosFromCents(row.paidCents)}</Table.Cell>
                      <Table.Cell textAlign="end" fontWeight="semibold">
                        {eurosFromCents(row.payableCents)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{row.lastPayoutAt ? instantLabel(row.lastPayoutAt, zone) : '-'}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <Button size="xs" variant="outline" disabled={row.payableCents <= 0} onClick={() => setPaying(row)} aria-label={t('admin.payouts.recordTo', { name: row.name })}>
                          {t('admin.payouts.record')}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        )}
      </QueryView>
      {paying && <RecordPayoutDialog key={paying.teacherId} teacher={paying} onClose={() => setPaying(null)} />}
    </Stack>
  );
}
