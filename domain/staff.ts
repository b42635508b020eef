// Staff of the back office: their roles, what each role may do, and the sign-in forms' rules.
import { z } from '#domain/zod.ts';
import type * as s from './api-schemas-staff.ts';
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
  'reports',
  'settings',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/**
 * Who may work where: owners everywhere (the shop's settings, staff and the audit log only
 * they); managers the catalogue, orders, customers and the sales and VAT reports (they already
 * see every order's figures); editors pages, posts and the menu. Everyone sees the dashboard.
 */
const ACCESS: Record<StaffRole, readonly StaffArea[]> = {
  owner: STAFF_AREAS,
  manager: ['dashboard', 'catalogue', 'orders', 'customers', 'reports'],
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
  codeLocked:
    'Too many wrong codes: sign-in to this account is paused for 15 minutes, and the owner has been told',
  passwordWeak:
    'This password is too easy to guess: use a longer one, such as four unrelated words',
  invitationInvalid:
    'This invitation link is not valid: it has expired or has been used. Ask the owner for a new one',
  enrolByInvitation:
    'This account has no authenticator yet: use the invitation link the owner sent you',
  lastOwner:
    'This is the only active owner: make another staff member an owner first, or the shop would have none',
  currentPasswordWrong: 'Your current password is not right',
} as const;

/** Wrong second-factor codes an account may have in a row, and how long it then waits. */
export const STAFF_CODE_LOCK = { attempts: 5, ms: 15 * 60_000 } as const;

/** How long an invitation link works. */
export const STAFF_INVITATION_HOURS = 72;

/** A recovery code as handed out: three groups of hex digits, e.g. `3f9a-0c1d-77e2b4a8`. */
const RECOVERY_CODE = /^[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{8}$/i;

/**
 * Whether what was typed is a recovery code rather than a 6-digit authenticator code.
 *
 * isRecoveryCode('3f9a-0c1d-77e2b4a8') → true
 * isRecoveryCode('123456') → false
 */
export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code.trim());

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
    .refine((code) => /^\d{6}$/.test(code) || isRecoveryCode(code), {
      error: STAFF_MESSAGES.codeRequired,
    }),
});

const staffPasswordSchema = z
  .string({ error: STAFF_MESSAGES.passwordTooShort })
  .min(STAFF_PASSWORD_MIN_LENGTH, { error: STAFF_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH);

/** The first owner (ADMIN_EMAIL / ADMIN_PASSWORD or the admin:create command) has a password. */
export const firstStaffSchema = z.object({
  email: emailSchema,
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: STAFF_MESSAGES.nameRequired })
    .max(NAME_MAX_LENGTH),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
  password: staffPasswordSchema,
});
export type FirstStaff = z.output<typeof firstStaffSchema>;

/** Whom an owner invites: the invitee sets their own password through the invitation link. */
export const newStaffSchema = firstStaffSchema.omit({ password: true });
export type NewStaff = z.output<typeof newStaffSchema>;

export const staffRoleSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
});

const invitationToken = z.string({ error: STAFF_MESSAGES.invitationInvalid }).min(1).max(200);

export const invitationOpenSchema = z.object({ token: invitationToken });

/** The invitation page's form: a password of their own and the first code of the new app. */
export const invitationAcceptSchema = z.object({
  token: invitationToken,
  password: staffPasswordSchema,
  code: z
    .string({ error: STAFF_MESSAGES.codeRequired })
    .trim()
    .regex(/^\d{6}$/, { error: STAFF_MESSAGES.codeRequired }),
});

export const staffPasswordChangeSchema = z.object({
  current_password: z
    .string({ error: STAFF_MESSAGES.currentPasswordWrong })
    .min(1, { error: STAFF_MESSAGES.currentPasswordWrong })
    .max(PASSWORD_MAX_LENGTH),
  new_password: staffPasswordSchema,
});

/** A staff member as the back office shows them (never the password or the secret). */
export type StaffJson = z.infer<typeof s.staffSchema>;
