import { Box } from '@chakra-ui/react';
import { useSiteConfig } from '../lib/site.ts';
import { useT } from '../lib/i18n.tsx';

/** A slim bar at the top of every page while the site runs with simulated payments (a staging site run with PAYMENTS=test). */
export function TestModeBannerView({ show }: { show: boolean }) {
  const t = useT();
  if (!show) return null;
  return (
    <Box role="status" bg="yellow.200" color="gray.900" textAlign="center" fontSize="sm" fontWeight="semibold" px="4" py="1.5">
      {t('common.testMode.banner')}
    </Box>
  );
}

/** The banner as the server's site settings say (GET /api/site-config, testModeBanner). */
export function TestModeBanner() {
  const { testModeBanner } = useSiteConfig();
  return <TestModeBannerView show={testModeBanner} />;
}
