import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE, type MessagePage, type SentMessage } from '@parliamo/domain/contracts/messages';
import { errorMessage, throwIfResNotOk } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { messageKeys, withMessage } from '../queries.ts';

/** Sends the text and files as one message: JSON without files, multipart with them. */
async function postMessage(conversationId: string, text: string, files: File[]): Promise<SentMessage> {
  const url = `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
  let body: BodyInit;
  const headers: Record<string, string> = { 'X-Requested-With': 'parliamo' };
  if (files.length === 0) {
    body = JSON.stringify({ text });
    headers['Content-Type'] = 'application/json';
  } else {
    const form = new FormData();
    form.append('text', text);
    for (const f of files) form.append('files', f);
    body = form; // the browser writes the multipart Content-Type with its boundary
  }
  const res = await fetch(url, { method: 'POST', headers, body, credentials: 'include' });
  await throwIfResNotOk(res);
  return res.json();
}

/** The answer form: text (Ctrl+Enter or Cmd+Enter sends), up to five files, a send button. */
export function Composer({ conversationId }: { conversationId: string }) {
  const t = useT();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: () => postMessage(conversationId, text.trim(), files),
    onSuccess: (sent) => {
      qc.setQueryData<MessagePage>(messageKeys.conversation(conversationId), (page) => page && { ...withMessage(page, sent.message), conversation: sent.conversation });
      setText('');
      setFiles([]);
      setProblem(null);
      if (fileInput.current) fileInput.current.value = '';
    },
    onError: (e) => setProblem(errorMessage(e, t('messages.sendFailed'))),
  });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() && files.length === 0) return setProblem(t('messages.writeFirst'));
    if (files.length > MESSAGE.maxAttachments) return setProblem(t('messages.tooManyFiles'));
    send.mutate();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };
  return (
    <Stack as="form" gap="3" onSubmit={submit} aria-label={t('messages.composerLabel')}>
      <Field.Root invalid={!!problem}>
        <Field.Label>{t('messages.yourMessage')}</Field.Label>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} maxLength={MESSAGE.maxText} rows={3} />
        <Field.HelperText>{t('messages.sendHint')}</Field.HelperText>
        {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('messages.attach')}</Field.Label>
        <Input
          ref={fileInput}
          type="file"
          multiple
          accept={MESSAGE.accept}
          p="1"
          onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
        />
        <Field.HelperText>{t('messages.attachHint')}</Field.HelperText>
      </Field.Root>
      <HStack justify="flex-end">
        {files.length > 0 && <Text fontSize="sm" color="fg.muted">{t('messages.filesChosen', { count: files.length })}</Text>}
        <Button type="submit" colorPalette="green" loading={send.isPending} loadingText={t('messages.sending')}>
          {t('messages.send')}
        </Button>
      </HStack>
    </Stack>
  );
}
