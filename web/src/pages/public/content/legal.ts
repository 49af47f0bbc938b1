/** The privacy policy (with the cookie policy) and the terms and conditions, as sections of text. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export const legalUpdated = '1 September 2025';

export const privacyPolicy: LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      'Parliamo, Scuola di Lingua Italiana, Via dei Serpenti 45, 00184 Roma, Italy, is the data controller for the personal data processed through this website. You can reach us at the contact address shown at the bottom of every page.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'When you register we collect your name, e-mail address, date and place of birth, nationality, address and, if you give them, your phone number, fiscal code and Partita IVA. We need these to create your account and, by Italian law, to issue receipts and invoices.',
      'When you use the platform we record the lesson hours you buy, book, cancel and use, and the payments you make. Card details are handled by our payment provider and never reach our servers.',
    ],
  },
  {
    heading: 'Why we use your data',
    paragraphs: [
      'We use your data to provide the lessons you buy (contract), to keep accounting records (legal obligation), to keep the platform secure (legitimate interest) and, only if you agree, to measure how the site is used (consent).',
    ],
  },
  {
    heading: 'Cookie policy',
    paragraphs: [
      'Essential cookies keep you signed in and protect your session; the site cannot work without them. Your choice in the cookie banner is stored in your browser under the name cookiesAccepted, as "true" if you accept all cookies or "false" if you keep essential cookies only.',
      'With your consent we also use analytics cookies that tell us which pages are visited, without identifying you. You can change your choice at any time by clearing this site’s data in your browser: the banner will ask you again.',
    ],
  },
  {
    heading: 'Who receives your data',
    paragraphs: [
      'Your teacher sees your name and your lessons. Our payment provider processes payments, and our hosting and e-mail providers process data on our behalf under data processing agreements. We do not sell personal data.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'We keep account data while your account is open and accounting records for 10 years, as Italian law requires. The record of lesson hours contains no personal details, so erasing your account removes your personal data without altering the accounts of past lessons.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'Under the GDPR you may ask to access, correct, erase, restrict or receive a copy of your data, and object to its use. Write to us at the contact address. You may also complain to the Garante per la protezione dei dati personali (www.garanteprivacy.it).',
    ],
  },
];

export const termsAndConditions: LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      'Parliamo is the online lesson platform of Parliamo, Scuola di Lingua Italiana, a language school operating in Rome since 1985. Through it, students buy packages of one-hour online lessons from the school’s teachers and book them in the teachers’ calendars.',
    ],
  },
  {
    heading: 'Accounts',
    paragraphs: [
      'You must give true registration details and keep your password secret. You are responsible for what happens in your account. We may suspend an account that breaks these terms.',
    ],
  },
  {
    heading: 'Prices and payment',
    paragraphs: [
      'Each teacher sets an hourly rate in euro, shown on their profile. A package holds between 1 and 30 hours; its price is the number of hours times the hourly rate, plus a fee of €3 per purchase. Payment is by card through our payment provider; hours are credited when the payment is confirmed.',
    ],
  },
  {
    heading: 'Validity of hours',
    paragraphs: [
      'Hours must be used within 6 months of purchase. Hours not booked by then expire and are not refunded. Hours are used oldest first, and hours bought from one teacher can be booked only with that teacher.',
    ],
  },
  {
    heading: 'Booking and cancellation',
    paragraphs: [
      'Lessons last 60 minutes and are booked at least 48 hours before they start. You may cancel a lesson up to 48 hours before its start and the hour returns to your package. Later cancellations and missed lessons count as given. If a teacher cancels, your hour is always returned.',
    ],
  },
  {
    heading: 'Right of withdrawal',
    paragraphs: [
      'As a consumer you may withdraw from a purchase within 14 days, with a refund of the hours not yet used. By booking a lesson within those 14 days you ask us to start the service, and hours already used are not refunded.',
    ],
  },
  {
    heading: 'Law and disputes',
    paragraphs: [
      'These terms are governed by Italian law. Consumers may bring a dispute before the courts of their place of residence or use the EU online dispute resolution platform.',
    ],
  },
];
