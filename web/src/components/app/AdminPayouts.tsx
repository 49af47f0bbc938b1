import { useState } from 'react';
import { Button, Dialog, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { payoutFormSchema, type PayoutBody, type PayoutFormInput, type TeacherBalance } from '@parliamo/domain/contracts/payouts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { invalidate, queries } from '../../lib/queries.ts';
import { eurosFromCents, instantLabel, romeDate } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { fieldError } from '../form-errors.ts';
import { toaster } from '../toaster.tsx';
import { AppDialog } from './AppDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { QueryView } from './states.tsx';

/** The Record payout dialog: the form, then a confirmation step, then POST /api/admin/teachers/:id/payouts. */
function RecordPayoutDialog({ teacher, onClose }: { teacher: TeacherBalance; onClose: () => void }) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<PayoutBody | null>(null);
  const form = useForm<PayoutFormInput, unknown, PayoutBody>({
    resolver: contractResolver(payoutFormSchema),
    mode: 'onChange',
    defaultValues: { amountCents: (teacher.payableCents / 100).toFixed(2), periodEnd: romeDate(new Date()), reference: '' },
  });
  const { errors, touchedFields, dirtyFields, isValid, isSubmitted } = form.formState;
  const shown = (name: keyof PayoutFormInput) => fieldError(touchedFields[name] || dirtyFields[name] || isSubmitted ? errors[name] : undefined);
  const record = useMutation({
    mutationFn: async (body: PayoutBody) => apiRequest('POST', `/api/admin/teachers/${encodeURIComponent(teacher.teacherId)}/payouts`, body),
    onSuccess: async (_res, body) => {
      toaster.create({ type: 'success', title: 'Payout recorded', description: `${eurosFromCents(body.amountCents)} to ${teacher.name} is in the ledger.` });
      await invalidate(qc, 'payoutRecorded');
      onClose();
    },
    onError: (e) => {
      setPending(null);
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'The payout could not be recorded.') });
    },
  });
  const errorText = (f: ReturnType<typeof shown>) => f.error && <Field.ErrorText>{f.error}</Field.ErrorText>;
  return (
    <>
      <AppDialog
        open={!pending}
        onOpenChange={(open) => !open && onClose()}
        title={`Record payout to ${teacher.name}`}
        footer={
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="record-payout" colorPalette="green" disabled={!isValid}>
              Review payout
            </Button>
          </Dialog.Footer>
        }
      >
        <form id="record-payout" aria-label="Record payout" onSubmit={form.handleSubmit((body) => setPending(body))}>
          <Stack gap="4">
            <Text>
              Payable now: <strong>{eurosFromCents(teacher.payableCents)}</strong>
            </Text>
            <Field.Root required invalid={shown('amountCents').invalid}>
              <Field.Label>Amount (€)</Field.Label>
              <Input inputMode="decimal" {...form.register('amountCents')} />
              {errorText(shown('amountCents'))}
            </Field.Root>
            <Field.Root required invalid={shown('periodEnd').invalid}>
              <Field.Label>Period end</Field.Label>
              <Input type="date" {...form.register('periodEnd')} />
              {errorText(shown('periodEnd'))}
            </Field.Root>
            <Field.Root required invalid={shown('reference').invalid}>
              <Field.Label>Bank reference</Field.Label>
              <Input maxLength={100} {...form.register('reference')} />
              {errorText(shown('reference'))}
            </Field.Root>
          </Stack>
        </form>
      </AppDialog>
      <ConfirmDialog
        open={!!pending}
        title="Record this payout?"
        confirmLabel="Record payout"
        pending={record.isPending}
        onConfirm={() => pending && record.mutate(pending)}
        onCancel={() => setPending(null)}
      >
        {pending &&
          `${eurosFromCents(pending.amountCents)} to ${teacher.name} for the period to ${pending.periodEnd}, reference "${pending.reference.trim()}". ` +
            `Payable after it: ${eurosFromCents(teacher.payableCents - pending.amountCents)}. A recorded payout cannot be edited.`}
      </ConfirmDialog>
    </>
  );
}

/** Every teacher's earned, paid and payable balance, the bank-run CSV and the Record payout dialog (admin dashboard). */
export default function AdminPayouts() {
  const balances = useQuery(queries.adminPayouts());
  const zone = useDisplayTimeZone();
  const [paying, setPaying] = useState<TeacherBalance | null>(null);
  return (
    <Stack gap="3">
      <QueryView query={balances} rows={2} isEmpty={(b) => b.teachers.length === 0} empty="No teachers yet.">
        {(b) => (
          <>
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Text>
                Owed to teachers now: <strong data-testid="payable-total">{eurosFromCents(b.payableCents)}</strong>
              </Text>
              <Button asChild size="xs" variant="outline">
                <a href="/api/admin/payouts.csv" download>
                  Bank run CSV
                </a>
              </Button>
            </HStack>
            <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="96">
              <Table.Root size="sm" aria-label="Teacher balances">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Teacher</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Earned</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Paid</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Payable</Table.ColumnHeader>
                    <Table.ColumnHeader>Last payout</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {b.teachers.map((t) => (
                    <Table.Row key={t.teacherId} data-testid={`balance-${t.teacherId}`}>
                      <Table.Cell>{t.name}</Table.Cell>
                      <Table.Cell textAlign="end">{eurosFromCents(t.earnedCents)}</Table.Cell>
                      <Table.Cell textAlign="end">{eurosFromCents(t.paidCents)}</Table.Cell>
                      <Table.Cell textAlign="end" fontWeight="semibold">
                        {eurosFromCents(t.payableCents)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{t.lastPayoutAt ? instantLabel(t.lastPayoutAt, zone) : '-'}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <Button size="xs" variant="outline" disabled={t.payableCents <= 0} onClick={() => setPaying(t)} aria-label={`Record payout to ${t.name}`}>
                          Record payout
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
