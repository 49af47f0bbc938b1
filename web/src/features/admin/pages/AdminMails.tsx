import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMail } from '@parliamo/domain';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { invalidate } from '../../../lib/queries.ts';
import { adminChanges, adminQueries } from '../queries.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { LoadMore, QueryView } from '../../../components/app/states.tsx';
import { instantLabel } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/settings.ts';
import { useT } from '../../../lib/i18n.tsx';

const KIND_LABEL: Record<AdminMail['kind'], string> = {
  'booking-confirmed': 'admin.mails.kind.bookingConfirmed',
  'booking-cancelled': 'admin.mails.kind.bookingCancelled',
  'lesson-rescheduled': 'admin.mails.kind.lessonRescheduled',
  'lesson-reminder': 'admin.mails.kind.lessonReminder',
  'lesson-notes': 'admin.mails.kind.lessonNotes',
  'lesson-reported': 'admin.mails.kind.lessonReported',
  'lesson-outcome': 'admin.mails.kind.lessonOutcome',
  'expiry-month': 'admin.mails.kind.expiryMonth',
  'expiry-week': 'admin.mails.kind.expiryWeek',
  welcome: 'admin.mails.kind.welcome',
  'purchase-confirmed': 'admin.mails.kind.purchaseConfirmed',
  'message-digest': 'admin.mails.kind.messageDigest',
};

function MailRow({ mail }: { mail: AdminMail }) {
  const qc = useQueryClient();
  const zone = useDisplayTimeZone();
  const t = useT();
  const retry = useMutation({
    mutationFn: async () => apiRequest('POST', `/api/admin/mails/${encodeURIComponent(mail.id)}/retry`),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('admin.mails.queued.title'), description: t('admin.mails.queued.description') });
      await invalidate(qc, adminChanges.mailRetried);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.mails.retryFailed')) }),
  });
  return (
    <Flex as="li" data-testid="mail-row" borderWidth="1px" borderRadius="md" p="3" gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {mail.to ?? t('admin.mails.recipientOfLesson', { role: mail.recipientRole })}
          </Text>
          <Badge colorPalette={mail.status === 'failed' ? 'red' : 'orange'}>{t(`admin.mails.status.${mail.status}`)}</Badge>
        </HStack>
        <Text overflowWrap="anywhere">{mail.subject ?? t(KIND_LABEL[mail.kind])}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('admin.mails.attempts', { count: mail.attempts })}
          {mail.nextAttemptAt ? t('admin.mails.nextAttempt', { when: instantLabel(mail.nextAttemptAt, zone) }) : ''}
        </Text>
        {mail.lastError && (
          <Text fontSize="sm" color="red.700" overflowWrap="anywhere">
            {t('admin.mails.lastError', { error: mail.lastError })}
          </Text>
        )}
      </Box>
      <Button size="sm" variant="outline" flexShrink={0} alignSelf={{ base: 'flex-start', md: 'center' }} onClick={() => retry.mutate()} loading={retry.isPending} loadingText={t('admin.mails.retrying')}>
        {t('admin.mails.retry')}
      </Button>
    </Flex>
  );
}

/** /admin/mails: mails the queue could not deliver (or has not yet), with a retry for each. */
export default function AdminMails() {
  const [status, setStatus] = useState<'failed' | 'pending'>('failed');
  const mails = useInfiniteQuery({ ...adminQueries.adminMails(status), select: (d) => d.pages.flat(), refetchInterval: 30_000 });
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.mails.title')} subtitle={t('admin.mails.subtitle')} />
      <HStack gap="2" role="group" aria-label={t('admin.mails.which')}>
        {(['failed', 'pending'] as const).map((s) => (
          <Button key={s} size="sm" variant={status === s ? 'solid' : 'outline'} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(s === 'failed' ? 'admin.mails.filter.failed' : 'admin.mails.filter.pending')}
          </Button>
        ))}
      </HStack>
      <QueryView query={mails} isEmpty={(m) => m.length === 0} empty={t(status === 'failed' ? 'admin.mails.emptyFailed' : 'admin.mails.emptyPending')}>
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={t(status === 'failed' ? 'admin.mails.listFailed' : 'admin.mails.listPending')}>
            {list.map((m) => (
              <MailRow key={m.id} mail={m} />
            ))}
          </Stack>
        )}
      </QueryView>
      {mails.data && mails.data.length > 0 && (
        <LoadMore
          label={t('admin.mails.more')}
          endText={t('admin.mails.noMore')}
          onLoad={() => void mails.fetchNextPage()}
          loading={mails.isFetchingNextPage}
          ended={!mails.hasNextPage}
          error={mails.isFetchNextPageError ? mails.error : undefined}
        />
      )}
    </Stack>
  );
}
