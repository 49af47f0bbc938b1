// The HTTP contract of teachers (docs/api.md "Teachers"): the public list and profile, free slots, a
// teacher's own profile and weekly availability. Request bodies and the slot query live in hours.ts.
import { z } from 'zod';
import { answer } from './common.ts';

/** A teacher as the public sees them (spec section 3); hourlyRate in euros. */
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
