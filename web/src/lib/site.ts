import { useQuery } from '@tanstack/react-query';
import { queries } from './queries.ts';

import type { SiteConfig } from '@parliamo/domain/contracts';

export type { SiteConfig };

const fallback: SiteConfig = { contactEmail: 'info@parliamo-roma.it', paymentsMode: 'test', testModeBanner: false };

/** Public settings from the server (contact address, payment mode). */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(queries.siteConfig());
  return data ?? fallback;
}
