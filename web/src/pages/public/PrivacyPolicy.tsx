import { LegalPage } from '../../components/LegalPage.tsx';
import { privacyPolicy } from './content/legal.ts';

/** /privacy-policy, with the cookie policy the cookie banner links to. */
export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy and Cookie Policy"
      intro="How Parliamo collects, uses and protects your personal data, and how we use cookies, under the EU General Data Protection Regulation."
      sections={privacyPolicy}
      meta={{
        title: 'Privacy and Cookie Policy | Parliamo',
        description: 'How Parliamo processes personal data and uses cookies, and your rights under the GDPR.',
        keywords: 'privacy policy, cookie policy, GDPR, Parliamo',
        path: '/privacy-policy',
        noindex: true,
      }}
    />
  );
}
