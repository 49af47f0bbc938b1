import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
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

function SideNav({ role }: { role: Role }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On narrow screens the navigation scrolls sideways: keep the current page's link in view.
  useEffect(() => {
    ref.current?.querySelector('[aria-current=page]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <Box as="nav" ref={ref} aria-label="Dashboard navigation" flexShrink={0} width={{ base: 'full', md: '56' }}>
      <Stack
        as="ul"
        listStyleType="none"
        direction={{ base: 'row', md: 'column' }}
        gap="1"
        overflowX={{ base: 'auto', md: 'visible' }}
        pb={{ base: '2', md: '0' }}
      >
        {navItems(role).map((item) => (
          <li key={item.to}>
            <Button
              asChild
              variant="ghost"
              size="sm"
              width={{ md: 'full' }}
              justifyContent="flex-start"
              whiteSpace="nowrap"
              css={{ '&[aria-current=page]': { bg: 'green.100', color: 'green.900', fontWeight: 'semibold' } }}
            >
              <NavLink to={item.to} end={item.to === '/'}>
                {item.label}
              </NavLink>
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
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
