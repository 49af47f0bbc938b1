import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createAppSystem } from './theme.ts';
import { queryClient } from './lib/api.ts';
import { sharedQueries } from './lib/queries.ts';
import { App, preloadPage } from './App.tsx';
import { CookieBanner } from './components/CookieBanner.tsx';
import { LazyToaster } from './components/LazyToaster.tsx';
import { I18nProvider } from './lib/i18n.tsx';
import { initialLocale, loadLocale, rememberLocale, type Messages } from './lib/i18n-store.ts';
import './global.css';

/** How long the first render waits for the session and the page's code before showing the spinner. */
const FIRST_RENDER_WAIT_MS = 500;

/**
 * The session and the site settings (both requested early by index.html's preloads), then the code
 * and first data of the page at this address, loaded before the first render: the page renders
 * once, with its data, instead of shell, then spinner, then page, then data.
 */
async function loadFirstPage(): Promise<void> {
  const settings = queryClient.prefetchQuery(sharedQueries.siteConfig());
  const user = await queryClient.fetchQuery(sharedQueries.session());
  await Promise.all([settings, preloadPage(user, window.location.pathname)]);
}

/** Renders the app, in a transition: it renders in slices that yield to the browser instead of one long task. */
function render(system: ReturnType<typeof createAppSystem>, messages: Messages) {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ChakraProvider value={system}>
          <QueryClientProvider client={queryClient}>
            <I18nProvider initial={messages}>
              <BrowserRouter>
                <App />
                <CookieBanner />
                <LazyToaster />
              </BrowserRouter>
            </I18nProvider>
          </QueryClientProvider>
        </ChakraProvider>
      </StrictMode>,
    ),
  );
}

// Chakra's system is built in a task of its own, while the first page's data and code are on their way.
// (Promises, not a top-level await: that would make the build split the entry into many more chunks.)
const system = new Promise<ReturnType<typeof createAppSystem>>((resolve) => setTimeout(() => resolve(createAppSystem()), 0));
const firstPage = Promise.race([loadFirstPage().catch(() => {}), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
// The active language's catalogs are needed for any text: the render always waits for them (only that
// language's files load). A `?lang=` link's language is kept, as if chosen with the switch.
const locale = initialLocale();
if (new URLSearchParams(window.location.search).has('lang')) rememberLocale(locale);
const messages = loadLocale(locale);
void Promise.all([system, firstPage, messages]).then(([s, , m]) => render(s, m));

// The service worker serves the app shell offline; only production builds register it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('Service worker not registered', e));
  });
}
