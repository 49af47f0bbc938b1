import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMail } from '@parliamo/domain';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { invalidate, queries } from '../../lib/queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { instantLabel } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';

const KIND_LABEL: Record<AdminMail['kind'], string> = {
  'booking-confirmed': 'Lesson booked',
  'booking-cancelled': 'Lesson cancelled',
  'lesson-rescheduled': 'Lesson rescheduled',
  'lesson-reminder': 'Lesson reminder',
  'lesson-notes': 'Lesson notes',
  'expiry-month': 'Hours expire in a month',
  'expiry-week': 'Hours expire in a week',
  welcome: 'Welcome',
  'purchase-confirmed': 'Purchase confirmed',
};

function MailRow({ mail }: { mail: AdminMail }) {
  const qc = useQueryClient();
  const zone = useDisplayTimeZone();
  const retry = useMutation({
    mutationFn: async () => apiRequest('POST', `/api/admin/mails/${encodeURIComponent(mail.id)}/retry`),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Mail queued', description: 'It will be sent again in a moment.' });
      await invalidate(qc, 'mailRetried');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'The mail could not be retried.') }),
  });
  return (
    <Flex as="li" data-testid="mail-row" borderWidth="1px" borderRadius="md" p="3" gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {mail.to ?? `The ${mail.recipientRole} of the lesson`}
          </Text>
          <Badge colorPalette={mail.status === 'failed' ? 'red' : 'orange'}>{mail.status}</Badge>
        </HStack>
        <Text overflowWrap="anywhere">{mail.subject ?? KIND_LABEL[mail.kind]}</Text>
        <Text fontSize="sm" color="fg.muted">
          Attempts: {mail.attempts}
          {mail.nextAttemptAt ? ` · next attempt ${instantLabel(mail.nextAttemptAt, zone)}` : ''}
        </Text>
        {mail.lastError && (
          <Text fontSize="sm" color="red.700" overflowWrap="anywhere">
            Last error: {mail.lastError}
          </Text>
        )}
      </Box>
      <Button size="sm" variant="outline" flexShrink={0} alignSelf={{ base: 'flex-start', md: 'center' }} onClick={() => retry.mutate()} loading={retry.isPending} loadingText="Retrying...">
        Retry
      </Button>
    </Flex>
  );
}

/** /admin/mails: mails the queue could not deliver (or has not yet), with a retry for each. */
export default function AdminMails() {
  const [status, setStatus] = useState<'failed' | 'pending'>('failed');
  const mails = useQuery({ ...queries.adminMails(status), refetchInterval: 30_000 });
  return (
    <Stack gap="6">
      <AppPageHeader title="Mail delivery" subtitle="Mails that could not be sent yet. Each is retried automatically; after the last attempt it waits here." />
      <HStack gap="2" role="group" aria-label="Which mails">
        {(['failed', 'pending'] as const).map((s) => (
          <Button key={s} size="sm" variant={status === s ? 'solid' : 'outline'} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {s === 'failed' ? 'Failed' : 'Pending'}
          </Button>
        ))}
      </HStack>
      <QueryView query={mails} isEmpty={(m) => m.length === 0} empty={status === 'failed' ? 'No failed mails: every mail was delivered or is still being tried.' : 'No mails waiting to be sent.'}>
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={status === 'failed' ? 'Failed mails' : 'Pending mails'}>
            {list.map((m) => (
              <MailRow key={m.id} mail={m} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
