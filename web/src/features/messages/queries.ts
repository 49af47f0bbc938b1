// The reads of messages and what the live events change in them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationList, LiveMessageEvent, MessagePage, ReportedConversationList } from '@parliamo/domain/contracts/messages';
import { getJson } from '../../lib/queries.ts';

export const messageKeys = {
  all: ['messages'] as const,
  list: () => ['messages', 'list'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
};

export const messageQueries = {
  /** My conversations, newest activity first, with my unread total (header, side menu, list). */
  list: () =>
    queryOptions({
      queryKey: messageKeys.list(),
      queryFn: ({ signal }) => getJson<ConversationList>('/api/conversations', signal),
    }),
  /** The admins' queue of reported conversations. */
  reported: () => queryOptions({ queryKey: ['messages', 'reported'] as const, queryFn: ({ signal }) => getJson<ReportedConversationList>('/api/admin/conversations/reported', signal) }),
  /** A conversation and its latest page of messages. */
  conversation: (id: string) =>
    queryOptions({
      queryKey: messageKeys.conversation(id),
      queryFn: ({ signal }) => getJson<MessagePage>(`/api/conversations/${encodeURIComponent(id)}/messages`, signal),
    }),
};

/** An earlier page of a conversation (before message number `before`). */
export async function earlierMessages(id: string, before: number): Promise<MessagePage> {
  return getJson<MessagePage>(`/api/conversations/${encodeURIComponent(id)}/messages?before=${before}`);
}

/** `page` with `message` in its place (by number), once. */
export function withMessage(page: MessagePage, message: ChatMessage): MessagePage {
  if (page.messages.some((m) => m.seq === message.seq)) return page;
  const messages = [...page.messages, message].sort((a, b) => a.seq - b.seq);
  const conversation = { ...page.conversation, lastSeq: Math.max(page.conversation.lastSeq, message.seq), lastMessageAt: message.sentAt };
  return { ...page, conversation, messages };
}

/** A live event into the caches: the message into its open conversation, the unread total into the list. */
export function applyLiveEvent(qc: QueryClient, event: LiveMessageEvent): void {
  qc.setQueryData<MessagePage>(messageKeys.conversation(event.message.conversationId), (page) => page && withMessage(page, event.message));
  qc.setQueryData<ConversationList>(messageKeys.list(), (list) => list && { ...list, unreadTotal: event.unreadTotal });
  void qc.invalidateQueries({ queryKey: messageKeys.list() });
}
