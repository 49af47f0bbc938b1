import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n.tsx';
import { UnreadCount } from './UnreadCount.tsx';

/** The header's Messages link with the count, from the sm breakpoint (the side menu has it on phones). */
export default function HeaderMessagesLink() {
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

