import { lazy, Suspense } from 'react';
import { Flex, Box } from '@chakra-ui/react';
import { Route, Routes } from 'react-router-dom';
import { useAuth } from './lib/auth.ts';
import { Header } from './components/Header.tsx';
import { Footer } from './components/Footer.tsx';
import { Loading } from './components/Loading.tsx';

const Landing = lazy(() => import('./pages/Landing.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));

/** The routes of spec section 2; which "/" a person gets depends on the session. */
export function App() {
  const { isLoading } = useAuth();
  return (
    <Flex direction="column" minH="100vh">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Box as="main" id="main" flex="1">
        {isLoading ? (
          <Loading />
        ) : (
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route path="/" element={<Landing />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        )}
      </Box>
      <Footer />
    </Flex>
  );
}
