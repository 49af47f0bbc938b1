import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { system } from './theme.ts';
import { queryClient } from './lib/api.ts';
import { sessionQuery } from './lib/auth.ts';
import { App, preloadPage } from './App.tsx';
import { CookieBanner } from './components/CookieBanner.tsx';
import { LazyToaster } from './components/LazyToaster.tsx';
import './global.css';

/** How long the first render waits for the session and the page's code before showing the spinner. */
const FIRST_RENDER_WAIT_MS = 500;

/**
 * The session (requested early by index.html's preload) and the code of the page at this address,
 * loaded together before the first render, so that the page renders once instead of shell, then
 * spinner, then page.
 */
async function loadFirstPage(): Promise<void> {
  const user = await queryClient.fetchQuery(sessionQuery);
  await preloadPage(user, window.location.pathname);
}

/** Renders the app, in a transition: it renders in slices that yield to the browser instead of one long task. */
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ChakraProvider value={system}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <App />
              <CookieBanner />
              <LazyToaster />
            </BrowserRouter>
          </QueryClientProvider>
        </ChakraProvider>
      </StrictMode>,
    ),
  );
}

// Not a top-level await: that would make the build split the entry into many more chunks.
void Promise.race([loadFirstPage().catch(() => {}), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);

// The service worker serves the app shell offline; only production builds register it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('Service worker not registered', e));
  });
}
