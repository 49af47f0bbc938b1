// The HTTP contract of the site's plumbing: public settings, health, readiness, the development outbox.
import { z } from 'zod';
import { answer } from './common.ts';

/** GET /api/site-config: the public settings the web app shows. */
export const siteConfigSchema = answer({
  /** The school's settings in force (GET/PUT /api/admin/settings). */
  contactEmail: z.string(),
  /** The launch notice to show (`{email}` stands for the contact address), or null when an admin turned it off. */
  launchNotice: z.string().nullable(),
  /** The launch notice for Italian visitors: the admin's Italian text, the English one when there is none; null when turned off. */
  launchNoticeIt: z.string().nullable(),
  /** The fee added once to every purchase, in euros. */
  fee: z.number(),
  noticeHours: z.number(),
  validityMonths: z.number(),
  paymentsMode: z.enum(['stripe', 'test']),
  /** A site run with PAYMENTS=test (staging): every page says that payments are simulated. */
  testModeBanner: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /api/health: the process answers. */
export const healthSchema = answer({ status: z.literal('ok') });

/** GET /api/ready: 200 ready, or 503 with what is missing. */
export const readySchema = answer({ status: z.literal('ready') });
export const notReadySchema = answer({ status: z.literal('unavailable'), message: z.string() });

/** GET /api/dev/outbox (development only): the mails kept instead of sent; an HTML page for browsers. */
export const outboxSchema = answer({
  mailer: z.string(),
  mails: z.array(
    answer({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      attachments: z.array(answer({ filename: z.string(), contentType: z.string().nullable(), content: z.string() })),
      createdAt: z.string(),
    }),
  ),
});

/** Text answers (GET /metrics, pages, files): not JSON, documented as strings. */
export const textSchema = z.string();
