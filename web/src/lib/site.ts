import { useQuery } from '@tanstack/react-query';
import { centsToEuros, FEE_CENTS, NOTICE_HOURS, VALIDITY_MONTHS } from '@parliamo/domain/rules';
import { queries } from './queries.ts';
import { euros, hoursCount } from './format.ts';

import type { SiteConfig } from '@parliamo/domain/contracts';

export type { SiteConfig };

/** Until the server answers: the spec's values (no launch notice, so a notice an admin turned off never flashes). */
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
  const { data } = useQuery(queries.siteConfig());
  return data ?? fallback;
}

/** Whether the server's settings have arrived (the price must not be offered with a guessed fee). */
export function useSiteConfigLoaded(): boolean {
  return useQuery(queries.siteConfig()).isSuccess;
}

/**
 * The copy rules every page states the same way (spec "What the product does and for whom"), with
 * the school's settings in force (/api/site-config; useSchoolRules below). With the spec's
 * values: "Hours must be used within 6 months of purchase.", "... at least 48 hours ahead.", "€3".
 */
export function rulesFor(s: { fee: number; noticeHours: number; validityMonths: number }) {
  const hours = hoursCount(s.noticeHours);
  const fee = euros(s.fee);
  return {
    validity: `Hours must be used within ${s.validityMonths} ${s.validityMonths === 1 ? 'month' : 'months'} of purchase.`,
    booking: `Lessons are booked at least ${hours} ahead.`,
    cancellation: `You can cancel up to ${hours} before the start and get the hour back.`,
    fee: s.fee > 0 ? `Each purchase carries a ${fee} fee.` : 'No fee is added to a purchase.',
  };
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
  const fee = euros(s.fee);
  return text
    .replace(/€3\b/g, fee)
    .replace(/\b6 months\b/g, monthsText(s.validityMonths))
    .replace(/\b6-month\b/g, `${s.validityMonths}-month`)
    .replace(/\b48 hours\b/g, hoursCount(s.noticeHours))
    .replace(/\b48-hour\b/g, `${s.noticeHours}-hour`);
}

/** `withSchoolRules` with the settings in force. */
export function useRulesText(): (text: string) => string {
  const site = useSiteConfig();
  return (text) => withSchoolRules(text, site);
}

/** "6 months", "1 month". */
export const monthsText = (n: number): string => `${n} ${n === 1 ? 'month' : 'months'}`;
