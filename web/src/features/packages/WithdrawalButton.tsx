import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HourPackage, WithdrawalAnswer } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { dateLabel, eurosFromCents, romeDate, timeLabel } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';
import { invalidate } from '../../lib/queries.ts';
import { packageChanges, packageQueries } from './queries.ts';

/** Packages bought longer ago than this cannot be withdrawn from (14 days, and a day for the Rome clock): not asked. */
const ASK_WITHIN_MS = 15 * 24 * 3_600_000;

/**
 * "Withdraw from this purchase" on a package bought in the last 14 days: the server says whether and
 * until when, and the refund; a second step confirms; the answer shows the refund at once.
 */
export function WithdrawalButton({ pkg }: { pkg: HourPackage }) {
  const recent = Date.now() - Date.parse(pkg.purchasedAt) < ASK_WITHIN_MS;
  return recent ? <Withdrawal pkg={pkg} /> : null;
}

function Withdrawal({ pkg }: { pkg: HourPackage }) {
  const t = useT();
  const qc = useQueryClient();
  const quote = useQuery(packageQueries.withdrawal(pkg.id));
  const [confirming, setConfirming] = useState(false);
  const withdraw = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', `/api/hour-packages/${encodeURIComponent(pkg.id)}/withdrawal`)).json()) as WithdrawalAnswer,
    onSuccess: () => invalidate(qc, packageChanges.withdrawn),
  });
  if (withdraw.data) {
    const w = withdraw.data;
    return (
      <Alert.Root status="success" data-testid="withdrawal-done">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('student.myHours.withdrawal.done', { date: dateLabel(romeDate(w.withdrawnAt)), time: timeLabel(w.withdrawnAt) })}</Alert.Title>
          <Alert.Description>
            {w.refundCents > 0 ? t('student.myHours.withdrawal.refund', { amount: eurosFromCents(w.refundCents) }) : t('student.myHours.withdrawal.noRefund')}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const q = quote.data;
  if (!q?.possible) return null;
  const until = { date: dateLabel(romeDate(q.endsAt)), time: timeLabel(q.endsAt) };
  if (!confirming) {
    return (
      <Box>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          {t('student.myHours.withdrawal.button')}
        </Button>
        <Text fontSize="xs" color="fg.muted" mt="1">{t('student.myHours.withdrawal.until', until)}</Text>
      </Box>
    );
  }
  return (
    <Stack gap="3" borderWidth="1px" borderColor="red.200" borderRadius="md" p="4" role="group" aria-label={t('student.myHours.withdrawal.button')}>
      <Text>{t('student.myHours.withdrawal.refund', { amount: eurosFromCents(q.refundCents) })}</Text>
      <Text fontSize="sm">
        {q.expressRequest ? t('student.myHours.withdrawal.used', { count: q.hoursUsed }) : t('student.myHours.withdrawal.full')}
        {q.lessonsToCancel.length > 0 && ` ${t('student.myHours.withdrawal.cancels', { count: q.lessonsToCancel.length })}`}
      </Text>
      {withdraw.error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(withdraw.error, t('student.myHours.withdrawal.failed'))}</Alert.Title>
        </Alert.Root>
      )}
      <Flex gap="2" justify="flex-end">
        <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
          {t('student.myHours.withdrawal.keep')}
        </Button>
        <Button size="sm" colorPalette="red" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
          {t('student.myHours.withdrawal.confirm')}
        </Button>
      </Flex>
    </Stack>
  );
}
