// The HTTP contracts of accounts (docs/api.md "Accounts"), shared by api/ (validation) and web/ (forms).
// Messages are shown to people as they are; the spec's own strings ("Validation rules") are used verbatim.
import { z } from 'zod';
import { answer, pageWithMore } from './common.ts';
import { pageNumber, strictQuery } from './fields.ts';
import { normalizeEmail } from '../email.ts';

export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FISCAL_CODE_MAX = 16;
export const VAT_NUMBER_MAX = 11;

/** Spec "Validation rules", verbatim. */
export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  requiredFieldsMissing: 'Compila tutti i campi obbligatori',
  loginFieldsMissing: 'Inserisci email e password',
  invalidCredentials: 'Invalid credentials',
  emailTaken: 'An account with this email already exists',
  invalidEmail: 'Enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  fiscalCodeTooLong: `Fiscal code must be at most ${FISCAL_CODE_MAX} characters`,
  vatNumberTooLong: `Partita IVA must be at most ${VAT_NUMBER_MAX} characters`,
  invalidDateOfBirth: 'Enter the date of birth as a real past date (YYYY-MM-DD)',
  resetRequested: 'If an account exists for this email, we have sent a link to reset the password. It is valid for 30 minutes.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'The current password is not correct',
  emailChangeNeedsPassword: 'Enter your current password to change the email address',
} as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A required text field: trimmed; empty gives the spec's "fill in every required field" message. */
const required = (label: string, max = 100) =>
  z.string({ error: MESSAGES.requiredFieldsMissing }).trim().min(1, MESSAGES.requiredFieldsMissing).max(max, tooLong(label, max));

/** An optional text field: trimmed; empty, null or missing become null. */
const optional = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** An email address in its normal form (normalizeEmail), the form that is checked and stored. */
const email = z
  .string({ error: MESSAGES.requiredFieldsMissing })
  .trim()
  .min(1, MESSAGES.requiredFieldsMissing)
  .max(254, tooLong('Email', 254))
  .transform(normalizeEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

const newPassword = z
  .string({ error: MESSAGES.requiredFieldsMissing })
  .min(1, MESSAGES.requiredFieldsMissing)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

/**
 * A calendar date as YYYY-MM-DD, checked against the real calendar (not only the pattern). "Not in the
 * future" needs a clock, so the API checks that with its own (isDateOfBirthPlausible).
 */
export const dateOfBirth = z
  .string({ error: MESSAGES.requiredFieldsMissing })
  .trim()
  .min(1, MESSAGES.requiredFieldsMissing)
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, MESSAGES.invalidDateOfBirth);

/** True when a valid YYYY-MM-DD date of birth is not after `today` (YYYY-MM-DD). */
export function isDateOfBirthPlausible(date: string, today: string): boolean {
  return date <= today;
}

/** The personal details of a person (registration payload minus the passwords; also the profile). */
export const personalDetailsShape = {
  email,
  // i18n-ignore: a field label; every message made from it is in errors.json
  firstName: required('First name'),
  // i18n-ignore: a field label; every message made from it is in errors.json
  lastName: required('Last name'),
  dateOfBirth,
  // i18n-ignore: a field label; every message made from it is in errors.json
  placeOfBirth: required('Place of birth'),
  nationality: required('Nationality'),
  // i18n-ignore: a field label; every message made from it is in errors.json
  phoneNumber: optional(30, tooLong('Phone number', 30)),
  address: required('Address', 200),
  city: required('City'),
  // i18n-ignore: a field label; every message made from it is in errors.json
  postalCode: required('Postal code', 20),
  fiscalCode: optional(FISCAL_CODE_MAX, MESSAGES.fiscalCodeTooLong),
  vatNumber: optional(VAT_NUMBER_MAX, MESSAGES.vatNumberTooLong),
};

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** POST /api/register: the registration payload of spec "Entities and their fields". */
export const registerSchema = z
  .object({
    ...personalDetailsShape,
    password: newPassword,
    confirmPassword: z.string({ error: MESSAGES.requiredFieldsMissing }).min(1, MESSAGES.requiredFieldsMissing),
  })
  .refine(passwordsMatch, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

/** POST /api/auth/login. */
export const loginSchema = z.object({
  email: z.string({ error: MESSAGES.loginFieldsMissing }).trim().min(1, MESSAGES.loginFieldsMissing).max(254, MESSAGES.invalidCredentials).transform(normalizeEmail),
  password: z.string({ error: MESSAGES.loginFieldsMissing }).min(1, MESSAGES.loginFieldsMissing).max(1024, MESSAGES.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

/** GET /api/login: where to come back to after signing in; a missing or malformed `next` is ignored, never refused. */
export const loginRedirectQuerySchema = z.object({ next: z.string().optional().catch(undefined) });

/** POST /api/auth/request-password-reset. */
export const requestPasswordResetSchema = z.object({ email });

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: MESSAGES.resetTokenInvalid }).trim().min(1, MESSAGES.resetTokenInvalid).max(200, MESSAGES.resetTokenInvalid),
    password: newPassword,
    confirmPassword: z.string({ error: MESSAGES.requiredFieldsMissing }).min(1, MESSAGES.requiredFieldsMissing),
  })
  .refine(passwordsMatch, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });

