/**
 * Demo data for an empty database: teachers with portraits and weekly hours (Luca offers a trial
 * lesson), a pending teacher, a student with packages and past and upcoming lessons, a teacher login
 * and an admin. Every hour goes through the ledger (checkout, payment, booking, completion), exactly as
 * the app makes them.
 */
import type pg from 'pg';
import { addDays, codiceFiscaleCheck, emptyFiscalProfile, lessonEnd, REPORT_WINDOW_HOURS, reportWindowCloses, romeToday, slotStart, weekdayOf, type SchoolFiscalProfile, type WeeklyHours } from '@parliamo/domain';
import { hashPassword, UNUSABLE_PASSWORD } from './accounts/passwords.ts';
import { insertUser } from './accounts/users.ts';
import { saveAvailability } from './teachers/availability-store.ts';
import { bookLesson, completeLesson } from './lessons/commands.ts';
import { reviewLesson } from './reviews/commands.ts';
import { seedAttendanceDemo } from './seed-attendance.ts';
import type { CommandDeps } from './platform/command.ts';
import { buyHours } from './payments/demo-purchase.ts';

/** The sign-ins the demo offers (also listed in README "Demo logins"). */
export const DEMO_LOGINS = [
  { role: 'student', email: 'student@parliamo.test', password: 'studente-demo-1985' },
  { role: 'teacher', email: 'teacher@parliamo.test', password: 'insegnante-demo-1985' },
  { role: 'admin', email: 'admin@parliamo.test', password: 'admin-demo-1985' },
] as const;

interface DemoTeacher {
  key: string;
  firstName: string;
  lastName: string;
  city: string;
  rate: number;
  bio: string;
  specializations: string[];
  weekly: WeeklyHours;
  approved?: boolean;
  /** A trial lesson rate in euros (below `rate`), so the demo shows trial lessons. */
  trialRate?: number;
}

const weekdays = (hours: number[], days = ['1', '2', '3', '4', '5']): WeeklyHours =>
  Object.fromEntries(days.map((d) => [d, hours])) as WeeklyHours;

const TEACHERS: DemoTeacher[] = [
  { key: 'giulia', firstName: 'Giulia', lastName: 'Rossi', city: 'Roma', rate: 30, specializations: ['Conversation', 'Grammar', 'CILS / CELI preparation'], weekly: weekdays([9, 10, 11, 15, 16, 17]), bio: 'Born in Trastevere, I have taught Italian to adults from forty countries for twelve years. My lessons are conversations first: we talk about what interests you, and grammar comes in exactly when you need it.' },
  { key: 'marco', firstName: 'Marco', lastName: 'Bianchi', city: 'Roma', rate: 28, specializations: ['Business Italian', 'Conversation'], weekly: weekdays([8, 9, 12, 13, 18, 19]), bio: 'Former sales manager turned teacher. I help professionals run meetings, write e-mails and negotiate in Italian, with real documents from Italian companies.' },
  { key: 'francesca', firstName: 'Francesca', lastName: 'Conti', city: 'Firenze', rate: 32, specializations: ['B2 certification', 'Literature', 'Grammar'], weekly: weekdays([10, 11, 14, 15], ['1', '3', '5', '6']), bio: 'Literature graduate from Florence. I prepare students for B2 and C1 exams with past papers, timed practice and a lot of reading, from Calvino to Ferrante.' },
  { key: 'luca', firstName: 'Luca', lastName: 'Esposito', city: 'Napoli', rate: 25, trialRate: 15, specializations: ['Beginners', 'Conversation'], weekly: weekdays([16, 17, 18, 19, 20]), bio: 'Patient and cheerful, I specialise in complete beginners. After ten lessons you will order, ask for directions and chat about your day, with a Neapolitan smile.' },
  { key: 'sofia', firstName: 'Sofia', lastName: 'Ricci', city: 'Bologna', rate: 27, specializations: ['Italian for travel', 'Food and culture'], weekly: weekdays([9, 10, 11, 12], ['2', '4', '6']), bio: 'Food lover from Bologna. We learn Italian through markets, recipes and regional traditions, so your next trip to Italy feels like coming home.' },
  { key: 'alessandro', firstName: 'Alessandro', lastName: 'Romano', city: 'Roma', rate: 35, specializations: ['Business Italian', 'Legal Italian', 'B2 certification'], weekly: weekdays([7, 8, 9, 18, 19]), bio: 'Twenty years at the school. I teach Italian for law, finance and public administration, and I coach candidates for the Italian citizenship B1 test.' },
  { key: 'chiara', firstName: 'Chiara', lastName: 'Colombo', city: 'Milano', rate: 29, specializations: ['Pronunciation', 'Conversation', 'Kids and teens'], weekly: weekdays([14, 15, 16, 17]), bio: 'Actress and voice coach. If you want to sound Italian, not just speak it, we work on rhythm, intonation and the gestures that go with them.' },
  { key: 'davide', firstName: 'Davide', lastName: 'Greco', city: 'Palermo', rate: 24, specializations: ['Grammar', 'Beginners', 'Exam preparation'], weekly: weekdays([8, 9, 10, 11, 12], ['1', '2', '3', '4', '5', '6']), bio: 'Clear explanations, structured plans and plenty of exercises. I love turning the subjunctive from a monster into a friend.' },
  { key: 'elena', firstName: 'Elena', lastName: 'Marino', city: 'Venezia', rate: 31, specializations: ['Art and history', 'Conversation', 'Literature'], weekly: weekdays([11, 12, 13, 17, 18]), bio: 'Art historian from Venice. Our lessons visit museums, churches and films, so vocabulary sticks because it comes with a story.' },
  { key: 'paolo', firstName: 'Paolo', lastName: 'Gallo', city: 'Torino', rate: 26, specializations: ['Conversation'], weekly: weekdays([9, 10]), approved: false, bio: 'New at the school: my profile is waiting for approval.' },
];

