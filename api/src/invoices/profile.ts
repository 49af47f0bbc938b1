import type pg from 'pg';
import { DomainError, fiscalProfileProblem, missingSchoolFields, normalizedProfile, type SchoolFiscalProfile } from '@parliamo/domain';
import { fiscalProfile, rewriteWaitingDocuments } from './documents.ts';

/** The profile and what it still lacks for an invoice. */
export async function fiscalProfileAnswer(pool: pg.Pool) {
  const profile = await fiscalProfile(pool);
  return { profile, missing: missingSchoolFields(profile) };
}

/**
 * Saves the school's fiscal profile (a wrong checksum or treatment is refused with a 400), then writes
 * again the documents that waited for it.
 */
export async function saveFiscalProfile(pool: pg.Pool, adminId: string, body: SchoolFiscalProfile) {
  const profile = normalizedProfile(body);
  const problem = fiscalProfileProblem(profile);
  if (problem) throw new DomainError('invalid', problem);
  await pool.query(
    `INSERT INTO school_fiscal_profile (id, profile, updated_by, updated_at) VALUES (true, $1, $2, now())
     ON CONFLICT (id) DO UPDATE SET profile = EXCLUDED.profile, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [JSON.stringify(profile), adminId],
  );
  await rewriteWaitingDocuments(pool);
  return fiscalProfileAnswer(pool);
}
