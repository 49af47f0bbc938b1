import { z } from 'zod';
import { cursorQuery, limitQuery } from './cursors.ts';
import { errorRef } from '../errors.ts';

/**
 * Every kind of queued mail. The notifications are what a person can turn off in their settings
 * (GET/PUT /api/settings); the welcome and the purchase confirmation always go, like password resets.
 */
export const NOTIFICATION_MAIL_KINDS = ['booking-confirmed', 'booking-cancelled', 'lesson-rescheduled', 'lesson-reminder', 'lesson-notes', 'lesson-reported', 'lesson-outcome', 'expiry-month', 'expiry-week', 'message-digest'] as const;
export const MAIL_KINDS = [...NOTIFICATION_MAIL_KINDS, 'welcome', 'purchase-confirmed'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** Whether a mail of this kind is one a person may turn off. */
export const isNotificationMail = (kind: MailKind): boolean => (NOTIFICATION_MAIL_KINDS as readonly string[]).includes(kind);

/** Mails on one page of GET /api/admin/mails, by default and at most. */
export const ADMIN_MAILS_PAGE = { PAGE: 100, PAGE_MAX: 200 } as const;

/**
 * GET /api/admin/mails query: the mails still pending (default) or given up after every attempt, oldest
 * first, a page at a time: `after` is the last mail's cursor (`cursorOf({ at: createdAt, id })`) or an instant.
 */
export const adminMailsQuerySchema = z.object({
  status: z.enum(['pending', 'failed'], { error: errorRef('admin.mailStatus') }).default('pending'),
  after: cursorQuery('after').optional(),
  limit: limitQuery(ADMIN_MAILS_PAGE.PAGE_MAX).optional(),
});

/** One queued mail as the admin's "Mail delivery" screen shows it. */
export const adminMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
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
