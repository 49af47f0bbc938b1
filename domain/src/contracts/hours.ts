/**
 * Zod schemas of the hours, payments, lessons and teacher bodies and queries of docs/api.md, shared by
 * api (validation) and web (forms). Objects are strict: an unknown field is refused. Every message is
 * a sentence a person can act on; the spec's own strings are used where it gives them.
 * Business rules that need state (prices, 48 h notice, free slots) live in the deciders, not here.
 */
import { z } from 'zod';
import { HOURS_RANGE_MESSAGE, MAX_HOURS, MIN_HOURS } from '../rules.ts';
import { isValidDate } from '../time.ts';

/** A strict object: unknown fields are refused by name, a non-object body gets a plain message. */
function strict<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Unknown field${iss.keys.length > 1 ? 's' : ''}: ${iss.keys.join(', ')}`
        : iss.code === 'invalid_type'
          ? 'Send a JSON object'
          : undefined,
  });
}

/** A required value's messages: `missing` when absent, `wrong` for any other bad input. */
const msg = (missing: string, wrong: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? missing : wrong),
});

const id = (name: string) =>
  z
    .string(msg(`${name} is required`, `${name} must be text`))
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);

/** A calendar date written YYYY-MM-DD. */
export const dateSchema = z
  .string(msg('A date is required', 'Dates are written YYYY-MM-DD'))
  .refine(isValidDate, 'Dates are written YYYY-MM-DD and must exist in the calendar');

/** A whole Rome hour 0..23. */
export const hourSchema = z
  .number(msg('An hour is required', 'The hour must be a whole hour from 0 to 23'))
  .int('The hour must be a whole hour from 0 to 23')
  .min(0, 'The hour must be a whole hour from 0 to 23')
  .max(23, 'The hour must be a whole hour from 0 to 23');

/** Package hours 1..30 with the spec's message. */
export const packageHoursSchema = z
  .number({ error: HOURS_RANGE_MESSAGE })
  .int(HOURS_RANGE_MESSAGE)
  .min(MIN_HOURS, HOURS_RANGE_MESSAGE)
  .max(MAX_HOURS, HOURS_RANGE_MESSAGE);

/** An amount in euros as people write it: positive, at most 2 decimals. */
const euros = (name: string, max: number) =>
  z
    .number(msg(`${name} is required`, `${name} must be a number of euros`))
    .positive(`${name} must be more than 0`)
    .max(max, `${name} can be at most €${max}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${name} can have at most 2 decimals`);

// ---- POST /api/create-checkout-session --------------------------------------------------------

/** `amount` is the total in euros the client shows (hours x rate + 3); the server checks it against its own price. */
export const checkoutSchema = strict({
  amount: euros('The amount', 100_000),
  teacherId: id('A teacher'),
  totalHours: packageHoursSchema,
});
export type CheckoutBody = z.infer<typeof checkoutSchema>;

// ---- POST /api/bookings -----------------------------------------------------------------------

export const MAX_NOTES = 1000;

export const bookingSchema = strict({
  teacherId: id('A teacher'),
  date: dateSchema,
  hour: hourSchema,
  notes: z
    .string('Notes must be text')
    .max(MAX_NOTES, `Notes can be at most ${MAX_NOTES} characters`)
    .nullable()
    .optional(),
});
export type BookingBody = z.infer<typeof bookingSchema>;

// ---- GET /api/availabilities?teacherId=&from=&to= ---------------------------------------------

/** The longest window one availability query may ask for. */
export const MAX_AVAILABILITY_DAYS = 62;

/** The dates a query may name: the ledger has nothing before 2000, and the far future only overflows date arithmetic. */
export const QUERY_DATE_RANGE = { from: '2000-01-01', to: '2199-12-31' } as const;
const inQueryRange = (day: string) => day >= QUERY_DATE_RANGE.from && day <= QUERY_DATE_RANGE.to;

/** A date in a query string: a real date within QUERY_DATE_RANGE. */
const queryDate = (name: string) =>
  dateSchema.refine(inQueryRange, { message: `${name} must be between ${QUERY_DATE_RANGE.from} and ${QUERY_DATE_RANGE.to}`, when: (p) => !p.issues.length });

export const availabilityQuerySchema = strict({
  teacherId: id('A teacher'),
  from: queryDate('"from"').optional(),
  to: queryDate('"to"').optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"to" must not be before "from"', path: ['to'] })
  .refine(
    (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_AVAILABILITY_DAYS,
    { message: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time`, path: ['to'] },
  );
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

