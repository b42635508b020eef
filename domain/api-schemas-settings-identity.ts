// The owner's shop identity and bank details (issue 28): two sections of the settings, with the
// field messages the settings screen shows. The footer, the contact page, mails, invoices and the
// bank-transfer instructions read them; the seeded values are the shop's details before any save.
import { z } from '#domain/zod.ts';
import { emailSchema, isPhoneNumber, MESSAGES } from './validation.ts';

export const IDENTITY_TEXT_MAX = 120;
export const IDENTITY_LINES_MAX = 8;
export const SOCIAL_LINKS_MAX = 10;
export const PAYMENT_DAYS_MAX = 60;

export const IDENTITY_MESSAGES = {
  tradingName: `Enter the name the shop trades as (at most ${IDENTITY_TEXT_MAX} characters)`,
  legalName: `Enter the company's registered name (at most ${IDENTITY_TEXT_MAX} characters)`,
  registeredOffice: `Enter the registered office, one line each (at most ${IDENTITY_LINES_MAX} lines)`,
  openingHours: `Enter the opening hours, one line each (at most ${IDENTITY_LINES_MAX} lines)`,
  lineTooLong: `A line has at most ${IDENTITY_TEXT_MAX} characters`,
  companyNumber: 'A company number is 8 digits, or 2 letters and 6 digits (e.g. SC123456)',
  vatNumber: 'A UK VAT number is GB and 9 digits, e.g. GB 318 4726 59',
  phone: MESSAGES.phoneInvalid,
  replyTo: MESSAGES.emailInvalid,
  socialLink: 'Write each link as its name and its https:// address, e.g. Instagram https://…',
  socialLinksTooMany: `At most ${SOCIAL_LINKS_MAX} social links`,
  accountName: `Enter the name on the bank account (at most ${IDENTITY_TEXT_MAX} characters)`,
  sortCode: 'A sort code is 6 digits, e.g. 30-94-57',
  accountNumber: 'An account number is 8 digits',
  paymentDays: `Enter a whole number of days from 1 to ${PAYMENT_DAYS_MAX}`,
} as const;

const M = IDENTITY_MESSAGES;

const text = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(IDENTITY_TEXT_MAX, { error: message });

const lines = (message: string) =>
  z
    .array(z.string().trim().min(1).max(IDENTITY_TEXT_MAX, { error: M.lineTooLong }), {
      error: message,
    })
    .min(1, { error: message })
    .max(IDENTITY_LINES_MAX, { error: message });

/** Text typed one item a line → the lines that are not blank. */
export const splitLines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * A UK VAT number as it is printed, or null when it is not one: GB and 9 digits (or 12, for a
 * branch), or GBGD/GBHA and 3 digits, spaces as typed.
 *
 * ukVatNumber(' gb 318 4726 59 ') → 'GB 318 4726 59'; ukVatNumber('318472659') → null
 */
export function ukVatNumber(value: string): string | null {
  const printed = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const bare = printed.replace(/ /g, '');
  return /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(bare) ? printed : null;
}

/** Digits of a sort code as the shop prints it: '309457' / '30 94 57' → '30-94-57'; else null. */
export function sortCode(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3') : null;
}

const socialLinkSchema = z.object({
  name: z.string().trim().min(1, { error: M.socialLink }).max(40, { error: M.socialLink }),
  href: z
    .string()
    .trim()
    .regex(/^https:\/\/[^\s]+$/, { error: M.socialLink }),
});

function identitySchema<L extends z.ZodType<string[]>, S extends z.ZodType>(
  office: L,
  hours: L,
  social: S,
) {
  return z.object({
    trading_name: text(M.tradingName),
    legal_name: text(M.legalName),
    registered_office: office,
    company_number: z
      .string({ error: M.companyNumber })
      .trim()
      .toUpperCase()
      .regex(/^(\d{8}|[A-Z]{2}\d{6})$/, { error: M.companyNumber }),
    vat_number: z.string({ error: M.vatNumber }).transform((value, ctx) => {
      const printed = ukVatNumber(value);
      if (printed === null) ctx.addIssue({ code: 'custom', message: M.vatNumber });
      return printed ?? value;
    }),
    phone: z
      .string({ error: MESSAGES.phoneRequired })
      .trim()
      .min(1, { error: MESSAGES.phoneRequired })
      .max(30, { error: M.phone })
      .refine(isPhoneNumber, { error: M.phone }),
    email: emailSchema,
    /** Where replies to the shop's mail go; empty: the address set at start (MAIL_REPLY_TO). */
    reply_to: z
      .string()
      .trim()
      .max(254, { error: M.replyTo })
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        error: M.replyTo,
      }),
    opening_hours: hours,
    social_links: social,
  });
}

