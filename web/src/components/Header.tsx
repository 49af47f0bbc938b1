import { lazy, Suspense, useState } from 'react';
import { Box, Button, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../lib/auth.ts';
import { forgetPrivateReads, sharedQueries } from '../lib/queries.ts';
import { apiRequest } from '../lib/api.ts';
import { LogoPair } from './Logo.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useT } from '../lib/i18n.tsx';
import { ShellExtra } from './shell-extras.tsx';

// The user menu (and its popover machinery) loads only for signed-in users, off the landing path.
const UserMenu = lazy(() => import('./UserMenu.tsx'));

/** The main links; labels are keys of web/src/locales/<locale>/common.json. */
const mainLinks = [
  { to: '/', label: 'common.nav.home' },
  { to: '/courses', label: 'common.nav.courses' },
  { to: '/teachers', label: 'common.nav.teachers' },
  { to: '/school-rome', label: 'common.nav.contact' },
  { to: '/faq', label: 'common.nav.faq' },
  { to: '/about-us', label: 'common.nav.about' },
];

/** Logs out, then goes to / whether the call worked or not. */
export function useLogout() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (e) {
      console.error('Logout failed', e);
    }
    qc.setQueryData(sharedQueries.session().queryKey, null);
    forgetPrivateReads(qc, ['session']);
    navigate('/');
  };
}

export function Header() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);
  const t = useT();

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" gap="4">
          <LogoPair />
          <HStack as="nav" aria-label={t('common.nav.main')} gap="1" display={{ base: 'none', lg: 'flex' }}>
            {mainLinks.map((l) => (
              <Button key={l.to} asChild variant="ghost" size="sm" fontWeight="medium" px={{ lg: '2', xl: '3.5' }}>
                <NavLink to={l.to} end={l.to === '/'}>
                  {t(l.label)}
                </NavLink>
              </Button>
            ))}
          </HStack>
          <HStack gap="2">
            <Box display={{ base: 'none', lg: 'block' }}>
              <LanguageSwitch size="xs" />
            </Box>
            {user ? (
              <>
                <Button asChild size="sm" colorPalette="green" display={{ base: 'none', sm: 'inline-flex' }}>
                  <Link to="/">{t('common.nav.dashboard')}</Link>
                </Button>
                <Suspense fallback={null}>
                  {user.role !== 'admin' && <ShellExtra place="header" />}
                  <UserMenu user={user} onLogout={() => void logout()} />
                </Suspense>
              </>
            ) : (
              <HStack gap="2" display={{ base: 'none', sm: 'flex' }}>
                <Button asChild size="sm" variant="outline">
                  <Link to="/login">{t('common.nav.login')}</Link>
                </Button>
                <Button asChild size="sm" colorPalette="green">
                  <Link to="/register">{t('common.nav.register')}</Link>
                </Button>
              </HStack>
            )}
            <IconButton
              aria-label={open ? t('common.menu.close') : t('common.menu.open')}
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
          <Stack id="mobile-menu" as="nav" aria-label={t('common.nav.mobile')} display={{ base: 'flex', lg: 'none' }} pt="3" pb="2" gap="1">
            <Box px="4" py="2">
              <LanguageSwitch size="sm" onSwitched={close} />
            </Box>
            {mainLinks.map((l) => (
              <Button key={l.to} asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                <Link to={l.to}>{t(l.label)}</Link>
              </Button>
            ))}
            {user ? (
              <>
                <Button asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                  <Link to="/">{t('common.nav.dashboard')}</Link>
                </Button>
                {user.role === 'student' && (
                  <Button asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                    <Link to="/my-hours">{t('common.nav.myHours')}</Link>
                  </Button>
                )}
                <Button asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                  <Link to="/profile">{t('common.nav.profile')}</Link>
                </Button>
                <Button
                  variant="ghost"
                  justifyContent="flex-start"
                  onClick={() => {
                    close();
                    void logout();
                  }}
                >
                  {t('common.nav.logout')}
                </Button>
              </>
            ) : (
              <>
                <Button asChild variant="outline" onClick={close}>
                  <Link to="/login">{t('common.nav.login')}</Link>
                </Button>
                <Button asChild colorPalette="green" onClick={close}>
                  <Link to="/register">{t('common.nav.register')}</Link>
                </Button>
              </>
            )}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
