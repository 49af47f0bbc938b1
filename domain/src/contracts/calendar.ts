// The HTTP contract of the calendar feed (docs/api.md "Calendar").
import { z } from 'zod';
import { answer } from './common.ts';

/** POST /api/calendar/token: the new secret feed address (the old one stops working). */
export const calendarTokenSchema = answer({ url: z.string() });
export type CalendarTokenAnswer = z.infer<typeof calendarTokenSchema>;

/** GET /api/calendar/:file, where file is `<secret>.ics`. */
export const calendarFileParamsSchema = z.object({ file: z.string() });

/** The feed itself is text/calendar (RFC 5545), not JSON. */
export const icsSchema = z.string();
