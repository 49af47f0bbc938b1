/** Facts about the school shown on several pages; the contact e-mail comes from /api/site-config. */
export const school = {
  name: 'Parliamo, Scuola di Lingua Italiana',
  founded: 1985,
  street: 'Via dei Serpenti 45',
  postalCity: '00184 Roma',
  country: 'Italy',
  phone: '+39 06 4890 2215',
  phoneHref: 'tel:+390648902215',
  hours: [
    { days: 'Monday to Friday', time: '09:00–19:00' },
    { days: 'Saturday', time: '09:30–13:00' },
    { days: 'Sunday and public holidays', time: 'Closed' },
  ],
  metro: 'Metro B, Cavour station (4 minutes on foot); buses 75 and 117 stop on Via Cavour.',
} as const;

/**
 * The copy rules every page states the same way (spec "What the product does and for whom"), with
 * the school's settings in force (/api/site-config; lib/site.ts useSchoolRules). With the spec's
 * values: "Hours must be used within 6 months of purchase.", "... at least 48 hours ahead.", "€3".
 */
export function rulesFor(s: { fee: number; noticeHours: number; validityMonths: number }) {
  const hours = `${s.noticeHours} ${s.noticeHours === 1 ? 'hour' : 'hours'}`;
  const fee = Number.isInteger(s.fee) ? `€${s.fee}` : `€${s.fee.toFixed(2)}`;
  return {
    validity: `Hours must be used within ${s.validityMonths} ${s.validityMonths === 1 ? 'month' : 'months'} of purchase.`,
    booking: `Lessons are booked at least ${hours} ahead.`,
    cancellation: `You can cancel up to ${hours} before the start and get the hour back.`,
    fee: s.fee > 0 ? `Each purchase carries a ${fee} fee.` : 'No fee is added to a purchase.',
  };
}
