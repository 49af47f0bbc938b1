/** The fixed copy of the home page. */

/** The value cards' and the steps' keys: `public.home.value.<key>.title|text`, `public.home.how.<step>.title|text`. */
export const valueCards = ['teachersFromRome', 'payForHours', 'fitsYourWeek'] as const;

export const howItWorks = ['1', '2', '3'] as const;

/** A student's words; country, course and text are in the catalog (`public.home.testimonial.<id>.country|course|text`). */
export interface Testimonial {
  id: number;
  name: string;
  rating: number;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Sarah Mitchell',
    rating: 5,
  },
  {
    id: 2,
    name: 'Daniel Weber',
    rating: 5,
  },
  {
    id: 3,
    name: 'Akiko Tanaka',
    rating: 5,
  },
];

/** An exam or accreditation; `name` is the catalog key of its name (`public.home.certification.<id>`). */
export interface Certification {
  id: string;
  name: string;
  logo: string;
}

export const certifications: Certification[] = [
  { id: 'cils', name: 'public.home.certification.cils', logo: '/images/certifications/cils.svg' },
  { id: 'celi', name: 'public.home.certification.celi', logo: '/images/certifications/celi.svg' },
  { id: 'plida', name: 'public.home.certification.plida', logo: '/images/certifications/plida.svg' },
  { id: 'asils', name: 'public.home.certification.asils', logo: '/images/certifications/asils.svg' },
];
