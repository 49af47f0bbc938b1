/**
 * The school's story and people (/about-us): the years of its story and the principles' keys; the
 * words are in the public catalog (`public.about.milestone.<year>`, `public.about.principle.<key>.title|text`).
 */
export const milestones = ['1985', '1994', '2008', '2020', '2025'] as const;

export const principles = ['oneToOne', 'ownTeachers', 'clearRules'] as const;
