import { useQuery } from '@tanstack/react-query';

export interface SiteConfig {
  contactEmail: string;
  paymentsMode: 'stripe' | 'test';
}

const fallback: SiteConfig = { contactEmail: 'info@parliamo-roma.it', paymentsMode: 'test' };

/** The public settings' query (read by the footer on every page). */
export const siteConfigQuery = { queryKey: ['/api/site-config'] } as const;

/** Public settings from the server (contact address, payment mode). */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery<SiteConfig>(siteConfigQuery);
  return data ?? fallback;
}
