/** Questions visitors ask before their first purchase (/faq). */
export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqGroup {
  title: string;
  entries: FaqEntry[];
}

export const faq: FaqGroup[] = [
  {
    title: 'Hours and payments',
    entries: [
      {
        question: 'How does buying hours work?',
        answer:
          'You buy a package of lesson hours from one teacher. A package holds between 1 and 30 hours; the price is the number of hours times the teacher’s hourly rate, plus a €3 fee per purchase. You pay by card on a secure payment page.',
      },
      {
        question: 'What is the €3 fee?',
        answer:
          'Every purchase carries a fixed €3 fee that covers payment processing and administration, however many hours you buy. Buying more hours at once means paying the fee less often.',
      },
      {
        question: 'How long are my hours valid?',
        answer:
          'Hours must be used within 6 months of purchase. Your dashboard shows how many hours remain in each package and when it expires; the oldest hours are used first.',
      },
      {
        question: 'Which currency do you use?',
        answer: 'All prices are in euro: the hourly rates, the €3 fee and the total you pay at checkout.',
      },
      {
        question: 'Can I get an invoice?',
        answer:
          'Yes. Add your fiscal code (required only for Italian residents) or your Partita IVA to your profile and write to us: we send the invoice by e-mail.',
      },
    ],
  },
  {
    title: 'Booking and cancelling',
    entries: [
      {
        question: 'How far ahead must I book?',
        answer:
          'Lessons are booked at least 48 hours ahead, so your teacher can prepare. Each lesson lasts one hour and starts on the hour, Rome time.',
      },
      {
        question: 'Can I cancel a lesson?',
        answer:
          'Yes, up to 48 hours before it starts: the hour goes back to your package. A lesson cancelled later than that, or missed, counts as given.',
      },
      {
        question: 'Which time zone are lesson times in?',
        answer:
          'Teachers publish their free slots in Rome time (CET in winter, CEST in summer). Your calendar export carries the time zone, so your own calendar shows your local time.',
      },
      {
        question: 'Where do the lessons take place?',
        answer:
          'Online, by video call. The meeting link appears with each booked lesson in your dashboard. All you need is a computer or tablet with a camera and a headset.',
      },
    ],
  },
  {
    title: 'Teachers and courses',
    entries: [
      {
        question: 'Who are the teachers?',
        answer:
          'Native Italian speakers with a degree and a qualification in teaching Italian as a foreign language (DITALS or equivalent), trained and approved by our school in Rome.',
      },
      {
        question: 'Can I change teacher?',
        answer:
          'Yes. Hours belong to the package of the teacher you bought them from, so simply buy your next package from a different teacher.',
      },
      {
        question: 'Do you prepare for certification exams?',
        answer:
          'Yes. Our B2 Certification course prepares for CILS, CELI and PLIDA, and many teachers also prepare candidates for other levels.',
      },
      {
        question: 'I am a complete beginner. Is that a problem?',
        answer: 'Not at all. Many of our students start from zero with the General Italian course.',
      },
    ],
  },
];
