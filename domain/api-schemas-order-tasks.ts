// What staff's daily order tasks take and answer: notes on an order, an order taken by phone
// (a draft sent as a payment link) and editing an order before it leaves (issue 28, part 8).
import { z } from '#domain/zod.ts';
import { bankTransferSchema, orderLineSchema, orderTotalsSchema } from './api-schemas.ts';
import { DELIVERY_OPTION_IDS, PAYMENT_METHODS } from './checkout.ts';
import { addressSchema, emailSchema } from './validation.ts';

export const ORDER_NOTE_MAX_LENGTH = 2000;
/** Lines an order taken by phone or an edit may have. */
export const ORDER_TASK_LINES_MAX = 100;
/** Days a phone order's payment link works. */
export const PAYMENT_LINK_DAYS = 7;

export const ORDER_TASK_MESSAGES = {
  noteRequired: 'Write the note',
  noteTooLong: `A note is at most ${ORDER_NOTE_MAX_LENGTH} characters`,
  linesRequired: 'Add at least one line',
  lineVariation: 'Choose a size',
  linePieces: 'Give the quantity as a whole number of pieces, 1 or more',
  unknownVariation: 'This size does not exist or is not on sale',
  eachSizeOnce: 'Each size once: change the quantity instead',
  notEditable: (status: string) =>
    `An order that is ${status.replace('_', ' ')} can no longer be edited: only before it is dispatched`,
  nothingChanged: 'Change the lines, the address or the delivery before saving',
  optionNotOffered: 'That delivery is not offered for this address and these lines',
  linkExpired: 'This payment link has expired: please call us for a new one',
  linkUsed: 'This order has already been placed: see your order page',
  linkCancelled: 'This payment link was withdrawn: please call us',
  draftNotFound: 'Payment link not found',
  nothingDue: 'Nothing is due on this order: its payment covers its total',
  balancePaid: 'This balance has been paid: thank you',
  balanceChanged: 'The amount due on this order has changed: please call us for a new link',
  balanceAmount: (due: string) => `The amount received is not the balance due of £${due}`,
} as const;

/** Control characters other than line breaks and tabs never reach a note. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** POST /api/admin/orders/{number}/notes. */
export const orderNoteBody = z.object({
  text: z
    .string({ error: ORDER_TASK_MESSAGES.noteRequired })
    .transform((text) => text.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, { error: ORDER_TASK_MESSAGES.noteRequired })
        .max(ORDER_NOTE_MAX_LENGTH, { error: ORDER_TASK_MESSAGES.noteTooLong }),
    ),
  to_customer: z.boolean({ error: 'to_customer is true or false' }).default(false),
});
export type OrderNoteInput = z.output<typeof orderNoteBody>;

/** A note the customer reads (their order page, the tracking page). */
export const orderMessageSchema = z.object({ at: z.string(), text: z.string() });

/** A note as staff see it. */
export const orderNoteSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    text: z.string(),
    to_customer: z.boolean(),
    actor: z.string(),
  })
  .meta({ id: 'OrderNote' });
export type OrderNoteJson = z.infer<typeof orderNoteSchema>;

const taskLine = z.object({
  variation_id: z
    .number({ error: ORDER_TASK_MESSAGES.lineVariation })
    .int({ error: ORDER_TASK_MESSAGES.lineVariation })
    .min(1, { error: ORDER_TASK_MESSAGES.lineVariation }),
  pieces: z
    .number({ error: ORDER_TASK_MESSAGES.linePieces })
    .int({ error: ORDER_TASK_MESSAGES.linePieces })
    .min(1, { error: ORDER_TASK_MESSAGES.linePieces })
    .max(100_000, { error: ORDER_TASK_MESSAGES.linePieces }),
});

const taskLines = z
  .array(taskLine, { error: ORDER_TASK_MESSAGES.linesRequired })
  .min(1, { error: ORDER_TASK_MESSAGES.linesRequired })
  .max(ORDER_TASK_LINES_MAX)
  .refine((lines) => new Set(lines.map((l) => l.variation_id)).size === lines.length, {
    error: ORDER_TASK_MESSAGES.eachSizeOnce,
  });

const deliveryOption = z.enum(DELIVERY_OPTION_IDS, { error: 'Choose a delivery option' });

