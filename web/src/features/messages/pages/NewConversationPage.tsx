import { useState, type FormEvent } from 'react';
import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { PageTitle } from '../ui.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGE, type SentMessage } from '@parliamo/domain/contracts/messages';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { messageKeys } from '../queries.ts';

/** The first message to a teacher (?teacherId=) or to a student (?studentId=); then the conversation. */
export default function NewConversationPage() {
  const t = useT();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const teacherId = params.get('teacherId');
  const studentId = params.get('studentId');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: async (): Promise<SentMessage> =>
      (await apiRequest('POST', '/api/conversations', { ...(teacherId ? { teacherId } : { studentId }), text: text.trim() })).json(),
    onSuccess: async (sent) => {
      await qc.invalidateQueries({ queryKey: messageKeys.list() });
      navigate(`/messages/${sent.conversation.id}`, { replace: true });
    },
    onError: (e) => setProblem(errorMessage(e, t('messages.sendFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setProblem(t('messages.writeFirst'));
    open.mutate();
  };
  return (
    <Stack as="form" gap="4" onSubmit={submit} maxW="2xl">
      <PageTitle title={t('messages.newTitle')} />
      <Field.Root invalid={!!problem}>
        <Field.Label>{t('messages.yourMessage')}</Field.Label>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={MESSAGE.maxText} rows={5} autoFocus />
        <Field.HelperText>{t('messages.newHint')}</Field.HelperText>
        {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
      </Field.Root>
      <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={open.isPending} loadingText={t('messages.sending')}>
        {t('messages.send')}
      </Button>
    </Stack>
  );
}
