/**
 * Questions visitors ask before their first purchase (/faq): the groups and how many questions each
 * has; the words are in the public catalog (`public.faq.<group>.title`, `public.faq.<group>.<i>.question|answer`),
 * written with the school's rules as arguments ({fee}, {months}, {notice}).
 */
export const faq = [
  { key: 'hours', entries: 5 },
  { key: 'booking', entries: 4 },
  { key: 'teachers', entries: 4 },
] as const;
