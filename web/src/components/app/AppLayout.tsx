import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, CloseButton, Container, Drawer, Flex, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAuth, type Role } from '../../lib/auth.ts';
import { Loading } from '../Loading.tsx';
import { useRedirectVisitor } from './auth-guard.ts';

interface NavItem {
  to: string;
  label: string;
}

/** The side navigation per role (spec "Screens and routes"), plus the screens each role's work needs. */
export function navItems(role: Role): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'Dashboard' }];
  if (role === 'student') {
    items.push({ to: '/teachers', label: 'Teachers' }, { to: '/my-hours', label: 'My Hours' }, { to: '/lesson-registry', label: 'Lesson Registry' });
  }
  if (role === 'teacher') {
    items.push({ to: '/my-students', label: 'My Students' }, { to: '/lesson-registry', label: 'Lesson Registry' }, { to: '/teacher/profile', label: 'Teacher Profile' });
  }
  if (role === 'admin') {
    items.push(
      { to: '/admin/users', label: 'Manage Users' },
      { to: '/admin/students', label: 'Students' },
      { to: '/admin/payments', label: 'Payments' },
      { to: '/admin/ledger', label: 'Ledger' },
      { to: '/admin/mails', label: 'Mail delivery' },
      { to: '/admin/analytics', label: 'Analytics' },
      { to: '/admin/settings', label: 'Settings' },
    );
  }
  items.push({ to: '/profile', label: 'Profile' });
  return items;
}

/** The role's links as a list, the current page marked; `onNavigate` runs when one is followed. */
function NavList({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  return (
    <Stack as="ul" listStyleType="none" gap="1">
      {navItems(role).map((item) => (
        <li key={item.to}>
          <Button
            asChild
            variant="ghost"
            size="sm"
            width="full"
            justifyContent="flex-start"
            css={{ '&[aria-current=page]': { bg: 'green.100', color: 'green.900', fontWeight: 'semibold' } }}
          >
            <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </Button>
        </li>
      ))}
    </Stack>
  );
}

const NAV_LABEL = 'Dashboard navigation';

/**
 * The side navigation: a column beside the page from the md breakpoint; on narrower screens a
 * "Dashboard menu" button that opens it in a drawer from the left, with full labels (Chakra's
 * Drawer: focus stays inside, Escape closes, focus returns to the button). Following a link closes it.
 */
function SideNav({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const contentRef = useRef<HTMLDivElement>(null);
  // Closes on any change of page, also one made outside the drawer (browser back).
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Box as="nav" aria-label={NAV_LABEL} flexShrink={0} width="56" display={{ base: 'none', md: 'block' }}>
        <NavList role={role} />
      </Box>
      <Box display={{ base: 'block', md: 'none' }}>
        <Drawer.Root
          open={open}
          onOpenChange={(e) => setOpen(e.open)}
          placement="start"
          size="xs"
          lazyMount
          unmountOnExit
          initialFocusEl={() => contentRef.current?.querySelector<HTMLElement>('[aria-current=page]') ?? null}
        >
          <Drawer.Trigger asChild>
            <Button variant="outline" size="sm">
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              Dashboard menu
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content ref={contentRef}>
                <Drawer.Header>
                  <Drawer.Title>Dashboard menu</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <nav aria-label={NAV_LABEL}>
                    <NavList role={role} onNavigate={() => setOpen(false)} />
                  </nav>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close the dashboard menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Box>
    </>
  );
}

/**
 * The frame of every signed-in screen: side navigation and the page. Visitors are told they are
 * logged out and sent to the login; a role without access sees a short notice.
 */
export function AppLayout({ roles, children }: { roles?: Role[]; children?: ReactNode }) {
  const { user, isLoading } = useAuth();
  useRedirectVisitor(!isLoading && !user);
  if (isLoading || !user) return <Loading />;
  const allowed = !roles || roles.includes(user.role);
  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }}>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }} align="flex-start">
        <SideNav role={user.role} />
        <Box flex="1" minW="0" width="full">
          {allowed ? (
            <Suspense fallback={<Loading />}>{children ?? <Outlet />}</Suspense>
          ) : (
            <Stack gap="2">
              <Heading as="h1" size="xl">
                Not available
              </Heading>
              <Text color="fg.muted">This page is not available for your account.</Text>
            </Stack>
          )}
        </Box>
      </Flex>
    </Container>
  );
}

export default AppLayout;
