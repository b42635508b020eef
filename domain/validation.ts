// Input rules shared by the storefront's forms and the server's handlers (spec section 5). Each
// limit is a named constant and each user-facing message sits beside its rule, so the two sides
// cannot drift apart.
import { z } from '#domain/zod.ts';
import { roundM2 } from './area.ts';
import { COUNTRY_CODES } from './countries.ts';
import { normaliseUkPostcode, UK_POSTCODE_INVALID } from './postcode.ts';
import { CART_QUANTITY_MAX } from './cart.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any pass-phrase, short enough that hashing it cannot be used to tie up CPU. */
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321's limit for a whole address. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const COMPANY_MAX_LENGTH = 200;
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const COUNTY_MAX_LENGTH = 100;
export const POSTCODE_MAX_LENGTH = 16;
export const PHONE_MAX_LENGTH = 30;
/** The shortest international numbers have 7 digits; fewer cannot be dialled. */
export const PHONE_MIN_DIGITS = 7;
export const CART_M2_MAX = 100_000;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  currentPasswordRequired: 'Current password is required to change password',
  newPasswordTooShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordsDoNotMatch: 'New password and confirm password do not match',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  addressEmailRequired: 'Email address is required',
  countryRequired: 'Country is required',
  addressLine1Required: 'Address Line 1 is required',
  cityRequired: 'Town/City is required',
  postcodeRequired: 'Postcode is required',
  ukPostcodeInvalid: UK_POSTCODE_INVALID,
  postcodeSearchRequired: 'Please enter a postcode to search',
} as const;

function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

// No `abort: true` anywhere: an aborted field would also silence the object's cross-field rules.
// Rules that must wait for an earlier one (format after 'required') follow it through `.pipe`.

/** A trimmed string that must not be empty; a missing value gets the same message. */
function requiredText(message: string, label: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(label, max) });
}

/** A trimmed string that may be missing or empty. */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong(label, max) })
    .optional();
}

function emailField(requiredMessage: string) {
  return requiredText(requiredMessage, 'Email', EMAIL_MAX_LENGTH).pipe(
    z.email({ error: MESSAGES.emailInvalid }),
  );
}

/** An email address: required, trimmed, well-formed. */
export const emailSchema = emailField(MESSAGES.emailRequired);

// Passwords are never trimmed: spaces may be part of them.
const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: tooLong('Password', PASSWORD_MAX_LENGTH) });

/** Login: no minimum length beyond 'required', so accounts made under older rules can sign in. */
export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema.pipe(
    z.string().min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort }),
  ),
});
export type SignupInput = z.infer<typeof signupSchema>;

const optionalPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, { error: tooLong('Password', PASSWORD_MAX_LENGTH) })
  .optional();

type IssuePayload = { issues: readonly { path?: readonly PropertyKey[] | undefined }[] };

/**
 * Runs a cross-field rule only when the fields it reads passed their own checks (and the input
 * was an object at all), so the rule's messages can join the other fields' messages.
 */
export function whenFieldsValid(...fields: string[]) {
  return (payload: IssuePayload) =>
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || fields.includes(String(field));
    });
}

/**
 * Account details. Changing the password is optional; once a new or confirm password is typed,
 * the current password, the new password's length and the match are all required.
 */
export const profileSchema = z
  .object({
    first_name: requiredText(MESSAGES.firstNameRequired, 'First name', NAME_MAX_LENGTH),
    last_name: requiredText(MESSAGES.lastNameRequired, 'Last name', NAME_MAX_LENGTH),
    email: emailSchema,
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    confirmPassword: optionalPassword,
  })
  .superRefine(
    (profile, ctx) => {
      const newPassword = profile.newPassword ?? '';
      const confirmPassword = profile.confirmPassword ?? '';
      if (newPassword === '' && confirmPassword === '') return;
      if ((profile.currentPassword ?? '') === '') {
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.currentPasswordRequired,
          path: ['currentPassword'],
        });
      }
      if (newPassword.length < PASSWORD_MIN_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.newPasswordTooShort,
          path: ['newPassword'],
        });
      }
      if (newPassword !== confirmPassword) {
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.passwordsDoNotMatch,
          path: ['confirmPassword'],
        });
      }
    },
    { when: whenFieldsValid('currentPassword', 'newPassword', 'confirmPassword') },
  );
export type ProfileInput = z.infer<typeof profileSchema>;

const PHONE_CHARACTERS = /^[0-9 +\-()]+$/;

/**
 * A phone number as the address form accepts it: only digits, spaces, + - ( ), and at least 7
 * digits.
 *
 * isPhoneNumber('+44 (0)20 7946-0958') → true
 * isPhoneNumber('020 7946 0958 ext 2') → false
 * isPhoneNumber('12-34') → false
 */
