import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n.tsx';

/** "Message": opens a conversation with a teacher (a student's button) or a student (a teacher's). */
export function MessageButton({ teacherId, studentId, size = 'sm' }: { teacherId?: string; studentId?: string; size?: 'sm' | 'md' }) {
  const t = useT();
  const to = teacherId ? `/messages/new?teacherId=${encodeURIComponent(teacherId)}` : `/messages/new?studentId=${encodeURIComponent(studentId ?? '')}`;
  return (
    <Button asChild size={size} variant="outline" colorPalette="green">
      <Link to={to}>{t('messages.message')}</Link>
    </Button>
  );
}

export default MessageButton;
