import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { system } from './theme.ts';
import { queryClient } from './lib/api.ts';
import { App } from './App.tsx';
import { CookieBanner } from './components/CookieBanner.tsx';
import './global.css';

const ToasterView = lazy(() => import('./components/ToasterView.tsx'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
          <CookieBanner />
          <Suspense fallback={null}>
            <ToasterView />
          </Suspense>
        </BrowserRouter>
      </QueryClientProvider>
    </ChakraProvider>
  </StrictMode>,
);

// The service worker serves the app shell offline; only production builds register it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('Service worker not registered', e));
  });
}
