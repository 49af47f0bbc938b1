/**
 * The privacy policy (with the cookie policy) and the terms and conditions, as sections of text: each
 * section's key and its number of paragraphs; the words are in the public catalog
 * (`public.<document>.<section>.heading`, `public.<document>.<section>.<i>`), written with the school's
 * rules as arguments ({fee}, {months}, {notice}).
 */
export interface LegalSection {
  key: string;
  paragraphs: number;
}

/** The day the texts were last changed (a Rome date). */
export const legalUpdated = '2025-09-01';

export const privacyPolicy: LegalSection[] = [
  { key: 'privacy.whoWeAre', paragraphs: 1 },
  { key: 'privacy.whatWeCollect', paragraphs: 2 },
  { key: 'privacy.whyWeUse', paragraphs: 1 },
  { key: 'privacy.cookies', paragraphs: 2 },
  { key: 'privacy.recipients', paragraphs: 1 },
  { key: 'privacy.retention', paragraphs: 1 },
  { key: 'privacy.rights', paragraphs: 1 },
];

export const termsAndConditions: LegalSection[] = [
  { key: 'terms.service', paragraphs: 1 },
  { key: 'terms.accounts', paragraphs: 1 },
  { key: 'terms.prices', paragraphs: 1 },
  { key: 'terms.validity', paragraphs: 1 },
  { key: 'terms.booking', paragraphs: 1 },
  { key: 'terms.withdrawal', paragraphs: 1 },
  { key: 'terms.law', paragraphs: 1 },
];
