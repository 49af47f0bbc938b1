import { useState } from 'react';
import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { AdminPayment, RefundAnswer, RefundBody } from '@parliamo/domain/contracts/payments';
import { refundFormSchema, type RefundFormInput } from '@parliamo/domain/contracts/forms';
import { refundableHoursRefusal, refundQuote } from '@parliamo/domain/rules';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { useIdempotencyKey } from '../../lib/idempotency.ts';
import { eurosFromCents, hoursCount } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { paymentChanges } from './queries.ts';
import { fieldError } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppDialog } from '../../components/app/AppDialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { refusalText, t } from '../../lib/i18n-store.ts';

/** What the refund of `hours` pays back, in words: the amount and whether the fee is in it. */
function quoteText(p: AdminPayment, hours: number): string {
  const q = refundQuote({ hours, hourPriceCents: p.hourPriceCents, feeCents: p.feeCents, purchasedHours: p.hours, hoursRefundedBefore: p.hoursRefundedBefore });
  const values = { amount: eurosFromCents(q.amountCents), hours: hoursCount(hours), price: eurosFromCents(p.hourPriceCents) };
  return q.feeIncluded
    ? t('admin.refund.quoteWithFee', { ...values, fee: eurosFromCents(q.feeCents) })
    : t('admin.refund.quoteWithoutFee', { ...values, fee: eurosFromCents(p.feeCents) });
}

/**
 * The admin's refund of unused hours of one payment (POST /api/admin/payments/:id/refund): the hours
 * and a reason, the amount and the fee shown before confirming. One Idempotency-Key per body sent
 * (useIdempotencyKey), so a retried Confirm refunds once.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const qc = useQueryClient();
  const t = useT();
  const keyOf = useIdempotencyKey();
  const [error, setError] = useState<string | null>(null);
  const max = payment.refundableHours;
  const form = useForm<RefundFormInput, unknown, RefundBody>({
    resolver: contractResolver(refundFormSchema),
    mode: 'onChange',
    defaultValues: { hours: String(max), reason: '' },
  });
  const { errors, isValid, touchedFields } = form.formState;
  const typed = Number(form.watch('hours'));
  const overMax = Number.isInteger(typed) && typed > max;
  const hoursError = overMax ? refusalText(refundableHoursRefusal(max)) : fieldError(errors.hours).error;
  const reasonError = fieldError(touchedFields.reason ? errors.reason : undefined).error;
  const refund = useMutation({
    mutationFn: async (body: RefundBody) => (await apiRequest('POST', `/api/admin/payments/${encodeURIComponent(payment.paymentId)}/refund`, body, { 'Idempotency-Key': keyOf(body) })).json() as Promise<RefundAnswer>,
    onSuccess: async (r) => {
      toaster.create({
        type: 'success',
        title: t(r.status === 'completed' ? 'admin.refund.done.title' : 'admin.refund.requested.title'),
        description: r.status === 'completed'
          ? t('admin.refund.done.description', { amount: eurosFromCents(r.amountCents), hours: hoursCount(r.hours) })
          : t('admin.refund.requested.description', { amount: eurosFromCents(r.amountCents) }),
      });
      await invalidate(qc, paymentChanges.paymentRefunded);
      onClose();
    },
    onError: (e) => setError(errorMessage(e, t('admin.refund.failed'))),
  });
  const submit = form.handleSubmit((body) => {
    setError(null);
    refund.mutate(body);
  });
  const valid = isValid && !overMax;
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.refund.title')}
      footer={
        <Dialog.Footer flexWrap="wrap" gap="3">
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            {t('admin.refund.cancel')}
          </Button>
          <Button type="submit" form="refund-form" colorPalette="red" disabled={!valid} loading={refund.isPending} loadingText={t('admin.refund.refunding')}>
            {t('admin.refund.confirm')}
          </Button>
        </Dialog.Footer>
      }
    >
      <form id="refund-form" aria-label={t('admin.refund.title')} onSubmit={submit}>
        <Stack gap="4">
          <Text>
            {t('admin.refund.intro', {
              student: payment.studentName ?? t('admin.refund.theStudent'),
              bought: hoursCount(payment.hours),
              teacher: payment.teacherName ?? t('admin.refund.theTeacher'),
              refundable: hoursCount(max),
              count: max,
            })}
          </Text>
          <Field.Root required invalid={Boolean(hoursError)}>
            <Field.Label>{t('admin.refund.hours')}</Field.Label>
            <Input type="number" inputMode="numeric" min={1} max={max} step={1} {...form.register('hours')} />
            {hoursError ? <Field.ErrorText>{hoursError}</Field.ErrorText> : <Field.HelperText>{t('admin.refund.hoursHint', { max })}</Field.HelperText>}
          </Field.Root>
          <Field.Root required invalid={Boolean(reasonError)}>
            <Field.Label>{t('admin.refund.reason')}</Field.Label>
            <Input maxLength={500} {...form.register('reason')} />
            {reasonError && <Field.ErrorText>{reasonError}</Field.ErrorText>}
          </Field.Root>
          <Text fontWeight="medium" aria-live="polite" data-testid="refund-amount">
            {valid ? quoteText(payment, typed) : t('admin.refund.quoteMissing')}
          </Text>
          {error && (
            <Text role="alert" color="red.700">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
