import { LegalPage } from '../LegalPage.tsx';
import { termsAndConditions } from '../content/legal.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useRuleValues } from '../../../lib/rule-values.ts';

/** /terms-conditions: the terms of sale and use. */
export default function TermsConditions() {
  const t = useT();
  const rules = useRuleValues();
  return (
    <LegalPage
      title={t('public.terms.title')}
      intro={t('public.terms.intro')}
      sections={termsAndConditions}
      meta={{
        title: t('public.terms.meta.title'),
        description: t('public.terms.meta.description', rules),
        keywords: t('public.terms.meta.keywords'),
        path: '/terms-conditions',
        noindex: true,
      }}
    />
  );
}
