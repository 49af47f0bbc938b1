import { useMemo, useState } from 'react';
import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { AdminPayment, RefundAnswer, RefundBody } from '@parliamo/domain/contracts/payments';
import { refundFormSchema, type RefundFormInput } from '@parliamo/domain/contracts/forms';
import { refundableHoursMessage, refundQuote } from '@parliamo/domain/rules';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { eurosFromCents, hoursCount } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { fieldError } from '../form-errors.ts';
import { toaster } from '../toaster.tsx';
import { AppDialog } from './AppDialog.tsx';

/** What the refund of `hours` pays back, in words: the amount and whether the fee is in it. */
function quoteText(p: AdminPayment, hours: number): string {
  const q = refundQuote({ hours, hourPriceCents: p.hourPriceCents, feeCents: p.feeCents, purchasedHours: p.hours, hoursRefundedBefore: p.hoursRefundedBefore });
  const what = `${hoursCount(hours)} x ${eurosFromCents(p.hourPriceCents)}`;
  return q.feeIncluded
    ? `${eurosFromCents(q.amountCents)} will be refunded: ${what} plus the ${eurosFromCents(q.feeCents)} fee (every hour of this purchase goes back).`
    : `${eurosFromCents(q.amountCents)} will be refunded: ${what}. The ${eurosFromCents(p.feeCents)} fee is not refunded (it is refunded only with the last hour of the purchase).`;
}

/**
 * The admin's refund of unused hours of one payment (POST /api/admin/payments/:id/refund): the hours
 * and a reason, the amount and the fee shown before confirming. One Idempotency-Key per opening, so a
 * retried Confirm refunds once.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const qc = useQueryClient();
  const key = useMemo(() => crypto.randomUUID(), []);
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
  const hoursError = overMax ? refundableHoursMessage(max) : fieldError(errors.hours).error;
  const reasonError = fieldError(touchedFields.reason ? errors.reason : undefined).error;
  const refund = useMutation({
    mutationFn: async (body: RefundBody) => (await apiRequest('POST', `/api/admin/payments/${encodeURIComponent(payment.paymentId)}/refund`, body, { 'Idempotency-Key': key })).json() as Promise<RefundAnswer>,
    onSuccess: async (r) => {
      toaster.create({
        type: 'success',
        title: r.status === 'completed' ? 'Refunded' : 'Refund requested',
        description: r.status === 'completed'
          ? `${eurosFromCents(r.amountCents)} refunded; ${hoursCount(r.hours)} left the package.`
          : `${eurosFromCents(r.amountCents)} asked of Stripe; the hours leave the package when Stripe confirms.`,
      });
      await invalidate(qc, 'paymentRefunded');
      onClose();
    },
    onError: (e) => setError(errorMessage(e, 'The refund could not be made.')),
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
      title="Refund hours"
      footer={
        <Dialog.Footer flexWrap="wrap" gap="3">
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="refund-form" colorPalette="red" disabled={!valid} loading={refund.isPending} loadingText="Refunding...">
            Confirm refund
          </Button>
        </Dialog.Footer>
      }
    >
      <form id="refund-form" aria-label="Refund hours" onSubmit={submit}>
        <Stack gap="4">
          <Text>
            {payment.studentName ?? 'The student'} bought {hoursCount(payment.hours)} from {payment.teacherName ?? 'the teacher'};{' '}
            {hoursCount(max)} unused can be refunded.
          </Text>
          <Field.Root required invalid={Boolean(hoursError)}>
            <Field.Label>Hours to refund</Field.Label>
            <Input type="number" inputMode="numeric" min={1} max={max} step={1} {...form.register('hours')} />
            {hoursError ? <Field.ErrorText>{hoursError}</Field.ErrorText> : <Field.HelperText>From 1 to {max}</Field.HelperText>}
          </Field.Root>
          <Field.Root required invalid={Boolean(reasonError)}>
            <Field.Label>Reason</Field.Label>
            <Input maxLength={500} {...form.register('reason')} />
            {reasonError && <Field.ErrorText>{reasonError}</Field.ErrorText>}
          </Field.Root>
          <Text fontWeight="medium" aria-live="polite" data-testid="refund-amount">
            {valid ? quoteText(payment, typed) : 'Enter the hours and a reason to see the amount.'}
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
