import { Box } from '@chakra-ui/react';
import { useSiteConfig } from '../lib/site.ts';

/** The words of the test-mode banner (a staging site run with PAYMENTS=test). */
export const TEST_MODE_TEXT = 'Test mode: payments are simulated and no card is charged.';

/** A slim bar at the top of every page while the site runs with simulated payments. */
export function TestModeBannerView({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Box role="status" bg="yellow.200" color="gray.900" textAlign="center" fontSize="sm" fontWeight="semibold" px="4" py="1.5">
      {TEST_MODE_TEXT}
    </Box>
  );
}

/** The banner as the server's site settings say (GET /api/site-config, testModeBanner). */
export function TestModeBanner() {
  const { testModeBanner } = useSiteConfig();
  return <TestModeBannerView show={testModeBanner} />;
}
