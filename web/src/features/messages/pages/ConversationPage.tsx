import { useEffect, useRef, useState } from 'react';
import { Box, Button, Image, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ChatMessage, MessagePage } from '@parliamo/domain/contracts/messages';
import { apiRequest, isUnauthorizedError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.ts';
import { instantLabel } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { PageTitle, Waiting } from '../ui.tsx';
import { Composer } from './Composer.tsx';
import NewConversationPage from './NewConversationPage.tsx';
import { ConversationActions } from './ConversationActions.tsx';
import { MessageText } from '../MessageText.tsx';
import { useLiveMessages } from '../live.ts';
import { otherPerson, personName } from '../names.ts';
import { earlierMessages, messageKeys, messageQueries } from '../queries.ts';

function Attachments({ message }: { message: ChatMessage }) {
  if (message.attachments.length === 0) return null;
  return (
    <Stack gap="2" mt="2">
      {message.attachments.map((a) =>
        a.contentType.startsWith('image/') ? (
          <Link key={a.id} href={a.url} target="_blank" rel="noopener">
            <Image src={a.url} alt={a.name} maxH="48" borderRadius="md" />
          </Link>
        ) : a.contentType.startsWith('audio/') ? (
          <audio key={a.id} controls src={a.url} aria-label={a.name} />
        ) : (
          <Link key={a.id} href={a.url} download={a.name} textDecoration="underline">
            {a.name}
          </Link>
        ),
      )}
    </Stack>
  );
}

/**
 * One conversation: its messages (earlier ones on demand), new ones arriving live and announced to
 * screen readers, the form to answer, report and block. Opening it marks its messages read.
 */
/** /messages/new (a first message) or /messages/:id (a conversation). */
export default function ConversationOrNew() {
  const { id = '' } = useParams();
  return id === 'new' ? <NewConversationPage /> : <ConversationPage id={id} />;
}

function ConversationPage({ id }: { id: string }) {
  const t = useT();
  const qc = useQueryClient();
  const { user } = useAuth();
  const { data, isLoading, error } = useQuery(messageQueries.conversation(id));
  const [earlier, setEarlier] = useState<MessagePage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const lastRead = useRef(0);
  const endRef = useRef<HTMLDivElement>(null);
  const role = user?.role;
  const mine = (m: ChatMessage) => m.from === role;

  useLiveMessages((event) => {
    if (event.message.conversationId !== id || event.message.from === role) return;
    const who = data ? personName(otherPerson(data.conversation, role), t) : '';
    setAnnouncement(t('messages.newFrom', { name: who, text: event.message.text || t('messages.attachmentOnly') }));
  });

  const read = useMutation({
    mutationFn: async (upTo: number) => (await apiRequest('POST', `/api/conversations/${id}/read`, { upTo })).json(),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.list() }),
  });
  const lastSeq = data?.conversation.lastSeq ?? 0;
  const unread = data?.conversation.unread ?? 0;
  useEffect(() => {
    if (role === 'admin' || lastSeq <= lastRead.current) return;
    if (unread > 0 || lastSeq > lastRead.current) {
      lastRead.current = lastSeq;
      read.mutate(lastSeq);
    }
    endRef.current?.scrollIntoView({ block: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reading runs once per new last message
  }, [lastSeq]);

  const loadEarlier = useMutation({
    mutationFn: async () => earlierMessages(id, (earlier?.messages[0] ?? data!.messages[0])!.seq),
    onSuccess: (page) => setEarlier((prev) => ({ ...page, messages: [...page.messages, ...(prev?.messages ?? [])] })),
  });

  if (isLoading) return <Waiting />;
  if (error || !data) {
    return (
      <Stack gap="3">
        <PageTitle title={t('messages.notFound')} />
        {isUnauthorizedError(error) ? null : (
          <Button asChild variant="outline" alignSelf="flex-start">
            <RouterLink to="/messages">{t('messages.backToList')}</RouterLink>
          </Button>
        )}
      </Stack>
    );
  }
  const { conversation } = data;
  const other = otherPerson(conversation, role);
  const messages = [...(earlier?.messages ?? []), ...data.messages];
  const hasMore = earlier ? earlier.hasMore : data.hasMore;
  const lastMine = [...messages].reverse().find(mine);

  return (
    <Stack gap="4">
      <PageTitle
        title={role === 'admin' ? `${personName(conversation.student, t)} · ${personName(conversation.teacher, t)}` : personName(other, t)}
        actions={
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={role === 'admin' ? '/admin/messages' : '/messages'}>{t('messages.backToList')}</RouterLink>
          </Button>
        }
      />
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="message-announcer">
        {announcement}
      </VisuallyHidden>
      {hasMore && (
        <Button variant="outline" size="sm" alignSelf="center" loading={loadEarlier.isPending} onClick={() => loadEarlier.mutate()}>
          {t('messages.earlier')}
        </Button>
      )}
      <Stack as="ol" listStyleType="none" gap="3" aria-label={t('messages.listLabel')} data-testid="message-list">
        {messages.map((m) => (
          <Box
            as="li"
            key={m.seq}
            alignSelf={mine(m) ? 'flex-end' : 'flex-start'}
            maxW={{ base: '90%', md: '70%' }}
            bg={mine(m) ? 'green.50' : 'bg.muted'}
            borderRadius="lg"
            px="3"
            py="2"
          >
            <Text fontSize="xs" color="fg.muted">
              {mine(m) ? t('messages.you') : personName(m.from === 'student' ? conversation.student : conversation.teacher, t)} · {instantLabel(m.sentAt)}
            </Text>
            {m.erased ? <Text fontStyle="italic" color="fg.muted">{t('messages.erasedMessage')}</Text> : <MessageText text={m.text} />}
            <Attachments message={m} />
            {m === lastMine && conversation.otherReadSeq >= m.seq && (
              <Text fontSize="xs" color="fg.muted" textAlign="end">
                {t('messages.seen')}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
      <div ref={endRef} />
      {conversation.canWrite ? (
        <Composer conversationId={id} />
      ) : (
        role !== 'admin' && (
          <Text color="fg.muted" role="status">
            {other.erased ? t('messages.closedErased') : t('messages.closedBlocked')}
          </Text>
        )
      )}
      {role !== 'admin' && <ConversationActions conversation={conversation} />}
    </Stack>
  );
}
