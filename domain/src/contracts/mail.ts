import { z } from 'zod';

/** GET /api/admin/mails query: the mails still pending (default) or given up after every attempt. */
export const adminMailsQuerySchema = z.object({
  status: z.enum(['pending', 'failed'], { error: 'status must be pending or failed' }).default('pending'),
});

/** One queued mail as the admin's "Mail delivery" screen shows it. */
export const adminMailSchema = z.object({
  id: z.string(),
  kind: z.enum(['booking-confirmed', 'booking-cancelled', 'lesson-reminder', 'expiry-month', 'expiry-week']),
  status: z.enum(['pending', 'sent', 'failed', 'skipped']),
  recipientRole: z.enum(['student', 'teacher']),
  /** Known once the mail was written (its first attempt). */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ISO instant; null when it is not waiting for an attempt (failed). */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;
