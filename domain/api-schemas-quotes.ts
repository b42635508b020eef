// What the quotes routes take and answer: staff build a quote (catalogue sizes at any price and
// bespoke pieces), the customer reads it through their account or the mailed link and accepts.
import { z } from '#domain/zod.ts';
import { cardPaymentSchema, orderSchema, pounds } from './api-schemas.ts';
import { PAYMENT_METHODS } from './checkout.ts';
import { tryToPence } from './money.ts';
import { DEFAULT_VALID_DAYS, QUOTE_MESSAGES, QUOTE_STATES } from './quotes.ts';
import { DOCUMENT_CONTENT_TYPES } from './uploads.ts';
import { addressSchema } from './validation.ts';

export const QUOTE_LINES_MAX = 50;
export const QUOTE_TEXT_MAX = 60;
export const QUOTE_NOTES_MAX = 2000;
/** The longest side a piece may have: a slab is about 3.2 m. */
export const QUOTE_SIDE_MAX_MM = 4000;

export const QUOTE_FORM_MESSAGES = {
  price: 'Give a price in pounds, e.g. 180.00',
  pieces: 'Give the pieces as a whole number, 1 to 1,000',
  side: `Give the size in whole mm, 1 to ${QUOTE_SIDE_MAX_MM}`,
  thickness: 'Give the thickness in whole mm, 5 to 200',
  cutouts: 'Give the cut-outs in each piece, 0 to 20',
  validDays: 'Valid for 1 to 365 days',
  depositPercent: 'The deposit is a whole percent from 0 (pay in full) to 100',
  product: 'Choose a stone',
  variation: 'Choose a size',
  linesRequired: 'Add at least one line',
  linesMax: `A quote has at most ${QUOTE_LINES_MAX} lines`,
} as const;

/** An amount typed in pounds ('180', '180.00'), taken as pence. */
const poundsInput = z
  .string({ error: QUOTE_FORM_MESSAGES.price })
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: QUOTE_FORM_MESSAGES.price })
  .transform((text) => tryToPence(text)!);

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const side = wholeNumber(QUOTE_FORM_MESSAGES.side, 1, QUOTE_SIDE_MAX_MM);
const text = z.string().trim().max(QUOTE_TEXT_MAX).optional();

const catalogueLine = z.object({
  kind: z.literal('catalogue'),
  variation_id: wholeNumber(QUOTE_FORM_MESSAGES.variation, 1, 2 ** 31 - 1),
  pieces: wholeNumber(QUOTE_FORM_MESSAGES.pieces, 1, 1000),
  /** 'piece' (default) or 'm2', by the size's own measurements. */
  pricing: z.enum(['m2', 'piece']).default('piece'),
  unit_price: poundsInput,
});

const bespokeLine = z
  .object({
    kind: z.literal('bespoke'),
    /** The stone: a product of the catalogue, whose material gives the weight. */
    product_id: wholeNumber(QUOTE_FORM_MESSAGES.product, 1, 2 ** 31 - 1),
    thickness_mm: wholeNumber(QUOTE_FORM_MESSAGES.thickness, 5, 200),
    /** One piece's measurements; both may be left out when a drawing gives them. */
    length_mm: side.nullable().default(null),
    width_mm: side.nullable().default(null),
    /** A drawing uploaded through POST /api/admin/quotes/drawings. */
    drawing_id: z.number().int().min(1).nullable().default(null),
    edge_profile: text,
    finish: text,
    cutouts: wholeNumber(QUOTE_FORM_MESSAGES.cutouts, 0, 20).default(0),
    cutout_price: poundsInput.default(0),
    pieces: wholeNumber(QUOTE_FORM_MESSAGES.pieces, 1, 1000),
    pricing: z.enum(['m2', 'piece']),
    unit_price: poundsInput,
  })
  .superRefine((line, context) => {
    const missing = (['length_mm', 'width_mm'] as const).filter((key) => line[key] === null);
    if (missing.length === 0) return;
    // Without its measurements a piece is cut to its drawing, so it can only be priced per piece.
    if (line.drawing_id === null || missing.length === 1) {
      for (const key of missing) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: QUOTE_MESSAGES.measurementsOrDrawing,
        });
      }
    } else if (line.pricing === 'm2') {
      context.addIssue({
        code: 'custom',
        path: ['pricing'],
        message: QUOTE_MESSAGES.areaNeedsSize,
      });
    }
  });

export const quoteLineInput = z.discriminatedUnion('kind', [catalogueLine, bespokeLine]);
export type QuoteLineInput = z.output<typeof quoteLineInput>;

/** POST /api/admin/quotes and PUT /api/admin/quotes/{number} (a draft). */
export const quoteInputSchema = z.object({
  /** The customer's name, email, phone and delivery address. */
  address: addressSchema,
  customer_id: z.number().int().min(1).nullable().optional(),
  enquiry_id: z.number().int().min(1).nullable().optional(),
  valid_days: wholeNumber(QUOTE_FORM_MESSAGES.validDays, 1, 365).default(DEFAULT_VALID_DAYS),
  deposit_percent: wholeNumber(QUOTE_FORM_MESSAGES.depositPercent, 0, 100).default(0),
  /** A delivery price set by hand; null or absent: the checkout's rules for the address. */
  manual_delivery: poundsInput.nullable().optional(),
  notes: z.string().trim().max(QUOTE_NOTES_MAX).optional(),
  lines: z
    .array(quoteLineInput, { error: QUOTE_FORM_MESSAGES.linesRequired })
    .min(1, { error: QUOTE_FORM_MESSAGES.linesRequired })
    .max(QUOTE_LINES_MAX, { error: QUOTE_FORM_MESSAGES.linesMax }),
  /** The version the editor loaded (a save from an older one is a 409). */
  version: z.number().int().optional(),
});
export type QuoteInput = z.output<typeof quoteInputSchema>;

