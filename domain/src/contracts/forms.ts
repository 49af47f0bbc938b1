// Schemas of web forms whose fields are typed differently from the API body they produce; each one
// ends in the API's own contract, so the form and the server say the same thing about the same input.
import { z } from 'zod';
import { teacherProfileSchema } from './hours.ts';

/**
 * The teacher profile form (the teacher's own editor and the admin's): every field as typed, the
 * specializations comma-separated and the hourly rate as text, into the body of PUT /api/teacher/profile.
 */
export const teacherProfileFormSchema = z
  .object({
    bio: z.string(),
    city: z.string(),
    country: z.string(),
    specializations: z.string(),
    hourlyRate: z.string(),
    profileImageUrl: z.string(),
    googleMeetLink: z.string(),
  })
  .transform((v): z.input<typeof teacherProfileSchema> => ({
    ...v,
    specializations: v.specializations.split(',').map((s) => s.trim()).filter(Boolean),
    // An empty rate is a missing number (the contract says "is required"), not 0.
    hourlyRate: (v.hourlyRate.trim() === '' ? undefined : Number(v.hourlyRate)) as number,
  }))
  .pipe(teacherProfileSchema);
export type TeacherProfileFormInput = z.input<typeof teacherProfileFormSchema>;
