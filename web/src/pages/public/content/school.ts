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

/** The copy rules every page states the same way (spec "What the product does and for whom"). */
export const rules = {
  validity: 'Hours must be used within 6 months of purchase.',
  booking: 'Lessons are booked at least 48 hours ahead.',
  cancellation: 'You can cancel up to 48 hours before the start and get the hour back.',
  fee: 'Each purchase carries a €3 fee.',
} as const;
