// The answers and inputs of order tracking, guest orders joining an account and email
// verification (see api-schemas.ts for how these schemas are used).
import { z } from '#domain/zod.ts';
import { ORDER_NUMBER_PATTERN, orderParams } from './checkout.ts';
import { TIMELINE_STEP_KEYS } from './order-timeline.ts';

/** What customers read about verifying their email and adding guest orders to their account. */
export const VERIFY_MESSAGES = {
  linkInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  sent: 'We have sent a verification link to your email address. Please check your inbox.',
  verified: 'Thank you: your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  verifyFirst:
    'Please verify your email address first: we add orders placed as a guest only to an account whose email is verified.',
  claimed: (count: number) =>
    count === 0
      ? 'No order was added: there is no guest order with your email address left to add.'
      : count === 1
        ? '1 order was added to your account.'
        : `${count} orders were added to your account.`,
} as const;

export const timelineStepSchema = z
  .object({
    key: z.enum(TIMELINE_STEP_KEYS),
    label: z.string(),
    at: z.string().nullable().meta({ description: 'When it happened; null for a step to come' }),
    day: z.string().nullable().meta({ description: "The booked day, '2026-12-03'" }),
    detail: z.string().nullable(),
    done: z.boolean(),
    current: z.boolean(),
    tracking: z
      .object({
        carrier: z.string().nullable(),
        number: z.string().nullable(),
        url: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'TimelineStep' });

export const orderDocumentSchema = z
  .object({
    /** 'pro_forma': a trade account's order awaiting a bank transfer (not a VAT invoice). */
    kind: z.enum(['invoice', 'credit_note', 'pro_forma']),
    number: z.string(),
    label: z.string(),
    issued_at: z.string(),
    /** Carries the order's secret (`?token=`) when the order was opened through its link. */
    url: z.string(),
  })
  .meta({ id: 'OrderDocument' });

export const claimOrdersSchema = z.strictObject({
  /** The guest orders to add; absent means every one placed with the account's email. */
  numbers: z
    .array(
      z.string().regex(ORDER_NUMBER_PATTERN, { error: 'An order number looks like TS-000123' }),
    )
    .min(1)
    .max(100)
    .optional(),
});

export const claimableOrderSchema = z.object({
  number: z.string(),
  placed_at: z.string(),
  total: z.string(),
});

export const verifyEmailConfirmSchema = z.object({
  token: z
    .string({ error: VERIFY_MESSAGES.linkInvalid })
    .min(1, { error: VERIFY_MESSAGES.linkInvalid })
    .max(200, { error: VERIFY_MESSAGES.linkInvalid }),
});

export type OrderDocumentJson = z.infer<typeof orderDocumentSchema>;
export type ClaimableOrderJson = z.infer<typeof claimableOrderSchema>;

/** A credit note's PDF of an order: /orders/{number}/credit-notes/CN-000001.pdf. */
export const creditNoteFileParams = orderParams.extend({
  note: z
    .string()
    .regex(/^CN-\d{1,12}\.pdf$/i, { error: 'A credit note looks like CN-000001.pdf' }),
});
