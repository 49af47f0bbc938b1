/** The fixed copy of the home page (spec "Home page"). */

export const valueCards = [
  {
    title: 'Teachers from Rome',
    text: 'Every teacher is a native speaker trained by our school, which has taught Italian in the heart of Rome since 1985.',
  },
  {
    title: 'Pay only for the hours you need',
    text: 'Buy a package of 1 to 30 hours from the teacher you choose. The price is the teacher’s hourly rate plus a €3 fee per purchase.',
  },
  {
    title: 'Lessons that fit your week',
    text: 'Book one-hour online lessons at least 48 hours ahead, and cancel up to 48 hours before the start to get your hour back.',
  },
] as const;

export const howItWorks = [
  {
    step: '1',
    title: 'Choose your teacher',
    text: 'Read the profiles, compare specializations and hourly rates, and pick the teacher who suits your goals.',
  },
  {
    step: '2',
    title: 'Buy a package of hours',
    text: 'Choose how many hours you want, from 1 to 30, and pay securely by card. Your hours are valid for 6 months.',
  },
  {
    step: '3',
    title: 'Book and start speaking',
    text: 'Pick a free slot in your teacher’s calendar at least 48 hours ahead and meet online with the link in your dashboard.',
  },
] as const;

export interface Testimonial {
  id: number;
  name: string;
  country: string;
  course: string;
  rating: number;
  text: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Sarah Mitchell',
    country: 'United Kingdom',
    course: 'General Italian',
    rating: 5,
    text: 'I started from zero before moving to Rome. After three months of lessons I could rent a flat, open a bank account and chat with my neighbours at the market.',
  },
  {
    id: 2,
    name: 'Daniel Weber',
    country: 'Germany',
    course: 'B2 Certification',
    rating: 5,
    text: 'My teacher knew the CILS B2 exam inside out: timed writing tasks, listening practice and honest feedback every week. I passed on the first attempt.',
  },
  {
    id: 3,
    name: 'Akiko Tanaka',
    country: 'Japan',
    course: 'Business Italian',
    rating: 5,
    text: 'We rehearsed real meetings, e-mails and phone calls with Italian suppliers. Booking around my work schedule was easy, and the hours never went to waste.',
  },
];

export interface Certification {
  id: string;
  name: string;
  logo: string;
}

export const certifications: Certification[] = [
  { id: 'cils', name: 'CILS, Università per Stranieri di Siena', logo: '/images/certifications/cils.svg' },
  { id: 'celi', name: 'CELI, Università per Stranieri di Perugia', logo: '/images/certifications/celi.svg' },
  { id: 'plida', name: 'PLIDA, Società Dante Alighieri', logo: '/images/certifications/plida.svg' },
  { id: 'asils', name: 'ASILS, Italian language schools association', logo: '/images/certifications/asils.svg' },
];
