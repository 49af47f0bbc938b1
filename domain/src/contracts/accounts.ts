// The HTTP contracts of accounts (docs/api.md "Accounts"), shared by api/ (validation) and web/ (forms).
// Messages are shown to people as they are; the product's own strings are used verbatim.
import { z } from 'zod';
import { isValidCodiceFiscale, isValidPartitaIva } from '../invoices/fiscal-ids.ts';
import { answer, pageWithMore } from './common.ts';
import { PAGE, pageNumber, strictQuery } from './fields.ts';
import { errorRef, type ErrorCode } from '../errors.ts';
import { normalizeEmail } from '../email.ts';

export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FISCAL_CODE_MAX = 16;
export const VAT_NUMBER_MAX = 11;

/** The codes of the product's validation messages (errors.json holds the sentences verbatim). */
export const MESSAGES = {
  passwordsDoNotMatch: 'auth.passwordsDoNotMatch',
  requiredFieldsMissing: 'auth.requiredFieldsMissing',
  loginFieldsMissing: 'auth.loginFieldsMissing',
  invalidCredentials: 'auth.invalidCredentials',
  emailTaken: 'auth.emailTaken',
  invalidEmail: 'auth.invalidEmail',
  invalidDateOfBirth: 'auth.invalidDateOfBirth',
  resetRequested: 'auth.resetRequested',
  resetTokenInvalid: 'auth.resetTokenInvalid',
  currentPasswordWrong: 'auth.currentPasswordWrong',
  emailChangeNeedsPassword: 'auth.emailChangeNeedsPassword',
} as const satisfies Record<string, ErrorCode>;

const tooLong = (code: ErrorCode, max: number) => errorRef(code, { max });

/** A required text field: trimmed; empty gives the product's "fill in every required field" message. */
const required = (tooLongCode: ErrorCode, max = 100) =>
  z.string({ error: errorRef(MESSAGES.requiredFieldsMissing) }).trim().min(1, errorRef(MESSAGES.requiredFieldsMissing)).max(max, tooLong(tooLongCode, max));

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
  .string({ error: errorRef(MESSAGES.requiredFieldsMissing) })
  .trim()
  .min(1, errorRef(MESSAGES.requiredFieldsMissing))
  .max(254, tooLong('auth.emailTooLong', 254))
  .transform(normalizeEmail)
  .pipe(z.email({ error: errorRef(MESSAGES.invalidEmail) }));

const newPassword = z
  .string({ error: errorRef(MESSAGES.requiredFieldsMissing) })
  .min(1, errorRef(MESSAGES.requiredFieldsMissing))
  .min(PASSWORD_MIN, errorRef('auth.passwordTooShort', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, errorRef('auth.passwordTooLong', { max: PASSWORD_MAX }));

/**
 * A calendar date as YYYY-MM-DD, checked against the real calendar (not only the pattern). "Not in the
 * future" needs a clock, so the API checks that with its own (isDateOfBirthPlausible).
 */
export const dateOfBirth = z
  .string({ error: errorRef(MESSAGES.requiredFieldsMissing) })
  .trim()
  .min(1, errorRef(MESSAGES.requiredFieldsMissing))
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, errorRef(MESSAGES.invalidDateOfBirth));

/** True when a valid YYYY-MM-DD date of birth is not after `today` (YYYY-MM-DD). */
export function isDateOfBirthPlausible(date: string, today: string): boolean {
  return date <= today;
}

/** The personal details of a person (registration payload minus the passwords; also the profile). */
export const personalDetailsShape = {
  email,
  firstName: required('auth.firstNameTooLong'),
  lastName: required('auth.lastNameTooLong'),
  dateOfBirth,
  placeOfBirth: required('auth.placeOfBirthTooLong'),
  nationality: required('auth.nationalityTooLong'),
  phoneNumber: optional(30, tooLong('auth.phoneNumberTooLong', 30)),
  address: required('auth.addressTooLong', 200),
  city: required('auth.cityTooLong'),
  postalCode: required('auth.postalCodeTooLong', 20),
  // The checksums are public (invoices/fiscal-ids.ts): a typo is refused here, not by the SdI later.
  fiscalCode: optional(FISCAL_CODE_MAX, errorRef('auth.fiscalCodeTooLong', { max: FISCAL_CODE_MAX })).refine((v) => v === null || isValidCodiceFiscale(v), errorRef('auth.fiscalCodeInvalid')),
  // An Italian Partita IVA (11 digits) must have its check digit; a foreign VAT number is taken as written.
  vatNumber: optional(VAT_NUMBER_MAX, errorRef('auth.vatNumberTooLong', { max: VAT_NUMBER_MAX }))
    .refine((v) => v === null || !/^(IT)?\d{11}$/i.test(v) || isValidPartitaIva(v), errorRef('auth.vatNumberInvalid')),
};

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** POST /api/register: the registration payload. */
export const registerSchema = z
  .object({
    ...personalDetailsShape,
    password: newPassword,
    confirmPassword: z.string({ error: errorRef(MESSAGES.requiredFieldsMissing) }).min(1, errorRef(MESSAGES.requiredFieldsMissing)),
  })
  .refine(passwordsMatch, { message: errorRef(MESSAGES.passwordsDoNotMatch), path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

/** POST /api/auth/login. */
export const loginSchema = z.object({
  email: z.string({ error: errorRef(MESSAGES.loginFieldsMissing) }).trim().min(1, errorRef(MESSAGES.loginFieldsMissing)).max(254, errorRef(MESSAGES.invalidCredentials)).transform(normalizeEmail),
  password: z.string({ error: errorRef(MESSAGES.loginFieldsMissing) }).min(1, errorRef(MESSAGES.loginFieldsMissing)).max(1024, errorRef(MESSAGES.invalidCredentials)),
});
export type LoginInput = z.input<typeof loginSchema>;

/** GET /api/login: where to come back to after signing in; a missing or malformed `next` is ignored, never refused. */
export const loginRedirectQuerySchema = z.object({ next: z.string().optional().catch(undefined) });

/** POST /api/auth/request-password-reset. */
export const requestPasswordResetSchema = z.object({ email });

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: errorRef(MESSAGES.resetTokenInvalid) }).trim().min(1, errorRef(MESSAGES.resetTokenInvalid)).max(200, errorRef(MESSAGES.resetTokenInvalid)),
    password: newPassword,
    confirmPassword: z.string({ error: errorRef(MESSAGES.requiredFieldsMissing) }).min(1, errorRef(MESSAGES.requiredFieldsMissing)),
  })
  .refine(passwordsMatch, { message: errorRef(MESSAGES.passwordsDoNotMatch), path: ['confirmPassword'] });

