/**
 * The school's courses (/courses and /courses/{id}). A course has no price of its own: "From €X per
 * hour" is the lowest rate of the teachers who teach it (lib/courses.ts), read from GET /api/teachers.
 */
export interface Course {
  id: string;
  title: string;
  level: string;
  tagline: string;
  summary: string;
  description: string[];
  outcomes: string[];
  forWhom: string;
  suggestedHours: string;
  /** The teacher specialization that teaches this course; null when every teacher does. */
  specialization: string | null;
  keywords: string;
}

export const courses: Course[] = [
  {
    id: 'general-italian',
    title: 'General Italian',
    level: 'A1 to C1',
    tagline: 'Speak, understand and live in Italian, from your first words to fluent conversation.',
    summary:
      'One-to-one lessons that build speaking, listening, reading and writing together, following the levels of the Common European Framework.',
    description: [
      'General Italian is the course our school has taught since 1985, rebuilt for online one-to-one lessons. Your teacher assesses your level in the first lesson and plans the hours around what you need: ordering at a bar in Trastevere, following the news on RAI, or reading Calvino in the original.',
      'Each lesson mixes conversation with grammar in context, vocabulary you can use straight away and short exercises for the days between lessons. Materials are shared in the lesson and stay with you.',
    ],
    outcomes: [
      'Hold everyday conversations with confidence',
      'Master the present, past and future tenses and the subjunctive at your level',
      'Understand native speakers at natural speed',
      'Write clear e-mails, messages and short texts',
    ],
    forWhom: 'Beginners, travellers, people moving to Italy and anyone who wants to keep their Italian alive.',
    suggestedHours: 'About 40 to 60 hours per level; most students take 2 lessons a week.',
    specialization: null,
    keywords: 'general Italian course, Italian lessons online, learn Italian A1, Italian conversation',
  },
  {
    id: 'b2-certification',
    title: 'B2 Certification',
    level: 'B1+ to B2',
    tagline: 'Prepare for the CILS, CELI or PLIDA B2 exam with a teacher who knows it.',
    summary:
      'Exam training for the B2 certificates recognised by Italian universities and required for citizenship and many jobs.',
    description: [
      'A B2 certificate is required to enrol at most Italian universities and is accepted for many professional registers. Our teachers prepare candidates for CILS (Siena), CELI (Perugia) and PLIDA (Dante Alighieri) every session.',
      'Lessons follow the structure of the exam you will sit: listening, reading, grammar, writing and the oral test. You practise on past papers under timed conditions and get detailed corrections of every written task.',
    ],
    outcomes: [
      'Know the format and marking of each section of the exam',
      'Write argumentative texts and formal letters within the time limit',
      'Handle the oral exam: presentation, discussion and role play',
      'Close the grammar gaps that cost the most points',
    ],
    forWhom: 'Students at B1 level or above who need a B2 certificate for study, work or citizenship.',
    suggestedHours: 'About 30 hours over 2 to 3 months before the exam date.',
    specialization: 'B2 certification',
    keywords: 'B2 Italian certification, CILS B2 preparation, CELI B2, PLIDA B2, Italian exam course',
  },
  {
    id: 'business-italian',
    title: 'Business Italian',
    level: 'B1 to C1',
    tagline: 'Meetings, negotiations and e-mails in the Italian of the workplace.',
    summary:
      'Italian for professionals: the language, register and habits of Italian offices, shaped around your sector.',
    description: [
      'Business Italian is built around your job. Your teacher works with the documents, calls and meetings you actually face, in fashion, food, tourism, law, engineering or finance, and trains the formal register Italians expect at work.',
      'You rehearse presentations, negotiations and phone calls, learn to write formal e-mails and reports, and understand the unwritten rules of working with Italian colleagues and clients.',
    ],
    outcomes: [
      'Lead and follow meetings and conference calls',
      'Write formal e-mails, offers and short reports',
      'Negotiate and present with the right register',
      'Use the vocabulary of your own sector',
    ],
    forWhom: 'Professionals at B1 level or above who work with Italian companies or plan to work in Italy.',
    suggestedHours: 'Packages of 10 to 20 hours focused on a goal, renewed as your needs change.',
    specialization: 'Business Italian',
    keywords: 'business Italian course, Italian for work, professional Italian lessons, Italian for business',
  },
];

export function findCourse(id: string | undefined): Course | undefined {
  return courses.find((c) => c.id === id);
}
