import { useState } from 'react';
import { Button, CloseButton, Dialog, Field, HStack, Portal, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parliamo/domain/contracts/messages';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { messageKeys } from '../queries.ts';

/** Report (with a reason, for the admins) and block or unblock one's conversation. */
export function ConversationActions({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const qc = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: messageKeys.all });
  const fail = (e: unknown) => setStatus(errorMessage(e, t('messages.actionFailed')));
  const report = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/conversations/${conversation.id}/report`, { reason })).json(),
    onSuccess: async () => {
      setReporting(false);
      setReason('');
      setStatus(t('messages.reported'));
      await refresh();
    },
    onError: fail,
  });
  const block = useMutation({
    mutationFn: async (blocked: boolean) => (await apiRequest('POST', `/api/conversations/${conversation.id}/block`, { blocked })).json(),
    onSuccess: refresh,
    onError: fail,
  });
  return (
    <HStack gap="2" wrap="wrap" borderTopWidth="1px" pt="3">
      <Button size="sm" variant="outline" onClick={() => setReporting(true)}>
        {t('messages.report')}
      </Button>
      {conversation.blockedByMe ? (
        <Button size="sm" variant="outline" loading={block.isPending} onClick={() => block.mutate(false)}>
          {t('messages.unblock')}
        </Button>
      ) : (
        !conversation.blocked && (
          <Button size="sm" variant="outline" colorPalette="red" loading={block.isPending} onClick={() => block.mutate(true)}>
            {t('messages.block')}
          </Button>
        )
      )}
      {conversation.reported && <Text fontSize="sm" color="fg.muted">{t('messages.reportedNote')}</Text>}
      {status && (
        <Text fontSize="sm" role="status">
          {status}
        </Text>
      )}
      <Dialog.Root open={reporting} onOpenChange={(e) => setReporting(e.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="3">
              <Dialog.Header>
                <Dialog.Title>{t('messages.reportTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root>
                  <Field.Label>{t('messages.reason')}</Field.Label>
                  <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={4} />
                  <Field.HelperText>{t('messages.reportHint')}</Field.HelperText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('common.app.close')}</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" loading={report.isPending} disabled={!reason.trim()} onClick={() => report.mutate()}>
                  {t('messages.sendReport')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.app.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </HStack>
  );
}
