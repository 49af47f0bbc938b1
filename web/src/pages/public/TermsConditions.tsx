import { LegalPage } from '../../components/LegalPage.tsx';
import { termsAndConditions } from './content/legal.ts';

/** /terms-conditions: the terms of sale and use. */
export default function TermsConditions() {
  return (
    <LegalPage
      title="Terms and Conditions"
      intro="The terms that apply when you buy lesson hours and book lessons on Parliamo."
      sections={termsAndConditions}
      meta={{
        title: 'Terms and Conditions | Parliamo',
        description: 'Terms of Parliamo: hour packages, the €3 fee, 6-month validity, 48-hour booking and cancellation rules.',
        keywords: 'terms and conditions, cancellation policy, Parliamo, Italian lessons',
        path: '/terms-conditions',
        noindex: true,
      }}
    />
  );
}
