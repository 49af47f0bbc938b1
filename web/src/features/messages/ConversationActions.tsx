import { useState } from 'react';
import { Button, Dialog, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { AppDialog } from '../../components/app/AppDialog.tsx';
import { toaster } from '../../components/toaster.tsx';
import { messageKeys } from './queries.ts';

/** Report (with a reason, for the admins) and block or unblock one's conversation. */
export function ConversationActions({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const qc = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: messageKeys.all });
  const fail = (e: unknown) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('messages.actionFailed')) });
  const report = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/conversations/${conversation.id}/report`, { reason })).json(),
    onSuccess: async () => {
      setReporting(false);
      setReason('');
      toaster.create({ type: 'success', title: t('messages.reported') });
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
      <AppDialog
        open={reporting}
        onOpenChange={setReporting}
        title={t('messages.reportTitle')}
        footer={
          <Dialog.Footer>
            <Button variant="outline" onClick={() => setReporting(false)}>
              {t('common.app.close')}
            </Button>
            <Button colorPalette="red" loading={report.isPending} disabled={!reason.trim()} onClick={() => report.mutate()}>
              {t('messages.sendReport')}
            </Button>
          </Dialog.Footer>
        }
      >
        <Field.Root>
          <Field.Label>{t('messages.reason')}</Field.Label>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={4} />
          <Field.HelperText>{t('messages.reportHint')}</Field.HelperText>
        </Field.Root>
      </AppDialog>
    </HStack>
  );
}