const socialList = z.array(socialLinkSchema).max(SOCIAL_LINKS_MAX, { error: M.socialLinksTooMany });

/** The identity section's value in the API: lists as lists. */
export const identitySettingsSchema = identitySchema(
  lines(M.registeredOffice),
  lines(M.openingHours),
  socialList,
).meta({
  id: 'IdentitySettings',
  description:
    "The shop's names, registered office, company and VAT numbers, contact details, opening hours and social links; reply_to empty means MAIL_REPLY_TO (or the sender)",
});
export type IdentitySettingsValue = z.output<typeof identitySettingsSchema>;

/** One social link a line: its name, then its address ('Instagram https://…'). */
function socialLines(value: string): { name: string; href: string }[] {
  return splitLines(value).map((line) => {
    const at = line.lastIndexOf(' ');
    return at < 0
      ? { name: '', href: line }
      : { name: line.slice(0, at).trim(), href: line.slice(at + 1) };
  });
}

const linesText = (message: string) =>
  z.string({ error: message }).transform(splitLines).pipe(lines(message));

/** The same, as the settings screen holds it: lists typed one item a line. */
export const identitySettingsFormSchema = identitySchema(
  linesText(M.registeredOffice),
  linesText(M.openingHours),
  z.string().transform(socialLines).pipe(socialList),
);
export type IdentitySettingsForm = z.input<typeof identitySettingsFormSchema>;

/** The settings screen's text for a saved identity. */
export function identityFormValues(value: IdentitySettingsValue): IdentitySettingsForm {
  return {
    ...value,
    registered_office: value.registered_office.join('\n'),
    opening_hours: value.opening_hours.join('\n'),
    social_links: value.social_links.map((link) => `${link.name} ${link.href}`).join('\n'),
  };
}

const wholeDays = z.coerce
  .number({ error: M.paymentDays })
  .int({ error: M.paymentDays })
  .min(1, { error: M.paymentDays })
  .max(PAYMENT_DAYS_MAX, { error: M.paymentDays });

/** The bank section: where transfers are paid, and how long an unpaid order waits. */
export const bankSettingsSchema = z
  .object({
    account_name: text(M.accountName),
    sort_code: z.string({ error: M.sortCode }).transform((value, ctx) => {
      const code = sortCode(value);
      if (code === null) ctx.addIssue({ code: 'custom', message: M.sortCode });
      return code ?? value;
    }),
    account_number: z
      .string({ error: M.accountNumber })
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{8}$/, { error: M.accountNumber })),
    /**
     * Days an order paid by transfer waits before it expires, for orders placed after a save;
     * null (empty in the form): the days set at start (ORDER_PAYMENT_DAYS).
     */
    payment_days: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      wholeDays.nullable(),
    ),
  })
  .meta({
    id: 'BankSettings',
    description:
      'Bank details for transfers (sort code printed 30-94-57) and the days an unpaid order waits (orders placed after a save)',
  });
export type BankSettingsValue = z.output<typeof bankSettingsSchema>;
export type BankSettingsForm = z.input<typeof bankSettingsSchema>;

/** The settings screen's text for saved bank details. */
export const bankFormValues = (value: BankSettingsValue) => ({
  ...value,
  payment_days: value.payment_days === null ? '' : String(value.payment_days),
});

/** GET /api/shop: the identity as the footer and contact page show it (no Reply-To). */
export const shopJsonSchema = z.object({
  data: identitySettingsSchema.omit({ reply_to: true }),
});
export type ShopJson = z.output<typeof shopJsonSchema>['data'];
