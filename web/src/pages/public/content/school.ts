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