const details = (email: string, firstName: string, lastName: string, city: string) => ({
  email,
  firstName,
  lastName,
  dateOfBirth: '1988-04-21',
  placeOfBirth: city,
  nationality: 'Italian',
  phoneNumber: null,
  address: 'Via dei Coronari 12',
  city,
  postalCode: '00186',
  fiscalCode: null,
  vatNumber: null,
});

/**
 * Plainly fictitious fiscal data, so the demo's purchases get their FatturaPA invoices: the school's
 * profile (a Partita IVA with a valid check digit that belongs to no one we know of) and Anna's codice
 * fiscale, built from her demo name and birth date. Marta has none: her invoices wait as incomplete.
 */
async function seedFiscalData(db: CommandDeps['db'], studentId: string): Promise<void> {
  const profile: SchoolFiscalProfile = {
    ...emptyFiscalProfile,
    name: 'Parliamo Scuola Demo S.r.l. (dati fittizi)', // i18n-ignore: fictitious fiscal data of the demo
    partitaIva: '12345678903',
    codiceFiscale: '12345678903',
    address: 'Via dei Serpenti 45', // i18n-ignore: fictitious fiscal data of the demo
    postalCode: '00184',
    city: 'Roma',
    province: 'RM',
  };
  await db.query(`INSERT INTO school_fiscal_profile (profile, updated_by) VALUES ($1, 'demo seed')`, [JSON.stringify(profile)]);
  const first15 = 'SCHNNA88D61H501';
  await db.query(`UPDATE users SET fiscal_code = $2, country = 'IT' WHERE id = $1`, [studentId, first15 + codiceFiscaleCheck(first15)]);
}

/** Whether the demo accounts exist (their sign-ins are printed at start-up). */
export async function hasDemoLogins(db: pg.Pool): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM users WHERE email = $1`, [DEMO_LOGINS[0].email]);
  return rowCount === 1;
}

/** Whether the database has no people yet (the only time the demo seeds). */
export async function isEmpty(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM users) AS empty`);
  return rows[0].empty;
}

/** The first slot of the teacher's weekly hours on or after `from` (skipping `skip` of them). */
function teachingSlot(weekly: WeeklyHours, from: string, skip = 0): { date: string; hour: number } {
  let left = skip;
  for (let date = from; ; date = addDays(date, 1)) {
    for (const hour of weekly[String(weekdayOf(date)) as keyof WeeklyHours] ?? []) {
      if (!slotStart(date, hour)) continue;
      if (left-- === 0) return { date, hour };
    }
  }
}

const DAY = 86_400_000;

