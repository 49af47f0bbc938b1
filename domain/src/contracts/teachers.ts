// The HTTP contract of teachers (docs/api.md "Teachers"): the public list and profile, free slots, a
// teacher's own profile and weekly availability; requests and answers.
import { z } from 'zod';
import { answer } from './common.ts';
import { dateSchema, hourSchema, id, euros, msg, queryDate, strict, TEACHER_ID } from './fields.ts';
import { errorRef, type ErrorCode } from '../errors.ts';

/** A teacher as the public sees them; hourlyRate in euros. */
export const teacherSchema = answer({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  isApproved: z.boolean(),
  profileImageUrl: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  bio: z.string(),
  specializations: z.array(z.string()),
  hourlyRate: z.number(),
  /** The mean rating of the teacher's visible reviews, one decimal; null with none. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
  /** The trial lesson's price in euros, or null when the teacher offers none. */
  trialRate: z.number().nullable(),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** GET /api/teachers. */
export const teacherListSchema = z.array(teacherSchema);

/** A free one-hour slot, Rome wall-clock date and hour: GET /api/availabilities answers a list. */
export const slotSchema = answer({ date: z.string(), hour: z.number() });
export type Slot = z.infer<typeof slotSchema>;
export const slotListSchema = z.array(slotSchema);

/** GET and PUT /api/teacher/profile: the teacher's own profile. */
export const ownTeacherProfileSchema = answer({
  bio: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  specializations: z.array(z.string()),
  hourlyRate: z.number(),
  trialRate: z.number().nullable(),
  profileImageUrl: z.string().nullable(),
  googleMeetLink: z.string().nullable(),
});
export type OwnTeacherProfile = z.infer<typeof ownTeacherProfileSchema>;

const hours = z.array(z.number());

/** GET and PUT /api/teacher/availability: hours per ISO weekday ("1" = Monday) and days off. */
export const teacherAvailabilityAnswerSchema = answer({
  weekly: answer({ '1': hours, '2': hours, '3': hours, '4': hours, '5': hours, '6': hours, '7': hours }),
  daysOff: z.array(z.string()),
});
export type TeacherAvailability = z.infer<typeof teacherAvailabilityAnswerSchema>;

// ---- GET /api/availabilities?teacherId=&from=&to= ---------------------------------------------

/** The longest window one availability query may ask for. */
export const MAX_AVAILABILITY_DAYS = 62;

const slotRange = {
  from: queryDate('common.fromDateRange').optional(),
  to: queryDate('common.toDateRange').optional(),
};
/** from <= to, at most MAX_AVAILABILITY_DAYS days (each may be left out: the route's defaults). */
const inRange = <S extends z.ZodObject>(schema: S) =>
  schema
    .refine((q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to, { message: errorRef('common.toBeforeFrom'), path: ['to'] })
    .refine(
      (q: { from?: string; to?: string }) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_AVAILABILITY_DAYS,
      { message: errorRef('common.askAtMostDays', { days: MAX_AVAILABILITY_DAYS }), path: ['to'] },
    );

export const availabilityQuerySchema = inRange(strict({ teacherId: id(TEACHER_ID), ...slotRange }));
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

// ---- GET /api/teacher/free-slots?from=&to= ----------------------------------------------------

/** A teacher's own free slots, without the booking notice (for moving their lessons): the same range rules. */
export const ownFreeSlotsQuerySchema = inRange(strict(slotRange));
export type OwnFreeSlotsQuery = z.infer<typeof ownFreeSlotsQuerySchema>;

// ---- GET/PUT /api/teacher/availability --------------------------------------------------------

const weekdayHours = z
  .array(hourSchema, errorRef('teachers.weekdayHoursList'))
  .max(24)
  .refine((hs) => new Set(hs).size === hs.length, errorRef('teachers.hourListedTwiceSameDay'))
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
    .array(dateSchema, errorRef('teachers.daysOffList'))
    .max(366, errorRef('teachers.daysOffMax'))
    .transform((ds) => [...new Set(ds)].sort())
    .default([]),
});
export type TeacherAvailabilityBody = z.infer<typeof teacherAvailabilitySchema>;

// ---- GET/PUT /api/teacher/profile -------------------------------------------------------------
// Same fields and limits as the admin's teacher edit (contracts/accounts.ts), except that the hourly
// rate must be above 0 here: a teacher's own profile sets the price students pay.

const optionalText = (m: { text: ErrorCode; tooLong: ErrorCode }, max: number) =>
  z
    .string(errorRef(m.text))
    .trim()
    .max(max, errorRef(m.tooLong, { max }))
    .nullish()
    .transform((v) => (v ? v : null));

const meetingLink = () =>
  z
    .string(errorRef('teachers.meetingLinkText'))
    .trim()
    .max(500, errorRef('teachers.meetingLinkTooLong'))
    .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), errorRef('teachers.meetingLinkHttpsLink'))
    .nullish()
    .transform((v) => (v ? v : null));

