import { LegalPage } from '../LegalPage.tsx';
import { privacyPolicy } from '../content/legal.ts';
import { useT } from '../../../lib/i18n.tsx';

/** /privacy-policy, with the cookie policy the cookie banner links to. */
export default function PrivacyPolicy() {
  const t = useT();
  return (
    <LegalPage
      title={t('public.privacy.title')}
      intro={t('public.privacy.intro')}
      sections={privacyPolicy}
      meta={{
        title: t('public.privacy.meta.title'),
        description: t('public.privacy.meta.description'),
        keywords: t('public.privacy.meta.keywords'),
        path: '/privacy-policy',
        noindex: true,
      }}
    />
  );
}
