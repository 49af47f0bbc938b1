import { Button, Menu, Portal } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

/** The signed-in user's menu: Profile, Settings, Logout (spec "Screens and routes"). */
export default function UserMenu({ firstName, onLogout }: { firstName: string; onLogout: () => void }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`${firstName}: user menu`}>
          {firstName}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" asChild>
              <Link to="/profile">Profile</Link>
            </Menu.Item>
            <Menu.Item value="settings" asChild>
              <Link to="/profile">Settings</Link>
            </Menu.Item>
            <Menu.Item value="logout" onSelect={onLogout}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
