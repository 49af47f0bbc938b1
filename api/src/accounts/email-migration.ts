import type pg from 'pg';
import { normalizeEmail } from '@parliamo/domain';
import type { MigrationLog } from '../platform/db/migrate.ts';

/**
 * Stores every account's email in its normal form (normalizeEmail), the form every lookup compares.
 * Accounts whose addresses become one are never merged: the one already in normal form keeps it (else
 * the oldest account), the others keep their address as stored, and the log names them by id (no
 * address: logs must not hold personal data) for an admin to settle. Running it again changes nothing.
 */
export async function normaliseStoredEmails(client: pg.PoolClient, log: MigrationLog): Promise<void> {
  const { rows } = await client.query<{ id: string; email: string }>(`SELECT id, email FROM users ORDER BY created_at, id`);
  const byForm = new Map<string, { id: string; email: string }[]>();
  for (const row of rows) {
    const form = normalizeEmail(row.email);
    byForm.set(form, [...(byForm.get(form) ?? []), row]);
  }
  for (const [form, accounts] of byForm) {
    const keeper = accounts.find((a) => a.email === form) ?? accounts[0]!;
    if (keeper.email !== form) await client.query(`UPDATE users SET email = $2 WHERE id = $1`, [keeper.id, form]);
    const others = accounts.filter((a) => a !== keeper);
    if (others.length) {
      log(
        `accounts ${[keeper, ...others].map((a) => a.id).join(', ')} have one email address once normalised: ` +
          `${keeper.id} has it; ${others.map((a) => a.id).join(', ')} kept their address as it was and cannot sign in with it until an admin settles it.`,
      );
    }
  }
}
