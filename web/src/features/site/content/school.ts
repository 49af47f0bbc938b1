/**
 * Facts about the school shown on several pages; the contact e-mail comes from /api/site-config. The
 * country, the opening days and the directions are in the public catalog (`public.contact.*`).
 */
export const school = {
  name: 'Parliamo, Scuola di Lingua Italiana',
  founded: 1985,
  street: 'Via dei Serpenti 45',
  postalCity: '00184 Roma',
  phone: '+39 06 4890 2215',
  phoneHref: 'tel:+390648902215',
  /** Opening hours: the days' key (`public.contact.days.<key>`) and the time, or null when closed. */
  hours: [
    { days: 'weekdays', time: '09:00–19:00' },
    { days: 'saturday', time: '09:30–13:00' },
    { days: 'holidays', time: null },
  ],
} as const;
