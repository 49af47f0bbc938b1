import { Suspense, isValidElement, lazy } from 'react';
import { Flex, Box } from '@chakra-ui/react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useAuth, type CurrentUser } from './lib/auth.ts';
import { Header } from './components/Header.tsx';
import { TestModeBanner } from './components/TestModeBanner.tsx';
import { Footer } from './components/Footer.tsx';
import { Loading } from './components/Loading.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';
import { Home } from './routes/home.tsx';
import { publicRoutes } from './routes/public.tsx';
import { appRoutes } from './routes/app.tsx';
import { WEB_ROUTES } from '@parliamo/domain/web-routes';
import { useT } from './lib/i18n.tsx';
import { ShellExtras } from './components/shell-extras.tsx';

/** What features add to the shell: the header's Messages link and the side menu's unread count (their own chunk, with the live stream). */
const unread = () => import('./features/messages/UnreadCount.tsx');
const SHELL_EXTRAS = { header: lazy(() => unread().then((m) => ({ default: m.HeaderMessagesLink }))), '/messages': lazy(unread) };

/** Every route for this user (or visitor). */
function routesFor(user: CurrentUser | null): RouteObject[] {
  const role = user?.role ?? null;
  // App routes come first so that a signed-in path wins over the public catch-all.
  return [{ path: WEB_ROUTES.home, element: <Home role={role} /> }, ...appRoutes(role), ...publicRoutes(!!user)];
}

/**
 * Loads the code of the page at `pathname` and of the layouts around it, all at once: the pages'
 * components (lib/lazy-page.tsx, Home) carry a `preload`.
 */
export function preloadPage(user: CurrentUser | null, pathname: string): Promise<unknown> {
  const elements = (matchRoutes(routesFor(user), pathname) ?? []).map((m) => m.route.element);
  return Promise.all(
    elements.map((element) => {
      const type = isValidElement(element) ? (element.type as { preload?: (props: unknown) => Promise<unknown> }) : undefined;
      return type?.preload?.(isValidElement(element) ? element.props : undefined);
    }),
  );
}

function AppRoutes() {
  const { user } = useAuth();
  return useRoutes(routesFor(user));
}

/** The shell: header, the page for the path (after the session has loaded), footer. */
export function App() {
  const { isLoading } = useAuth();
  const { pathname } = useLocation();
  const t = useT();
  const loading = (
    <Box as="main" id="main" flex="1">
      <Loading />
    </Box>
  );
  return (
    <ShellExtras.Provider value={SHELL_EXTRAS}>
      <Flex direction="column" minH="100vh">
        <a href="#main" className="skip-link">
          {t('common.skipToContent')}
        </a>
        <TestModeBanner />
        <Header />
        {/* The footer comes with the page, not before it: under the loading spinner it would sit inside the
            first screen and jump down (a layout shift) when a page taller than the screen replaces the spinner. */}
        {isLoading ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <Box as="main" id="main" flex="1">
              <RouteErrorBoundary resetKey={pathname}>
                <AppRoutes />
              </RouteErrorBoundary>
            </Box>
            <Footer />
          </Suspense>
        )}
      </Flex>
    </ShellExtras.Provider>
  );
}
