import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, CloseButton, Container, Drawer, Flex, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAuth, type Role } from '../../lib/auth.ts';
import { Loading } from '../Loading.tsx';
import { useRedirectVisitor } from './auth-guard.ts';
import { useT } from '../../lib/i18n.tsx';
import { ShellExtra } from '../shell-extras.tsx';

interface NavItem {
  to: string;
  label: string;
}

/** The side navigation per role (labels are keys of common.json), plus the screens each role's work needs. */
export function navItems(role: Role): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'common.nav.dashboard' }];
  if (role === 'student') {
    items.push(
      { to: '/teachers', label: 'common.appNav.teachers' },
      { to: '/my-hours', label: 'common.nav.myHours' },
      { to: '/lesson-registry', label: 'common.appNav.lessonRegistry' },
      { to: '/messages', label: 'messages.title' },
    );
  }
  if (role === 'teacher') {
    items.push(
      { to: '/my-students', label: 'common.appNav.myStudents' },
      { to: '/lesson-registry', label: 'common.appNav.lessonRegistry' },
      { to: '/teacher/profile', label: 'common.appNav.teacherProfile' },
      { to: '/messages', label: 'messages.title' },
    );
  }
  if (role === 'admin') {
    items.push(
      { to: '/admin/users', label: 'common.appNav.manageUsers' },
      { to: '/admin/students', label: 'common.appNav.students' },
      { to: '/admin/payments', label: 'common.appNav.payments' },
      { to: '/admin/ledger', label: 'common.appNav.ledger' },
      { to: '/admin/invoices', label: 'common.appNav.invoices' },
      { to: '/admin/mails', label: 'common.appNav.mails' },
      { to: '/admin/disputes', label: 'common.appNav.disputes' },
      { to: '/admin/analytics', label: 'common.appNav.analytics' },
      { to: '/admin/settings', label: 'common.nav.settings' },
      { to: '/admin/messages', label: 'messages.reportedTitle' },
    );
  }
  items.push({ to: '/profile', label: 'common.nav.profile' });
  return items;
}

/** The role's links as a list, the current page marked; `onNavigate` runs when one is followed. */
function NavList({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const t = useT();
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
              {t(item.label)}
              <Suspense fallback={null}>
                <ShellExtra place={item.to} />
              </Suspense>
            </NavLink>
          </Button>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The side navigation: a column beside the page from the md breakpoint; on narrower screens a
 * "Dashboard menu" button that opens it in a drawer from the left, with full labels (Chakra's
 * Drawer: focus stays inside, Escape closes, focus returns to the button). Following a link closes it.
 */
function SideNav({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const contentRef = useRef<HTMLDivElement>(null);
  const t = useT();
  const navLabel = t('common.appNav.label');
  // Closes on any change of page, also one made outside the drawer (browser back).
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Box as="nav" aria-label={navLabel} flexShrink={0} width="56" display={{ base: 'none', md: 'block' }}>
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
              {t('common.appNav.menu')}
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content ref={contentRef}>
                <Drawer.Header>
                  <Drawer.Title>{t('common.appNav.menu')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <nav aria-label={navLabel}>
                    <NavList role={role} onNavigate={() => setOpen(false)} />
                  </nav>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.appNav.closeMenu')} />
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
  const t = useT();
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
                {t('common.appNav.notAvailable.title')}
              </Heading>
              <Text color="fg.muted">{t('common.appNav.notAvailable.text')}</Text>
            </Stack>
          )}
        </Box>
      </Flex>
    </Container>
  );
}

export default AppLayout;
