// Staff of the back office: their roles, what each role may do, and the sign-in forms' rules.
import { z } from '#domain/zod.ts';
import type * as s from './api-schemas.ts';
import { emailSchema, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './validation.ts';

export const STAFF_ROLES = ['owner', 'manager', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The areas of the back office; each route checks the one it belongs to on the server. */
export const STAFF_AREAS = [
  'dashboard',
  'catalogue',
  'orders',
  'customers',
  'content',
  'staff',
  'audit',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/**
 * Who may work where: owners everywhere; managers the catalogue, orders and customers; editors
 * pages, posts and the menu. Everyone sees the dashboard.
 */
const ACCESS: Record<StaffRole, readonly StaffArea[]> = {
  owner: STAFF_AREAS,
  manager: ['dashboard', 'catalogue', 'orders', 'customers'],
  editor: ['dashboard', 'content'],
};

/**
 * Whether a role may work in an area.
 *
 * mayWork('manager', 'orders') → true
 * mayWork('editor', 'catalogue') → false
 * mayWork('owner', 'audit') → true
 */
export function mayWork(role: StaffRole, area: StaffArea): boolean {
  return ACCESS[role].includes(area);
}

export const STAFF_MESSAGES = {
  signInFailed: 'Incorrect email address or password.',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeInvalid: 'That code is not valid (each code works once): wait for the next one and try again',
  challengeExpired: 'Your sign-in has timed out: please start again',
  passwordTooShort: 'A staff password must be at least 12 characters long',
  roleRequired: 'Choose a role: owner, manager or editor',
  nameRequired: 'Name is required',
  emailTaken: 'A staff account already uses this email address',
  disabled: 'This staff account is disabled',
} as const;

/** Staff passwords guard the whole shop: longer than customers'. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const staffSignInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH),
});

export const staffCodeSchema = z.object({
  challenge: z.string({ error: STAFF_MESSAGES.challengeExpired }).min(1).max(200),
  code: z
    .string({ error: STAFF_MESSAGES.codeRequired })
    .trim()
    .regex(/^\d{6}$/, { error: STAFF_MESSAGES.codeRequired }),
});

export const newStaffSchema = z.object({
  email: emailSchema,
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: STAFF_MESSAGES.nameRequired })
    .max(NAME_MAX_LENGTH),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
  password: z
    .string({ error: STAFF_MESSAGES.passwordTooShort })
    .min(STAFF_PASSWORD_MIN_LENGTH, { error: STAFF_MESSAGES.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH),
});
export type NewStaff = z.output<typeof newStaffSchema>;

/** A staff member as the back office shows them (never the password or the secret). */
export type StaffJson = z.infer<typeof s.staffSchema>;
