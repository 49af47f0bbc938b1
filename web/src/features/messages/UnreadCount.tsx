import { Badge, Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
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

/** The header's Messages link with the count, from the sm breakpoint (the side menu has it on phones). */
export function HeaderMessagesLink() {
  const t = useT();
  return (
    <Button asChild size="sm" variant="ghost" data-testid="header-messages" display={{ base: 'none', sm: 'inline-flex' }}>
      <Link to="/messages">
        {t('messages.title')}
        <UnreadCount />
      </Link>
    </Button>
  );
}

export default UnreadCount;