/**
 * PUT /api/admin/orders/{number}: the order's lines as they should be (each size once), its
 * delivery address and option; what is left out stays as it is.
 */
export const orderEditBody = z.object({
  version: z.number({ error: 'version is the order version you loaded' }).int().min(1),
  lines: taskLines.optional(),
  shipping: addressSchema.optional(),
  delivery_option: deliveryOption.optional(),
  reason: z.string().trim().max(500).optional(),
});
export type OrderEditInput = z.output<typeof orderEditBody>;

/** POST /api/admin/orders/drafts: an order taken by phone. */
export const draftOrderBody = z.object({
  email: emailSchema,
  shipping: addressSchema,
  lines: taskLines,
  delivery_option: deliveryOption.default('standard'),
});
export type DraftOrderInput = z.output<typeof draftOrderBody>;

export const DRAFT_STATUSES = ['draft', 'sent', 'placed', 'cancelled'] as const;

/** A phone order before it is paid, as staff and its link show it. */
export const draftOrderSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(DRAFT_STATUSES),
    email: z.string(),
    shipping_address: z.record(z.string(), z.unknown()),
    delivery_option: z.enum(DELIVERY_OPTION_IDS),
    delivery_label: z.string().nullable(),
    deliverable: z.boolean(),
    lines: z.array(orderLineSchema),
    totals: orderTotalsSchema,
    link_expires_at: z.string().nullable(),
    /** The order it became, once paid for through its link. */
    order_number: z.string().nullable(),
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    /**
     * Set when the link is for the balance of an order edited after payment: the order's total
     * is `totals`, `paid` what its payment holds, `due` what the link asks for.
     */
    balance: z.object({ paid: z.string(), due: z.string() }).nullable(),
  })
  .meta({ id: 'DraftOrder' });
export type DraftOrderJson = z.infer<typeof draftOrderSchema>;

/** POST /api/pay/{token}: how the customer pays a phone order. */
export const draftPayBody = z.object({
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose how to pay' }),
  accept_terms: z.literal(true, {
    error: 'Please read and accept the terms and conditions to place your order',
  }),
  /** The total the customer was shown: a different one now is refused with the new figures. */
  expected_total: z.string().regex(/^\d+\.\d{2}$/, { error: 'expected_total looks like 123.45' }),
});

export const draftTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Payment link not found' }),
});

/** POST /api/pay/{token}/balance: the customer pays an order's balance (its due as shown). */
export const balancePayBody = z.object({
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose how to pay' }),
  expected_total: draftPayBody.shape.expected_total,
});

/** What paying a balance answers: bank details to transfer to, or paid (card). */
export const balancePaymentSchema = z
  .object({
    order_number: z.string(),
    status: z.enum(['awaiting_transfer', 'paid']),
    due: z.string(),
    bank_transfer: bankTransferSchema.nullable(),
  })
  .meta({ id: 'BalancePayment' });
export type BalancePaymentJson = z.infer<typeof balancePaymentSchema>;

/** POST /api/admin/orders/{number}/balance-received: a balance's transfer arrived. */
export const balanceReceivedBody = z.object({
  amount: z.string().regex(/^\d+\.\d{2}$/, { error: 'Give the amount received, like 123.45' }),
});

/** What sending a balance link answers staff. */
export const balanceLinkSchema = z.object({
  link: z.string(),
  due: z.string(),
  link_expires_at: z.string(),
});

/** GET /api/admin/orders/sizes?q=: sizes on sale whose product name or SKU matches. */
export const sizeSearchQuery = z.object({
  q: z.string().trim().min(2, { error: 'Type at least 2 letters of the name or SKU' }).max(100),
});

/** A size staff may add to a phone order. */
export const sizeChoiceSchema = z.object({
  variation_id: z.number().int(),
  /** The size's product: the stone a bespoke piece of a quote is cut from. */
  product_id: z.number().int(),
  product: z.string(),
  size: z.string(),
  sku: z.string().nullable(),
  /** Per m² for sizes sold by area, per piece otherwise. */
  price: z.string(),
  unit: z.string(),
});
export type SizeChoiceJson = z.infer<typeof sizeChoiceSchema>;