/** POST /api/profile/password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: errorRef(MESSAGES.requiredFieldsMissing) }).min(1, errorRef(MESSAGES.requiredFieldsMissing)).max(1024),
    newPassword,
    confirmPassword: z.string({ error: errorRef(MESSAGES.requiredFieldsMissing) }).min(1, errorRef(MESSAGES.requiredFieldsMissing)),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: errorRef(MESSAGES.passwordsDoNotMatch), path: ['confirmPassword'] });

const imageUrl = z
  .string()
  .trim()
  .max(500, tooLong('profile.imageUrlTooLong', 500))
  .refine((v) => v === '' || /^https:\/\/|^\//.test(v), errorRef('profile.imageAddress'))
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
const personSearch = z.string(errorRef('admin.paymentsSearchText')).trim().max(100, tooLong('admin.searchTooLong', 100)).optional();

/** GET /api/admin/users query: a search on name or email, a role, and the page (from 1); each optional. */
export const adminUserSearchSchema = z.object({
  search: personSearch,
  role: z.enum(ROLES, { error: errorRef('admin.roleChoice') }).optional(),
  page: pageNumber(PAGE, 100_000).optional(),
});
export type AdminUserSearch = z.infer<typeof adminUserSearchSchema>;

/** PATCH /api/admin/users/:id. */
export const adminUserPatchSchema = z
  .object({
    role: z.enum(ROLES, { error: errorRef('admin.roleChoice') }).optional(),
    isActive: z.boolean({ error: errorRef('admin.isActiveBoolean') }).optional(),
    isApproved: z.boolean({ error: errorRef('admin.isApprovedBoolean') }).optional(),
  })
  .refine((v) => v.role !== undefined || v.isActive !== undefined || v.isApproved !== undefined, errorRef('admin.nothingToChange'));

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
  firstName: required('auth.firstNameTooLong'),
  lastName: required('auth.lastNameTooLong'),
  bio: z.string().trim().max(5000, tooLong('teachers.bioTooLongAdmin', 5000)).nullish().transform((v) => v ?? ''),
  city: optional(100, tooLong('auth.cityTooLong', 100)),
  country: optional(100, tooLong('teachers.countryTooLongAdmin', 100)),
  specializations: z
      .array(z.string().trim().min(1, errorRef('teachers.specializationEmpty')).max(60, tooLong('teachers.specializationTooLongAdmin', 60)), {
      error: errorRef('teachers.specializationsList'),
    })
    .max(20, errorRef('teachers.specializationsMax', { max: 20 }))
    .default([]),
  hourlyRate: z
    .number({ error: errorRef('teachers.hourlyRateEuros') })
    .min(0, errorRef('teachers.hourlyRateNegative'))
    .max(1000, errorRef('teachers.hourlyRateMaxAdmin'))
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, errorRef('teachers.hourlyRateDecimals')),
  profileImageUrl: imageUrl,
  googleMeetLink: z
    .string()
    .trim()
      .max(500, tooLong('teachers.meetingLinkTooLongAdmin', 500))
    .refine((v) => v === '' || /^https:\/\//.test(v), errorRef('teachers.meetingLinkHttps'))
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean({ error: errorRef('admin.isActiveBoolean') }),
  isApproved: z.boolean({ error: errorRef('admin.isApprovedBoolean') }),
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
  page: pageNumber(PAGE, 100_000).optional(),
});
export type AdminStudentQuery = z.infer<typeof adminStudentQuerySchema>;

/** GET /api/admin/students: one page of the students that match, by name. */
export const adminStudentPageSchema = pageWithMore('students', adminStudentSchema);
export type AdminStudentPage = z.infer<typeof adminStudentPageSchema>;
