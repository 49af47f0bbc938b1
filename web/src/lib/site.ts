import { useQuery } from '@tanstack/react-query';

import type { SiteConfig } from '@parliamo/domain/contracts';

export type { SiteConfig };

const fallback: SiteConfig = { contactEmail: 'info@parliamo-roma.it', paymentsMode: 'test' };

/** The public settings' query (read by the footer on every page). */
export const siteConfigQuery = { queryKey: ['/api/site-config'] } as const;

/** Public settings from the server (contact address, payment mode). */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery<SiteConfig>(siteConfigQuery);
  return data ?? fallback;
}