export function isPhoneNumber(text: string): boolean {
  return PHONE_CHARACTERS.test(text) && text.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

/** Postcode lookup input (spec section 5: 'Please enter a postcode to search'). */
export const postcodeSearchSchema = requiredText(
  MESSAGES.postcodeSearchRequired,
  'Postcode',
  POSTCODE_MAX_LENGTH,
);

/**
 * A billing or shipping address. Keys are in the form's order so the error list reads top to
 * bottom. A GB postcode must be a valid UK postcode and comes out in standard form.
 */
export const addressSchema = z
  .object({
    first_name: requiredText(MESSAGES.firstNameRequired, 'First name', NAME_MAX_LENGTH),
    last_name: requiredText(MESSAGES.lastNameRequired, 'Last name', NAME_MAX_LENGTH),
    company: optionalText('Company', COMPANY_MAX_LENGTH),
    phone: requiredText(MESSAGES.phoneRequired, 'Phone number', PHONE_MAX_LENGTH).pipe(
      z.string().refine(isPhoneNumber, { error: MESSAGES.phoneInvalid }),
    ),
    email: emailField(MESSAGES.addressEmailRequired),
    country: z.enum(COUNTRY_CODES, { error: MESSAGES.countryRequired }),
    address_1: requiredText(
      MESSAGES.addressLine1Required,
      'Address Line 1',
      ADDRESS_LINE_MAX_LENGTH,
    ),
    address_2: optionalText('Address Line 2', ADDRESS_LINE_MAX_LENGTH),
    city: requiredText(MESSAGES.cityRequired, 'Town/City', CITY_MAX_LENGTH),
    county: optionalText('County', COUNTY_MAX_LENGTH),
    postcode: requiredText(MESSAGES.postcodeRequired, 'Postcode', POSTCODE_MAX_LENGTH),
  })
  .superRefine(
    (address, ctx) => {
      if (address.country === 'GB' && normaliseUkPostcode(address.postcode) === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.ukPostcodeInvalid, path: ['postcode'] });
      }
    },
    { when: whenFieldsValid('country', 'postcode') },
  )
  .transform((address) =>
    address.country === 'GB'
      ? { ...address, postcode: normaliseUkPostcode(address.postcode) ?? address.postcode }
      : address,
  );
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** Newsletter sign-up (the spec shows no validation; we require a real address). */
export const newsletterSchema = z.object({ email: emailSchema });

/** Numeric strings ('42') become numbers, as the spec sends ids "as numbers". */
function numericString(value: unknown): unknown {
  return typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

const BOOLEAN_WORDS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  ['true', true],
  ['false', false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
]);

export function booleanLike(field: string) {
  return z.preprocess(
    (value) => (BOOLEAN_WORDS.has(value) ? BOOLEAN_WORDS.get(value) : value),
    z.boolean({ error: `${field} must be true or false` }),
  );
}

function positiveId(field: string) {
  return z.preprocess(
    numericString,
    z
      .number({ error: `${field} must be a positive integer` })
      .int({ error: `${field} must be a positive integer` })
      .positive({ error: `${field} must be a positive integer` })
      .max(Number.MAX_SAFE_INTEGER, { error: `${field} must be a positive integer` }),
  );
}

const cartQuantitySchema = z.preprocess(
  numericString,
  z
    .number({ error: 'quantity must be a whole number from 1' })
    .int({ error: 'quantity must be a whole number from 1' })
    .min(1, { error: 'quantity must be a whole number from 1' })
    .max(CART_QUANTITY_MAX, { error: `quantity must be at most ${CART_QUANTITY_MAX}` }),
);

/** m² above 0, rounded to 3 decimals; null counts as not given. */
const cartM2Schema = z.preprocess(
  (value) => (value === null ? undefined : numericString(value)),
  z
    .number({ error: 'm2_quantity must be a number above 0' })
    .positive({ error: 'm2_quantity must be a number above 0' })
    .max(CART_M2_MAX, { error: `m2_quantity must be at most ${CART_M2_MAX}` })
    .transform(roundM2)
    // 0.0004 passes 'above 0' but rounds to 0.000, which is no quantity at all.
    .pipe(z.number().positive({ error: 'm2_quantity must be at least 0.001' }))
    .optional(),
);

/** A validated add-to-cart request, as the server receives it. */
export interface AddToCart {
  product_id: number;
  variation_id?: number;
  quantity: number;
  /** Only for non-sample lines, and only when given. */
  m2_quantity?: number;
  is_sample: boolean;
  check_duplicates?: boolean;
}

/**
 * POST /cart/add. Ids may come as numeric strings and leave as numbers; quantity defaults to 1;
 * is_sample is read from true/false/'true'/'false'/1/0 and defaults to false; m2_quantity is
 * rounded to 3 decimals and dropped for samples (spec section 5).
 */
export const addToCartSchema = z
  .object({
    product_id: positiveId('product_id'),
    variation_id: positiveId('variation_id').optional(),
    quantity: cartQuantitySchema.default(1),
    m2_quantity: cartM2Schema,
    is_sample: booleanLike('is_sample').default(false),
    check_duplicates: booleanLike('check_duplicates').optional(),
  })
  .transform(({ m2_quantity, ...line }): AddToCart =>
    line.is_sample || m2_quantity === undefined ? line : { ...line, m2_quantity },
  );
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** The basket line of PUT and DELETE /cart/{itemId}. */
export const cartItemParams = z.object({
  itemId: z.coerce
    .number({ error: 'itemId must be a positive integer' })
    .int({ error: 'itemId must be a positive integer' })
    .min(1, { error: 'itemId must be a positive integer' })
    .max(2_147_483_647, { error: 'itemId must be a positive integer' }),
});

/** PUT /cart/{itemId}. */
export const updateCartSchema = z.object({
  quantity: cartQuantitySchema,
  m2_quantity: cartM2Schema,
});
export type UpdateCart = z.output<typeof updateCartSchema>;

/** Key for problems with the whole input rather than one field. */
export const FORM_ERROR_KEY = '_form';

/**
 * The first message of each field, keyed by its dotted path, for messages under inputs.
 *
 * fieldErrors(loginSchema.safeParse({ email: '', password: '' }).error)
 *   → { email: 'Email is required', password: 'Password is required' }
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    if (!Object.hasOwn(errors, key)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Every message in order, each once, for the form's error list.
 *
 * errorList(loginSchema.safeParse({ email: 'x', password: '' }).error)
 *   → ['Please enter a valid email address', 'Password is required']
 */
export function errorList(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}
