import { useQuery } from '@tanstack/react-query';
import { centsToEuros, FEE_CENTS, NOTICE_HOURS, VALIDITY_MONTHS } from '@parliamo/domain/rules';
import { queries } from './queries.ts';
import { rulesFor } from '../pages/public/content/school.ts';

import type { SiteConfig } from '@parliamo/domain/contracts';

export type { SiteConfig };

/** Until the server answers: the spec's values (no launch notice, so a notice an admin turned off never flashes). */
const fallback: SiteConfig = {
  contactEmail: 'info@parliamo-roma.it',
  launchNotice: null,
  fee: centsToEuros(FEE_CENTS),
  noticeHours: NOTICE_HOURS,
  validityMonths: VALIDITY_MONTHS,
  paymentsMode: 'test',
  testModeBanner: false,
};

/** Public settings from the server (the school's settings in force, payment mode). */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(queries.siteConfig());
  return data ?? fallback;
}

/** Whether the server's settings have arrived (the price must not be offered with a guessed fee). */
export function useSiteConfigLoaded(): boolean {
  return useQuery(queries.siteConfig()).isSuccess;
}

/** The copy rules (validity, booking and cancellation notice, fee) with the settings in force. */
export function useSchoolRules(): ReturnType<typeof rulesFor> {
  return rulesFor(useSiteConfig());
}

/**
 * Policy copy written with the spec's values ("€3", "6 months", "6-month", "48 hours", "48-hour") with
 * the settings in force instead; the same text when they are the spec's values.
 */
export function withSchoolRules(text: string, s: Pick<SiteConfig, 'fee' | 'noticeHours' | 'validityMonths'>): string {
  const fee = Number.isInteger(s.fee) ? `€${s.fee}` : `€${s.fee.toFixed(2)}`;
  return text
    .replace(/€3\b/g, fee)
    .replace(/\b6 months\b/g, monthsText(s.validityMonths))
    .replace(/\b6-month\b/g, `${s.validityMonths}-month`)
    .replace(/\b48 hours\b/g, hoursText(s.noticeHours))
    .replace(/\b48-hour\b/g, `${s.noticeHours}-hour`);
}

/** `withSchoolRules` with the settings in force. */
export function useRulesText(): (text: string) => string {
  const site = useSiteConfig();
  return (text) => withSchoolRules(text, site);
}

/** "6 months", "1 month". */
export const monthsText = (n: number): string => `${n} ${n === 1 ? 'month' : 'months'}`;
/** "48 hours", "1 hour". */
export const hoursText = (n: number): string => `${n} ${n === 1 ? 'hour' : 'hours'}`;
