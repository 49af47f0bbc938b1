import { lazy, Suspense, useState } from 'react';
import { Box, Button, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../lib/auth.ts';
import { forgetPrivateReads, queries } from '../lib/queries.ts';
import { apiRequest } from '../lib/api.ts';
import { LogoPair } from './Logo.tsx';

// The user menu (and its popover machinery) loads only for signed-in users, off the landing path.
const UserMenu = lazy(() => import('./UserMenu.tsx'));

export const mainLinks = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
  { to: '/teachers', label: 'Find Teachers' },
  { to: '/school-rome', label: 'Contact Us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about-us', label: 'About Us' },
];

/** Logs out, then goes to / whether the call worked or not (spec "States and transitions"). */
export function useLogout() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (e) {
      console.error('Logout failed', e);
    }
    qc.setQueryData(queries.session().queryKey, null);
    forgetPrivateReads(qc, ['session']);
    navigate('/');
  };
}

export function Header() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" gap="4">
          <LogoPair />
          <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', lg: 'flex' }}>
            {mainLinks.map((l) => (
              <Button key={l.to} asChild variant="ghost" size="sm" fontWeight="medium">
                <NavLink to={l.to} end={l.to === '/'}>
                  {l.label}
                </NavLink>
              </Button>
            ))}
          </HStack>
          <HStack gap="2">
            {user ? (
              <>
                <Button asChild size="sm" colorPalette="green" display={{ base: 'none', sm: 'inline-flex' }}>
                  <Link to="/">Dashboard</Link>
                </Button>
                <Suspense fallback={null}>
                  <UserMenu user={user} onLogout={() => void logout()} />
                </Suspense>
              </>
            ) : (
              <HStack gap="2" display={{ base: 'none', sm: 'flex' }}>
                <Button asChild size="sm" variant="outline">
                  <Link to="/login">Login</Link>
                </Button>
                <Button asChild size="sm" colorPalette="green">
                  <Link to="/register">Register</Link>
                </Button>
              </HStack>
            )}
            <IconButton
              aria-label={open ? 'Close menu' : 'Open menu'}
              aria-expanded={open}
              aria-controls="mobile-menu"
              variant="ghost"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => setOpen((o) => !o)}
            >
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                {open ? (
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                ) : (
                  <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                )}
              </svg>
            </IconButton>
          </HStack>
        </Flex>
        {open && (
          <Stack id="mobile-menu" as="nav" aria-label="Mobile" display={{ base: 'flex', lg: 'none' }} pt="3" pb="2" gap="1">
            {mainLinks.map((l) => (
              <Button key={l.to} asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                <Link to={l.to}>{l.label}</Link>
              </Button>
            ))}
            {user ? (
              <>
                <Button asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                  <Link to="/">Dashboard</Link>
                </Button>
                {user.role === 'student' && (
                  <Button asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                    <Link to="/my-hours">My Hours</Link>
                  </Button>
                )}
                <Button asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                  <Link to="/profile">Profile</Link>
                </Button>
                <Button
                  variant="ghost"
                  justifyContent="flex-start"
                  onClick={() => {
                    close();
                    void logout();
                  }}
                >
                  Logout
                </Button>
              </>
            ) : (
              <>
                <Button asChild variant="outline" onClick={close}>
                  <Link to="/login">Login</Link>
                </Button>
                <Button asChild colorPalette="green" onClick={close}>
                  <Link to="/register">Register</Link>
                </Button>
              </>
            )}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
