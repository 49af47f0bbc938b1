// The HTTP contract of the admin's ledger browser (docs/api.md "Admin"). The admin's user, teacher,
// payment and adjustment contracts live with their capability (accounts.ts, payments.ts, packages.ts).
import { z } from 'zod';
import { answer } from './common.ts';

/** Positions are two PostgreSQL bigints; a cursor outside that range names no position. */
const BIGINT_MAX = 9223372036854775807n;
const isPosition = (v: string) => {
  const m = /^(\d{1,19}):(\d{1,19})$/.exec(v);
  return !!m && BigInt(m[1]!) <= BIGINT_MAX && BigInt(m[2]!) <= BIGINT_MAX;
};

/** GET /api/admin/ledger?stream=&userId=&after=: newest first, 100 a page; `after` is the last position seen. */
export const ledgerQuerySchema = z.strictObject(
  {
    stream: z.string('stream must be one stream name').max(200, 'stream is too long').optional(),
    userId: z.string('userId must be one id').max(100, 'userId is too long').optional(),
    after: z.string('after must be one ledger position').refine(isPosition, 'after must be a ledger position like 123:45').optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown query parameter: ${iss.keys.join(', ')}` : undefined) },
);
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = answer({
  eventId: z.string(),
  position: z.string(),
  stream: z.string(),
  revision: z.union([z.number(), z.string()]),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerPageSchema = z.array(ledgerEntrySchema);
