/** The benchmarks' extra students (bench-student-N@parliamo.test), added straight to the users table. */
import type pg from 'pg';
import { hashPassword } from '../../../api/src/accounts/passwords.ts';
import { insertUser } from '../../../api/src/accounts/users.ts';
import { BENCH_PASSWORD } from './app-child.ts';

/** Adds `n` students who sign in as bench-student-N@parliamo.test with BENCH_PASSWORD (benchBookers signs them in). */
export async function addBenchStudents(pool: pg.Pool, n: number): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  for (let i = 0; i < n; i++) {
    const details = {
      email: `bench-student-${i}@parliamo.test`, firstName: 'Bench', lastName: `Student ${i}`, dateOfBirth: '1990-01-01',
      placeOfBirth: 'Roma', nationality: 'Italian', phoneNumber: null, address: 'Via Roma 1', city: 'Roma',
      postalCode: '00100', fiscalCode: null, vatNumber: null,
    };
    await insertUser(pool, details, hash, 'student', new Date());
  }
}
