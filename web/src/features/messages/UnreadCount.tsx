import { Badge } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n.tsx';
import { useLiveMessages } from './live.ts';
import { messageQueries } from './queries.ts';

/** The signed-in student's or teacher's unread messages as a badge (nothing at 0), kept live. */
export function UnreadCount() {
  const t = useT();
  useLiveMessages();
  const { data } = useQuery(messageQueries.list());
  const n = data?.unreadTotal ?? 0;
  if (n === 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" borderRadius="full" ms="1.5" data-testid="unread-count" aria-label={t('messages.unread', { count: n })}>
      {n}
    </Badge>
  );
}

export default UnreadCount;
