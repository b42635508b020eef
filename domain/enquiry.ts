// Enquiries the spec leaves as links without pages: Get Quote (/contact), the We Can Cut form in
// quick view and 'Enquire about a lead time.' on out-of-stock sizes. One schema serves the form
// and the handler; each message sits beside its rule.
import { z } from '#domain/zod.ts';
import { emailSchema, isPhoneNumber, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from './validation.ts';

export const ENQUIRY_KINDS = ['quote', 'cut', 'lead-time'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;
/** Sizes, thicknesses, finishes and quantities are short free text: '600x400', '20mm', '12 m²'. */
export const ENQUIRY_DETAIL_MAX_LENGTH = 100;

export const ENQUIRY_MESSAGES = {
  kindInvalid: 'Please choose what your enquiry is about',
  nameRequired: 'Name is required',
  messageRequired: 'Please tell us about your project',
  sizeRequired: 'Please enter the size you need',
  productRequired: 'Please choose the product you are asking about',
  phoneInvalid: 'Please enter a valid phone number',
  sent: 'Thank you, your enquiry has been sent. We will reply within one working day with a quote by email, valid for 30 days, which you can accept and pay a deposit on online.',
  failed: 'Sorry, your enquiry could not be sent. Please try again or call us.',
} as const;

/** What each kind is called in the shop's mail and the form's heading. */
export const ENQUIRY_TITLES: Record<EnquiryKind, string> = {
  quote: 'Get a quote',
  cut: 'We can cut any size',
  'lead-time': 'Enquire about a lead time',
};

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const detail = (label: string) =>
  z
    .string()
    .trim()
    .max(ENQUIRY_DETAIL_MAX_LENGTH, { error: tooLong(label, ENQUIRY_DETAIL_MAX_LENGTH) })
    .optional();

/**
 * POST /api/enquiries. A quote needs a message, a cut needs a size and a lead-time enquiry names
 * its product; empty optional fields count as not given.
 *
 * enquirySchema.parse({ kind: 'cut', name: 'Ann', email: 'ann@example.com', size: '900x450' })
 *   → { kind: 'cut', name: 'Ann', email: 'ann@example.com', size: '900x450', message: '' }
 */
export const enquirySchema = z
  .object({
    kind: z.enum(ENQUIRY_KINDS, { error: ENQUIRY_MESSAGES.kindInvalid }),
    name: z
      .string({ error: ENQUIRY_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: ENQUIRY_MESSAGES.nameRequired })
      .max(NAME_MAX_LENGTH, { error: tooLong('Name', NAME_MAX_LENGTH) }),
    email: emailSchema,
    phone: z
      .string()
      .trim()
      .max(PHONE_MAX_LENGTH, { error: tooLong('Phone number', PHONE_MAX_LENGTH) })
      .refine((phone) => phone === '' || isPhoneNumber(phone), {
        error: ENQUIRY_MESSAGES.phoneInvalid,
      })
      .optional(),
    message: z
      .string()
      .trim()
      .max(ENQUIRY_MESSAGE_MAX_LENGTH, {
        error: tooLong('Message', ENQUIRY_MESSAGE_MAX_LENGTH),
      })
      .default(''),
    product_id: z
      .number({ error: 'product_id must be a positive integer' })
      .int({ error: 'product_id must be a positive integer' })
      .positive({ error: 'product_id must be a positive integer' })
      .max(2_147_483_647, { error: 'product_id must be a positive integer' })
      .optional(),
    size: detail('Size'),
    thickness: detail('Thickness'),
    quantity: detail('Quantity'),
    finish: detail('Finish'),
  })
  .superRefine((enquiry, ctx) => {
    if (enquiry.kind === 'quote' && enquiry.message === '') {
      ctx.addIssue({
        code: 'custom',
        message: ENQUIRY_MESSAGES.messageRequired,
        path: ['message'],
      });
    }
    if (enquiry.kind === 'cut' && !enquiry.size) {
      ctx.addIssue({ code: 'custom', message: ENQUIRY_MESSAGES.sizeRequired, path: ['size'] });
    }
    if (enquiry.kind === 'lead-time' && enquiry.product_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: ENQUIRY_MESSAGES.productRequired,
        path: ['product_id'],
      });
    }
  });
export type EnquiryInput = z.input<typeof enquirySchema>;
export type Enquiry = z.output<typeof enquirySchema>;