/** POST /api/profile/password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MESSAGES.requiredFieldsMissing }).min(1, MESSAGES.requiredFieldsMissing).max(1024),
    newPassword,
    confirmPassword: z.string({ error: MESSAGES.requiredFieldsMissing }).min(1, MESSAGES.requiredFieldsMissing),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });

const imageUrl = z
  .string()
  .trim()
  // i18n-ignore: a field label; every message made from it is in errors.json
  .max(500, tooLong('Profile image URL', 500))
  .refine((v) => v === '' || /^https:\/\/|^\//.test(v), 'The profile image must be an https:// address or a path on this site')
  .nullish()
  .transform((v) => (v ? v : null));

/** PUT /api/profile: one's own details; changing the email needs the current password as well. */
export const profileUpdateSchema = z.object({
  ...personalDetailsShape,
  profileImageUrl: imageUrl,
  currentPassword: z.string().max(1024).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** What GET and PUT /api/profile answer. */
export const profileSchema = answer({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  dateOfBirth: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  fiscalCode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What GET /api/auth/user and POST /api/auth/login answer. */
export const currentUserSchema = answer({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  profileImageUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/register answers 201 with the new account's id. */
export const registeredSchema = answer({ id: z.string() });

/** POST /api/auth/request-password-reset answers 202 with the same sentence whether the account exists or not. */
export const resetRequestedSchema = answer({ message: z.string() });

export const ADMIN_USERS_PAGE_SIZE = 50;

/** The admin's search of people by name or email (the users and students lists). */
const personSearch = z.string('search must be one text').trim().max(100, tooLong('Search', 100)).optional();

/** GET /api/admin/users query: a search on name or email, a role, and the page (from 1); each optional. */
export const adminUserSearchSchema = z.object({
  search: personSearch,
  role: z.enum(ROLES, { error: 'Role must be student, teacher or admin' }).optional(),
  page: pageNumber('page', 100_000).optional(),
});
export type AdminUserSearch = z.infer<typeof adminUserSearchSchema>;

/** PATCH /api/admin/users/:id. */
export const adminUserPatchSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Role must be student, teacher or admin' }).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    isApproved: z.boolean({ error: 'isApproved must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.isActive !== undefined || v.isApproved !== undefined, 'Nothing to change: send role, isActive or isApproved');

/** One row of GET /api/admin/users (and the answer of PATCH /api/admin/users/:id); isApproved for teachers only. */
export const adminUserRowSchema = answer({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  isApproved: z.boolean().optional(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** GET /api/admin/users: one page of the people that match, newest first. */
export const adminUserPageSchema = pageWithMore('users', adminUserRowSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** GET /api/admin/teachers: every teacher not erased, by name, for the admin's pickers (a school has tens, not thousands). */
export const adminTeacherChoiceSchema = answer({ id: z.string(), firstName: z.string(), lastName: z.string(), isActive: z.boolean() });
export type AdminTeacherChoice = z.infer<typeof adminTeacherChoiceSchema>;

/**
 * GET /api/admin/users/counts: the school's people counted over all of them, not erased (the admin
 * dashboard's cards): students, teachers, teachers not approved yet, and accounts deactivated.
 */
export const adminUserCountsSchema = answer({
  students: z.number(),
  teachers: z.number(),
  awaitingApproval: z.number(),
  inactive: z.number(),
});
export type AdminUserCounts = z.infer<typeof adminUserCountsSchema>;

/** The teacher fields an admin reads and edits (GET/PUT /api/admin/teachers/:id); hourlyRate in euros. */
export const adminTeacherUpdateSchema = z.object({
  // i18n-ignore: a field label; every message made from it is in errors.json
  firstName: required('First name'),
  // i18n-ignore: a field label; every message made from it is in errors.json
  lastName: required('Last name'),
  bio: z.string().trim().max(5000, tooLong('Bio', 5000)).nullish().transform((v) => v ?? ''),
  city: optional(100, tooLong('City', 100)),
  country: optional(100, tooLong('Country', 100)),
  specializations: z
    // i18n-ignore: a field label; every message made from it is in errors.json
    .array(z.string().trim().min(1, 'A specialization cannot be empty').max(60, tooLong('A specialization', 60)), {
      error: 'Specializations must be a list of words',
    })
    .max(20, 'At most 20 specializations')
    .default([]),
  hourlyRate: z
    .number({ error: 'The hourly rate must be a number of euros' })
    .min(0, 'The hourly rate cannot be negative')
    .max(1000, 'The hourly rate must be at most 1000 euros')
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'The hourly rate can have at most 2 decimals'),
  profileImageUrl: imageUrl,
  googleMeetLink: z
    .string()
    .trim()
    // i18n-ignore: a field label; every message made from it is in errors.json
    .max(500, tooLong('Meeting link', 500))
    .refine((v) => v === '' || /^https:\/\//.test(v), 'The meeting link must start with https://')
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  isApproved: z.boolean({ error: 'isApproved must be true or false' }),
});
export type AdminTeacherUpdateInput = z.input<typeof adminTeacherUpdateSchema>;

/** GET and PUT /api/admin/teachers/:id. */
export const adminTeacherSchema = answer({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  isApproved: z.boolean(),
  profileImageUrl: z.string().nullable(),
  bio: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  specializations: z.array(z.string()),
  hourlyRate: z.number(),
  googleMeetLink: z.string().nullable(),
});
export type AdminTeacher = z.infer<typeof adminTeacherSchema>;

/** One row of GET /api/admin/students. */
export const adminStudentSchema = answer({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  totalHours: z.number(),
  remainingHours: z.number(),
});
export type AdminStudent = z.infer<typeof adminStudentSchema>;

export const ADMIN_STUDENTS_PAGE_SIZE = 50;

/** GET /api/admin/students: a search on name or email (optional), and the page (from 1). */
export const adminStudentQuerySchema = strictQuery({
  search: personSearch,
  page: pageNumber('page', 100_000).optional(),
});
export type AdminStudentQuery = z.infer<typeof adminStudentQuerySchema>;

/** GET /api/admin/students: one page of the students that match, by name. */
export const adminStudentPageSchema = pageWithMore('students', adminStudentSchema);
export type AdminStudentPage = z.infer<typeof adminStudentPageSchema>;
