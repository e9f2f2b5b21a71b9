import { z } from 'zod';
import { emailSchema, objectIdSchema, textSchema } from './common';
import { meetsPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE } from './domain/password-policy';
import { API_PATHS } from './routes';
import { MESSAGES } from './ui-texts';
import { userSchema } from './users';

/*
 * Admin Management's calls (spec 2 sections 2 and 7; docs/decisions/024-admin-accounts.md): the
 * admin list, creating an admin (POST /api/user/register, with an admin's token: not a public
 * sign-up), and the edit button's call, an admin's name and e-mail. Removing an admin is the Users
 * screen's role call (POST /api/user/role with role 'user').
 */

export const ADMIN_LIMITS = {
  /** The list answers at most this many admins (a shop has a handful; the cap bounds the answer). */
  maxListed: 500,
  nameMax: 100,
  /** First and last name in the form: joined by a space they stay within nameMax. */
  namePartMax: 49,
} as const;

/** The admin list's order (GET /api/admins answers oldest first), said above the table. */
export const ADMINS_ORDER_NOTE = 'Oldest first: the first admin is at the top.';

/** What the server says beyond spec 2 section 8 (the spec leaves these open). */
export const ADMIN_MESSAGES = {
  adminUpdated: 'Admin updated',
  updateAdminFailed: 'Failed to update admin',
  emailTaken: 'email: an account with this email already exists',
  adminNotFound: 'Admin not found',
  notAnAdmin: 'id: this user is not an admin',
  removeAdminConfirm: (name: string) =>
    `Remove admin rights from ${name}? They become a regular user and are signed out at once.`,
} as const;

/** A person's name: trimmed, required, at most ADMIN_LIMITS.nameMax characters. */
export const nameSchema = textSchema({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(ADMIN_LIMITS.nameMax, `must be at most ${ADMIN_LIMITS.nameMax} characters`);

/** A new password: the policy (at least 12 characters, not a common password), untrimmed. */
export const newPasswordSchema = textSchema({ error: 'is required' })
  .min(1, 'is required')
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(meetsPasswordPolicy, PASSWORD_POLICY_MESSAGE);

/** An admin as the table reads it: a user whose role is admin; the join date comes from the id. */
export const adminSchema = userSchema;
export type Admin = z.infer<typeof adminSchema>;

/** GET /api/admin/list: every admin (at most ADMIN_LIMITS.maxListed), oldest first. */
export const adminListResponseSchema = z.object({ success: z.literal(true), admins: z.array(adminSchema) });
export type AdminListResponse = z.infer<typeof adminListResponseSchema>;

/** POST /api/user/register: { name, email, password, role: 'admin' }, every field required. */
export const registerAdminRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: z.literal('admin', { error: "must be 'admin'" }),
});
export type RegisterAdminRequest = z.input<typeof registerAdminRequestSchema>;

export const registerAdminResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  admin: adminSchema,
});
export type RegisterAdminResponse = z.infer<typeof registerAdminResponseSchema>;

export const adminParamsSchema = z.strictObject({ id: objectIdSchema });

/** PUT /api/admin/{id}: the edit button changes an admin's name and e-mail. */
export const updateAdminRequestSchema = z.strictObject({ name: nameSchema, email: emailSchema });
export type UpdateAdminRequest = z.input<typeof updateAdminRequestSchema>;

export const updateAdminResponseSchema = registerAdminResponseSchema;
export type UpdateAdminResponse = z.infer<typeof updateAdminResponseSchema>;

/** The path of PUT /api/admin/{id}. */
export const adminPath = (id: string) => API_PATHS.admin.replace(':id', encodeURIComponent(id));

/* The Add New Admin form (spec 2 section 5): its messages name the field as the form shows it. */

const required = (label: string) => textSchema({ error: `${label} is required` });

const namePart = (label: string) =>
  required(label)
    .trim()
    .min(1, `${label} is required`)
    .max(ADMIN_LIMITS.namePartMax, `${label} must be at most ${ADMIN_LIMITS.namePartMax} characters`);

/**
 * First Name, Last Name, Email, Password, Confirm Password: every field required, the e-mail
 * checked, the password policy told before anything is sent, and 'Passwords do not match' on the
 * confirmation when the two differ.
 */
export const addAdminFormSchema = z
  .object({
    firstName: namePart('First Name'),
    lastName: namePart('Last Name'),
    email: required('Email')
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .pipe(z.email({ error: 'Email must be a valid email address' })),
    password: required('Password')
      .min(1, 'Password is required')
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .refine(meetsPasswordPolicy, `Password ${PASSWORD_POLICY_MESSAGE}`),
    confirmPassword: required('Confirm Password').min(1, 'Confirm Password is required'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
    // Said as soon as both are typed, even while another field is still wrong.
    when: (payload) =>
      typeof (payload.value as { password?: unknown }).password === 'string' &&
      typeof (payload.value as { confirmPassword?: unknown }).confirmPassword === 'string',
  });
export type AddAdminFormValues = z.input<typeof addAdminFormSchema>;

/** The register call's body from the form: the name is first and last joined by a space. */
export function registerAdminRequest(values: z.output<typeof addAdminFormSchema>): RegisterAdminRequest {
  return {
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    email: values.email.trim().toLowerCase(),
    password: values.password,
    role: 'admin',
  };
}

/** The edit form: Name and Email, messages naming the field. */
export const editAdminFormSchema = z.object({
  name: required('Name')
    .trim()
    .min(1, 'Name is required')
    .max(ADMIN_LIMITS.nameMax, `Name must be at most ${ADMIN_LIMITS.nameMax} characters`),
  email: required('Email')
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Email must be a valid email address' })),
});
export type EditAdminFormValues = z.input<typeof editAdminFormSchema>;
