import { Button, Menu, Portal } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { TeacherAvatar, type Portrait } from './TeacherAvatar.tsx';
import { useT } from '../lib/i18n.tsx';

/** The signed-in user's menu: Profile, Settings, Logout. */
export default function UserMenu({ user, onLogout }: { user: Portrait; onLogout: () => void }) {
  const { firstName } = user;
  const t = useT();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" ps="1" aria-label={t('common.menu.user', { name: firstName })}>
          {/* The portrait, or the initials when there is none or it does not load. */}
          <TeacherAvatar teacher={user} size={24} testId="user-avatar" />
          {firstName}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" asChild>
              <Link to="/profile">{t('common.nav.profile')}</Link>
            </Menu.Item>
            <Menu.Item value="settings" asChild>
              <Link to="/settings">{t('common.nav.settings')}</Link>
            </Menu.Item>
            <Menu.Item value="logout" onSelect={onLogout}>
              {t('common.nav.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