/** Seeds the demo into an empty database. */
export async function seedDemo(deps: CommandDeps): Promise<void> {
  const now = deps.clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const today = romeToday(now);
  const password = Object.fromEntries(await Promise.all(DEMO_LOGINS.map(async (l) => [l.role, await hashPassword(l.password)] as const)));

  const ids: Record<string, string> = {};
  for (const t of TEACHERS) {
    const email = t.key === 'giulia' ? 'teacher@parliamo.test' : `${t.key}.${t.lastName.toLowerCase()}@parliamo.test`;
    const id = await insertUser(
      deps.db,
      { ...details(email, t.firstName, t.lastName, t.city), profileImageUrl: `/teachers/${t.key}.svg` },
      t.key === 'giulia' ? password.teacher! : UNUSABLE_PASSWORD,
      'teacher',
      ago(120),
    );
    await deps.db.query(
      `INSERT INTO teacher_profiles (user_id, bio, city, country, specializations, hourly_rate_cents, meeting_link, is_approved, trial_rate_cents)
       VALUES ($1, $2, $3, 'Italy', $4, $5, $6, $7, $8)`,
      [id, t.bio, t.city, t.specializations, t.rate * 100, `https://meet.google.com/prl-${t.key.slice(0, 4)}-demo`, t.approved ?? true, t.trialRate === undefined ? null : t.trialRate * 100],
    );
    await saveAvailability(deps.db, id, { weekly: t.weekly, daysOff: [addDays(today, 20)] }, now);
    ids[t.key] = id;
  }
  await insertUser(deps.db, details('admin@parliamo.test', 'Alessia', 'Ferri', 'Roma'), password.admin!, 'admin', ago(365));
  const student = await insertUser(deps.db, details('student@parliamo.test', 'Anna', 'Schmidt', 'Roma'), password.student!, 'student', ago(60));
  const other = await insertUser(deps.db, details('marta.lopez@parliamo.test', 'Marta', 'Lopez', 'Roma'), UNUSABLE_PASSWORD, 'student', ago(90));
  await seedFiscalData(deps.db, student);

  // The story, replayed in time order so every history reads chronologically: purchases, bookings,
  // and each past lesson completed when its report window closed, as the timer would have done.
  const story: { at: Date; run: () => Promise<unknown> }[] = [];
  const buy = (studentId: string, key: string, hours: number, at: Date) => {
    const rateCents = TEACHERS.find((t) => t.key === key)!.rate * 100;
    story.push({ at, run: () => buyHours(deps, { studentId, teacherId: ids[key]!, hours, rateCents, at }) });
  };
  const book = (studentId: string, key: string, at: Date, fromDate: string, skip: number, notes: string | null) => {
    const slot = teachingSlot(TEACHERS.find((t) => t.key === key)!.weekly, fromDate, skip);
    let lessonId = '';
    story.push({
      at,
      run: async () => {
        lessonId = await bookLesson(deps, { studentId, teacherId: ids[key]!, ...slot, notes }, { now: at, notify: false });
      },
    });
    const endsAt = lessonEnd(slotStart(slot.date, slot.hour)!);
    const completesAt = reportWindowCloses(slotStart(slot.date, slot.hour)!.toISOString(), REPORT_WINDOW_HOURS);
    if (completesAt.getTime() <= now.getTime()) story.push({ at: completesAt, run: () => completeLesson(deps, lessonId, { now: completesAt }) });
    return { endsAt, completesAt, id: () => lessonId };
  };
  /** The student reviews a past lesson two hours after it completed. */
  const review = (studentId: string, lesson: { completesAt: Date; id: () => string }, rating: number, comment: string | null) => {
    const at = new Date(lesson.completesAt.getTime() + 2 * 3600_000);
    story.push({ at, run: () => reviewLesson(deps, { lessonId: lesson.id(), studentId, rating, comment, edit: false }, { now: at }) });
  };

  // Anna: 10 hours with Giulia bought 45 days ago (3 lessons given, 2 coming), 5 with Marco 10 days ago.
  buy(student, 'giulia', 10, ago(45));
  book(student, 'giulia', ago(44), addDays(today, -40), 0, 'First lesson: introductions');
  book(student, 'giulia', ago(30), addDays(today, -26), 1, 'Passato prossimo');
  book(student, 'giulia', ago(12), addDays(today, -8), 0, null);
  book(student, 'giulia', ago(1), addDays(today, 3), 0, 'Conversation about Roman food');
  book(student, 'giulia', ago(1), addDays(today, 8), 2, null);
  buy(student, 'marco', 5, ago(10));
  book(student, 'marco', ago(1), addDays(today, 5), 0, 'Preparing a job interview');
  // Marta: Giulia's other student, with lessons in the last two months (the teacher's earnings).
  buy(other, 'giulia', 5, ago(70));
  review(other, book(other, 'giulia', ago(69), addDays(today, -60), 3, null), 5, 'Patient and well prepared: I finally understand when to use the congiuntivo.');
  review(other, book(other, 'giulia', ago(40), addDays(today, -35), 4, null), 4, null);
  book(other, 'giulia', ago(9), addDays(today, -6), 2, null);
  story.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of story) await step.run();
  // Anna's lessons with Giulia that show attendance: two in their report window, two disputes for the admin.
  const giulia = TEACHERS.find((t) => t.key === 'giulia')!;
  await seedAttendanceDemo(deps, { studentId: student, teacherId: ids.giulia!, rateCents: giulia.rate * 100, now, availability: { weekly: giulia.weekly, daysOff: [addDays(today, 20)] } });
}
