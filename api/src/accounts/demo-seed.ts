import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@parliamo/domain';
import { withTransaction } from '../db/transaction.ts';
import { hashPassword } from './passwords.ts';
import { insertUser } from './users.ts';

/** Demo sign-ins (SEED_DEMO only; printed in the log at first start). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@parliamo.demo', password: 'parliamo-admin' },
  student: { email: 'student@parliamo.demo', password: 'parliamo-student' },
  teacher: { email: 'giulia.romano@parliamo.demo', password: 'parliamo-teacher' },
} as const;

interface DemoTeacher {
  email: string;
  firstName: string;
  lastName: string;
  bio: string;
  city: string;
  specializations: string[];
  hourlyRateCents: number;
}

const TEACHERS: DemoTeacher[] = [
  {
    email: DEMO_ACCOUNTS.teacher.email, firstName: 'Giulia', lastName: 'Romano', city: 'Roma', hourlyRateCents: 3000,
    bio: 'Insegno italiano a stranieri da dodici anni. Lezioni di conversazione, grammatica e preparazione agli esami CILS e CELI, con materiali autentici presi dalla vita di Roma.',
    specializations: ['Conversation', 'CILS / CELI', 'Grammar'],
  },
  {
    email: 'marco.bianchi@parliamo.demo', firstName: 'Marco', lastName: 'Bianchi', city: 'Roma', hourlyRateCents: 3500,
    bio: 'Italiano per il lavoro: riunioni, email, presentazioni e negoziazioni. Ho lavorato dieci anni in azienda prima di insegnare.',
    specializations: ['Business Italian', 'B2 certification'],
  },
  {
    email: 'chiara.esposito@parliamo.demo', firstName: 'Chiara', lastName: 'Esposito', city: 'Napoli', hourlyRateCents: 2500,
    bio: 'Lezioni per principianti assoluti, con pazienza e tanto ascolto. Cultura, cucina e canzoni italiane per imparare divertendosi.',
    specializations: ['Beginners', 'Culture'],
  },
];

const PERSON = {
  dateOfBirth: '1990-01-01', placeOfBirth: 'Roma', nationality: 'Italian', phoneNumber: null, address: 'Via del Corso 100',
  city: 'Roma', postalCode: '00186', fiscalCode: null, vatNumber: null,
};

/**
 * Into an empty users table only: one admin, one student and three approved teachers with the demo
 * passwords above. Returns the ids by email (empty when there were users already).
 */
export async function seedDemoAccounts(pool: pg.Pool, now: Date, log?: FastifyBaseLogger): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  await withTransaction(pool, async (client) => {
    await client.query('LOCK TABLE users IN EXCLUSIVE MODE');
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM users`);
    if (rows[0].n > 0) return;
    const add = async (role: Role, email: string, password: string, firstName: string, lastName: string, image: string | null = null) =>
      (ids[email] = await insertUser(client, { ...PERSON, email, firstName, lastName, profileImageUrl: image }, await hashPassword(password), role, now));
    await add('admin', DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, 'Alessandra', 'Conti');
    await add('student', DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.student.password, 'Emma', 'Schneider');
    for (const t of TEACHERS) {
      const id = await add('teacher', t.email, DEMO_ACCOUNTS.teacher.password, t.firstName, t.lastName);
      await client.query(
        `INSERT INTO teacher_profiles (user_id, bio, city, country, specializations, hourly_rate_cents, meeting_link, is_approved)
         VALUES ($1, $2, $3, 'Italy', $4, $5, $6, true)`,
        [id, t.bio, t.city, t.specializations, t.hourlyRateCents, `https://meet.google.com/demo-${t.firstName.toLowerCase()}`],
      );
    }
  });
  if (Object.keys(ids).length) {
    log?.info({ accounts: DEMO_ACCOUNTS, teachersPassword: DEMO_ACCOUNTS.teacher.password }, 'demo accounts created (SEED_DEMO)');
  }
  return ids;
}
