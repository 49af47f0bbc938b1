/**
 * The school's settings in force as message arguments for the public copy (docs/i18n.md): `{fee}` "€3",
 * `{months}` "6 months", `{notice}` "48 hours", and the bare numbers `{validityMonths}`, `{noticeHours}`.
 */
import { euros, hoursCount } from './format.ts';
import { t } from './i18n-store.ts';
import { useSiteConfig, type SiteConfig } from './site.ts';

export type RuleValues = ReturnType<typeof ruleValues>;

export function ruleValues(s: Pick<SiteConfig, 'fee' | 'noticeHours' | 'validityMonths'>) {
  return {
    fee: euros(s.fee),
    months: t('public.format.months', { count: s.validityMonths }),
    notice: hoursCount(s.noticeHours),
    validityMonths: s.validityMonths,
    noticeHours: s.noticeHours,
  };
}

/** The arguments with the settings in force (/api/site-config). */
export function useRuleValues(): RuleValues {
  return ruleValues(useSiteConfig());
}

/** The copy rules every page states the same way (lib/site.ts rulesFor), in the active language. */
export function useRuleSentences() {
  const site = useSiteConfig();
  const v = ruleValues(site);
  return {
    validity: t('public.rules.validity', v),
    booking: t('public.rules.booking', v),
    cancellation: t('public.rules.cancellation', v),
    fee: site.fee > 0 ? t('public.rules.fee', v) : t('public.rules.noFee'),
  };
}
