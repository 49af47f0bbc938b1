import { useQuery } from '@tanstack/react-query';
import { centsToEuros, FEE_CENTS, NOTICE_HOURS, VALIDITY_MONTHS } from '@parliamo/domain/rules';
import { sharedQueries } from './queries.ts';
import type { SiteConfig } from '@parliamo/domain/contracts';

export type { SiteConfig };

/** Until the server answers: the product's values (no launch notice, so a notice an admin turned off never flashes). */
const fallback: SiteConfig = {
  contactEmail: 'info@parliamo-roma.it',
  launchNotice: null,
  launchNoticeIt: null,
  fee: centsToEuros(FEE_CENTS),
  noticeHours: NOTICE_HOURS,
  validityMonths: VALIDITY_MONTHS,
  paymentsMode: 'test',
  testModeBanner: false,
};

/** Public settings from the server (the school's settings in force, payment mode). */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(sharedQueries.siteConfig());
  return data ?? fallback;
}

/** Whether the server's settings have arrived (the price must not be offered with a guessed fee). */
export function useSiteConfigLoaded(): boolean {
  return useQuery(sharedQueries.siteConfig()).isSuccess;
}