/** An image: an https:// link or a path on this site (the demo portraits live under /teachers/). */
const imageUrl = z
  .string(errorRef('teachers.imageLink'))
  .trim()
  .max(500, errorRef('teachers.imageTooLong'))
  .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v) || /^\/(?!\/)\S*$/.test(v), errorRef('teachers.imageHttpsOrPath'))
  .nullish()
  .transform((v) => (v ? v : null));

export const teacherProfileSchema = strict({
  bio: z
    .string(errorRef('teachers.bioText'))
    .trim()
    .max(5000, errorRef('teachers.bioTooLong'))
    .nullish()
    .transform((v) => v ?? ''),
  city: optionalText({ text: 'teachers.cityText', tooLong: 'teachers.cityTooLong' }, 100),
  country: optionalText({ text: 'teachers.countryText', tooLong: 'teachers.countryTooLong' }, 100),
  specializations: z
    .array(
      z.string(errorRef('teachers.specializationText')).trim().min(1, errorRef('teachers.specializationEmpty')).max(60, errorRef('teachers.specializationTooLong', { max: 60 })),
      errorRef('teachers.specializationsList'),
    )
    .max(20, errorRef('teachers.specializationsMax', { max: 20 }))
    .default([]),
  hourlyRate: euros({ required: 'teachers.hourlyRateRequired', wrong: 'teachers.hourlyRateEuros', positive: 'teachers.hourlyRatePositive', max: 'teachers.hourlyRateMax', decimals: 'teachers.hourlyRateDecimals' }, 1000),
  // Whole euros, below the hourly rate; null: no trial lesson; absent: stays as it is.
  trialRate: z
    .number(msg(errorRef('teachers.trialRateEuros'), errorRef('teachers.trialRateEuros')))
    .int(errorRef('teachers.trialRateWhole'))
    .positive(errorRef('teachers.trialRatePositive'))
    .max(1000, errorRef('teachers.trialRateMax'))
    .nullish(),
  // Absent: the photo stays as it is (teachers change it by uploading one, see the photo routes).
  profileImageUrl: imageUrl.optional(),
  googleMeetLink: meetingLink(),
}).refine((p) => p.trialRate == null || p.trialRate < p.hourlyRate, {
  message: errorRef('teachers.trialRateBelowHourly'),
  path: ['trialRate'],
});
export type TeacherProfileInput = z.input<typeof teacherProfileSchema>;
export type TeacherProfile = z.output<typeof teacherProfileSchema>;

// ---- POST/DELETE /api/teachers/:id/photo, GET /api/photos/:name --------------------------------

/** What a teacher's photo upload accepts, and the sentences that say so (shown as they are). */
export const PHOTO = {
  /** Largest file accepted, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest picture accepted, in pixels (width x height): a small file can decode to a huge one. */
  maxPixels: 40_000_000,
  /** The stored photo: a square of this side, in WebP. */
  side: 512,
  /** The types a browser's file picker is offered. */
  accept: 'image/jpeg,image/png,image/webp',
  messages: {
    wrongType: 'teachers.photoType',
    tooBig: 'teachers.photoSize',
    tooManyPixels: 'teachers.photoPixels',
    missing: 'teachers.photoMissing',
    notYours: 'teachers.photoNotYours',
    oneAtATime: 'teachers.photoOneAtATime',
    wrongField: 'teachers.photoField',
  },
  /** The multipart form field that carries the file. */
  field: 'photo',
} as const;

/** The answer of a photo upload or removal: the teacher's profile image address now. */
export const photoAnswerSchema = answer({ profileImageUrl: z.string().nullable() });
export type PhotoAnswer = z.infer<typeof photoAnswerSchema>;

/** `:name` of GET /api/photos/:name: a content hash and the format. */
export const photoParamsSchema = z.object({ name: z.string() });