/** POST /api/admin/quotes/from-enquiry/{id}: a draft filled from an enquiry. */
export const enquiryParams = z.object({ id: z.coerce.number().int().min(1) });

export const quoteNumberParams = z.object({
  number: z.string().regex(/^Q-\d{6,9}$/, { error: 'A quote number looks like Q-100001' }),
});
export const quoteTokenQuery = z.object({ token: z.string().max(100).optional() });
export const quoteVersionBody = z.object({ version: z.number().int().optional() });

/** POST /api/quotes/{number}/accept. */
export const acceptQuoteBody = z.object({
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose how to pay' }),
  accept_terms: z.literal(true, {
    error: 'Please read and accept the terms and conditions to accept the quote',
  }),
});
export type AcceptQuoteInput = z.output<typeof acceptQuoteBody>;

/** A drawing as uploaded (POST /api/admin/quotes/drawings), and as a line names it. */
export const quoteDrawingSchema = z
  .object({
    id: z.number().int(),
    file_name: z.string(),
    content_type: z.enum(DOCUMENT_CONTENT_TYPES),
    size_bytes: z.number().int(),
  })
  .meta({ id: 'QuoteDrawing' });
export type QuoteDrawingJson = z.infer<typeof quoteDrawingSchema>;

/** The upload's query: the name it downloads as (its extension follows its bytes). */
export const drawingUploadQuery = z.object({ file_name: z.string().max(200).optional() });
export const drawingParams = z.object({ id: z.coerce.number().int().min(1) });
export const quoteLineParams = quoteNumberParams.extend({
  position: z.coerce.number().int().min(0).max(QUOTE_LINES_MAX),
});

const split = z.object({ net: pounds, vat: pounds, gross: pounds });

export const quoteLineSchema = z.object({
  position: z.number().int(),
  kind: z.enum(['catalogue', 'bespoke']),
  product_id: z.number().int(),
  variation_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  thickness_mm: z.number().int().nullable(),
  length_mm: z.number().int().nullable(),
  width_mm: z.number().int().nullable(),
  edge_profile: z.string().nullable(),
  finish: z.string().nullable(),
  /** The piece's drawing: the customer downloads it from the quote's lines/{position}/drawing. */
  drawing: quoteDrawingSchema.nullable(),
  cutouts: z.number().int(),
  cutout_price: pounds,
  pieces: z.number().int(),
  pricing: z.enum(['m2', 'piece']),
  unit_price: pounds,
  m2: z.string().nullable(),
  weight_kg: z.string(),
  /** Made to the customer's measurements: outside the 14-day cancellation right. */
  made_to_specification: z.boolean(),
  total: split,
});

export const quoteEventSchema = z.object({
  at: z.string(),
  kind: z.string(),
  actor: z.string(),
  note: z.string().nullable(),
});

export const quoteSchema = z
  .object({
    number: z.string(),
    revision: z.number().int(),
    state: z.enum(QUOTE_STATES),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.record(z.string(), z.unknown()),
    customer_id: z.number().int().nullable(),
    enquiry_id: z.number().int().nullable(),
    valid_days: z.number().int(),
    sent_at: z.string().nullable(),
    valid_until: z.string().nullable(),
    deposit_percent: z.number().int(),
    delivery: z.object({ manual: z.boolean(), price: pounds, weight_kg: z.string() }),
    lines: z.array(quoteLineSchema),
    totals: z.object({
      goods: split,
      delivery: split,
      total: split,
      vat_rate: z.string(),
      deposit: pounds,
      balance: pounds,
      pay_now: pounds,
    }),
    notes: z.string().nullable(),
    order_number: z.string().nullable(),
    /** What the customer is told of cancellation when some lines are made to measure. */
    rights_note: z.string().nullable(),
    version: z.number().int(),
    /** Staff only: the quote's history. */
    history: z.array(quoteEventSchema).optional(),
  })
  .meta({ id: 'Quote' });
export type QuoteJson = z.infer<typeof quoteSchema>;

export const quoteSummarySchema = z.object({
  number: z.string(),
  revision: z.number().int(),
  state: z.enum(QUOTE_STATES),
  name: z.string(),
  email: z.string(),
  total: pounds,
  valid_until: z.string().nullable(),
  order_number: z.string().nullable(),
  created_at: z.string(),
});
export type QuoteSummaryJson = z.infer<typeof quoteSummarySchema>;

/** What sending answers: the quote and the link mailed (staff may copy it to the customer). */
export const sentQuoteSchema = z.object({ data: quoteSchema, link: z.string() });

/** What accepting answers: the order at the quote's prices, and what is paid now. */
export const acceptedQuoteSchema = z.object({
  data: orderSchema,
  quote: quoteSchema,
  /** The order link's secret; null when the quote was accepted before (a replay). */
  token: z.string().nullable(),
  payment: cardPaymentSchema.nullable(),
});

/** An enquiry staff may answer with a quote (GET /api/admin/quotes/enquiries). */
export const enquirySummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['quote', 'cut', 'lead-time']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  size: z.string().nullable(),
  thickness: z.string().nullable(),
  quantity: z.string().nullable(),
  finish: z.string().nullable(),
  created_at: z.string(),
  quote_number: z.string().nullable(),
});
export type EnquirySummaryJson = z.infer<typeof enquirySummarySchema>;
