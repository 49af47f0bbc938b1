import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/db.ts';
import { withTransaction } from '../platform/db/transaction.ts';
import { normaliseStoredEmails } from './email-migration.ts';

// The migration that stores every email in its normal form, on addresses an older version stored as typed.
describe('accounts/009-normalised-emails on existing accounts', () => {
  const db = useTestDatabase();
  const insert = async (email: string, createdAt: string) =>
    (await db.pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, created_at) VALUES ($1, 'x', 'A', 'B', $2) RETURNING id`,
      [email, createdAt],
    )).rows[0]!.id;
  const emailOf = async (id: string) => (await db.pool.query(`SELECT email FROM users WHERE id = $1`, [id])).rows[0].email as string;

  it('normalises each address; where two become one it merges nothing: one keeps the address, the others are logged by id', async () => {
    const mario = await insert('Mario.Rossi@Example.TEST', '2026-01-01T00:00:00Z');
    // Two accounts that become one address, one of them already in normal form: that one keeps it.
    const giulia = await insert('giulia@example.test', '2026-01-03T00:00:00Z');
    const giuliaWide = await insert('ｇｉｕｌｉａ@example.test', '2026-01-02T00:00:00Z');
    // Neither in normal form: the older account gets it.
    const lucaOld = await insert('ＬＵＣＡ@example.test', '2026-01-04T00:00:00Z');
    const lucaNew = await insert('Ｌｕｃａ@example.test', '2026-01-05T00:00:00Z');
    const lines: string[] = [];
    await withTransaction(db.pool, (client) => normaliseStoredEmails(client, (line) => lines.push(line)));

    expect(await emailOf(mario)).toBe('mario.rossi@example.test');
    expect(await emailOf(giulia)).toBe('giulia@example.test');
    expect(await emailOf(giuliaWide)).toBe('ｇｉｕｌｉａ@example.test');
    expect(await emailOf(lucaOld)).toBe('luca@example.test');
    expect(await emailOf(lucaNew)).toBe('Ｌｕｃａ@example.test');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${giulia} has it; ${giuliaWide} kept their address`);
    expect(lines[1]).toContain(`${lucaOld} has it; ${lucaNew} kept their address`);
    for (const line of lines) expect(line).not.toMatch(/@/); // ids only: no personal data in the log

    // Again: nothing changes, the same accounts are named.
    const again: string[] = [];
    await withTransaction(db.pool, (client) => normaliseStoredEmails(client, (line) => again.push(line)));
    expect(again).toEqual(lines);
    expect(await emailOf(lucaNew)).toBe('Ｌｕｃａ@example.test');
  });
});
