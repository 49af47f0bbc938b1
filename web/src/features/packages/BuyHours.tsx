import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import type { Teacher } from '@parliamo/domain/contracts';
import { PurchaseButton } from './PurchaseButton.tsx';
import { loginPath } from '../../lib/next-path.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The teacher profile's way to buy hours: visitors are sent to /login and come back to the profile; students open the Purchase Hour
 * Package dialog with this teacher chosen; teachers and admins do not buy hours.
 */
export function BuyHours({ teacher }: { teacher: Teacher }) {
  const t = useT();
  const { user } = useAuth();
  if (!user) {
    return (
      <Button asChild colorPalette="green" size="lg">
        <Link to={loginPath(`/teacher/${teacher.id}`)}>{t('public.buyHours.login')}</Link>
      </Button>
    );
  }
  if (user.role !== 'student') return null;
  return (
    <PurchaseButton teacherId={teacher.id} size="lg">
      {t('public.buyHours.buy')}
    </PurchaseButton>
  );
}