// ---- POST /api/admin/adjustments --------------------------------------------------------------

export const MAX_REASON = 500;

export const adjustmentSchema = strict({
  packageId: id('A package'),
  delta: z
    .number(msg('The change in hours is required', 'The change in hours must be a whole number'))
    .int('The change in hours must be a whole number')
    .refine((d) => d !== 0, 'The change in hours cannot be 0')
    .refine((d) => Math.abs(d) <= MAX_HOURS, `The change can be at most ${MAX_HOURS} hours either way`),
  reason: z
    .string(msg('A reason is required', 'The reason must be text'))
    .trim()
    .min(1, 'A reason is required')
    .max(MAX_REASON, `The reason can be at most ${MAX_REASON} characters`),
});
export type AdjustmentBody = z.infer<typeof adjustmentSchema>;

// ---- GET /api/hour-packages/:id/history?asOf= -------------------------------------------------

const isDateOrInstant = (v: string) => isValidDate(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)));

export const packageHistoryQuerySchema = strict({
  /** A date (end of that Rome day is the API's reading) or an ISO instant. */
  asOf: z
    .string('asOf must be a date or an instant')
    .refine(isDateOrInstant, { message: 'asOf must be a date (YYYY-MM-DD) or an ISO instant', abort: true })
    .refine(
      (v) => inQueryRange(isValidDate(v) ? v : new Date(Date.parse(v)).toISOString().slice(0, 10)),
      `asOf must be between ${QUERY_DATE_RANGE.from} and ${QUERY_DATE_RANGE.to}`,
    )
    .optional(),
});
export type PackageHistoryQuery = z.infer<typeof packageHistoryQuerySchema>;

// ---- GET/PUT /api/teacher/availability --------------------------------------------------------

const weekdayHours = z
  .array(hourSchema, 'Each weekday needs a list of hours')
  .max(24)
  .refine((hs) => new Set(hs).size === hs.length, 'An hour is listed twice on the same day')
  .transform((hs) => [...hs].sort((a, b) => a - b))
  .default([]);

/** Weekly hours per ISO weekday ("1" = Monday .. "7" = Sunday) and single days off. */
export const teacherAvailabilitySchema = strict({
  weekly: strict({
    '1': weekdayHours,
    '2': weekdayHours,
    '3': weekdayHours,
    '4': weekdayHours,
    '5': weekdayHours,
    '6': weekdayHours,
    '7': weekdayHours,
  }),
  daysOff: z
    .array(dateSchema, 'Days off are a list of dates')
    .max(366, 'At most 366 days off')
    .transform((ds) => [...new Set(ds)].sort())
    .default([]),
});
export type TeacherAvailabilityBody = z.infer<typeof teacherAvailabilitySchema>;

// ---- GET/PUT /api/teacher/profile -------------------------------------------------------------
// Same fields and limits as the admin's teacher edit (contracts/accounts.ts), except that the hourly
// rate must be above 0 here: a teacher's own profile sets the price students pay.

const optionalText = (name: string, max: number) =>
  z
    .string(`${name} must be text`)
    .trim()
    .max(max, `${name} can be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const httpsUrl = (name: string) =>
  z
    .string(`${name} must be a link`)
    .trim()
    .max(500, `${name} is too long`)
    .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), `${name} must be an https:// link`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An image: an https:// link or a path on this site (the demo portraits live under /teachers/). */
const imageUrl = z
  .string('The profile image must be a link')
  .trim()
  .max(500, 'The profile image is too long')
  .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v) || /^\/(?!\/)\S*$/.test(v), 'The profile image must be an https:// link or a path on this site')
  .nullish()
  .transform((v) => (v ? v : null));

export const teacherProfileSchema = strict({
  bio: z
    .string('The bio must be text')
    .trim()
    .max(5000, 'The bio can be at most 5000 characters')
    .nullish()
    .transform((v) => v ?? ''),
  city: optionalText('The city', 100),
  country: optionalText('The country', 100),
  specializations: z
    .array(
      z.string('A specialization must be text').trim().min(1, 'A specialization cannot be empty').max(60, 'A specialization can be at most 60 characters'),
      'Specializations must be a list of words',
    )
    .max(20, 'At most 20 specializations')
    .default([]),
  hourlyRate: euros('The hourly rate', 1000),
  profileImageUrl: imageUrl,
  googleMeetLink: httpsUrl('The meeting link'),
});
export type TeacherProfileInput = z.input<typeof teacherProfileSchema>;
export type TeacherProfile = z.output<typeof teacherProfileSchema>;
