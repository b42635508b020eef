// What the returns routes take and answer (shared by the server, the storefront and OpenAPI).
import { z } from '#domain/zod.ts';
import { vatSplitSchema } from './api-schemas.ts';
import { ORDER_NUMBER_PATTERN } from './checkout.ts';
import {
  RETURN_MESSAGES,
  RETURN_NUMBER_PATTERN,
  RETURN_REASONS,
  RETURN_STATUSES,
} from './returns.ts';

const pounds = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Pounds with two decimals, e.g. '123.45'" });

export const RETURN_NOTE_MAX_LENGTH = 1000;
export const RETURN_PHOTOS_MAX = 6;

const lineChoice = z.object({
  /** The line's place in the order's lines, from 0. */
  line: z.number({ error: 'Choose a line of the order' }).int().min(0).max(500),
  pieces: z
    .number({ error: 'Give the pieces to return as a whole number' })
    .int({ error: 'Give the pieces to return as a whole number' })
    .min(1, { error: 'Give the pieces to return as a whole number' })
    .max(1_000_000),
});

/** POST /api/orders/{number}/returns and …/returns/preview. */
export const returnRequestSchema = z.object({
  lines: z
    .array(lineChoice, { error: RETURN_MESSAGES.nothingChosen })
    .min(1, { error: RETURN_MESSAGES.nothingChosen })
    .max(100)
    .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, {
      error: 'Each line once',
    }),
  reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
  note: z.string().trim().max(RETURN_NOTE_MAX_LENGTH).optional(),
  /** For damage: the damage was written on the delivery note when the goods arrived. */
  damage_on_delivery_note: z.boolean().optional(),
  /** Ids of photos uploaded to POST /api/orders/{number}/returns/photos (damage only). */
  photos: z.array(z.number().int().min(1)).max(RETURN_PHOTOS_MAX).optional(),
});
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

export const returnFiguresSchema = z
  .object({
    goods: vatSplitSchema,
    restocking_fee: vatSplitSchema,
    collection: vatSplitSchema,
    /** Goods less fee and collection: what the credit note will give back. */
    refund: vatSplitSchema,
  })
  .meta({ id: 'ReturnFigures' });
export type ReturnFiguresJson = z.infer<typeof returnFiguresSchema>;

export const returnRulesSchema = z
  .object({
    window_days: z.number().int(),
    restocking_fee_percent: z.number().int(),
    collection_paid_by: z.enum(['customer', 'shop']),
    collection_price: pounds,
    damage_claim_hours: z.number().int(),
    /** The rules in the customer's words. */
    text: z.array(z.string()),
  })
  .meta({ id: 'ReturnRules' });

export const returnSchema = z
  .object({
    number: z.string(),
    order: z.string(),
    status: z.enum(RETURN_STATUSES),
    status_label: z.string(),
    reason: z.enum(RETURN_REASONS),
    reason_label: z.string(),
    note: z.string().nullable(),
    damage: z.boolean(),
    damage_on_delivery_note: z.boolean(),
    lines: z.array(
      z.object({
        line: z.number().int(),
        name: z.string(),
        size: z.string(),
        pieces: z.number().int(),
        pieces_per_pack: z.number().int(),
        packs: z.number().int(),
        gross: pounds,
      }),
    ),
    figures: returnFiguresSchema,
    photos: z.number().int(),
    refusal: z.string().nullable(),
    collection_date: z.string().nullable(),
    credit_note: z.string().nullable(),
    requested_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Return' });
export type ReturnJson = z.infer<typeof returnSchema>;

/** What the order page needs to offer a return: the rules, each line's packs, past returns. */
export const returnOptionsSchema = z
  .object({
    rules: returnRulesSchema,
    /** Why no return can be asked for now (not delivered, window closed), or null. */
    closed: z.string().nullable(),
    damage_claim_open: z.boolean(),
    lines: z.array(
      z.object({
        line: z.number().int(),
        name: z.string(),
        size: z.string(),
        pieces: z.number().int(),
        pieces_per_pack: z.number().int(),
        returnable_pieces: z.number().int(),
        why_not: z.string().nullable(),
      }),
    ),
    returns: z.array(returnSchema),
  })
  .meta({ id: 'ReturnOptions' });
export type ReturnOptionsJson = z.infer<typeof returnOptionsSchema>;

export const returnPhotoSchema = z.object({ id: z.number().int() });

export const returnParams = z.object({
  return: z
    .string()
    .regex(RETURN_NUMBER_PATTERN, { error: 'A return number looks like TS-100001-R1' }),
});

const versionField = z.number({ error: 'Send the version you loaded' }).int().min(1);
const REFUSAL_MESSAGE = 'Say why the return is refused (the customer reads it)';
const DATE_MESSAGE = 'A collection date looks like 2026-11-24';

/** The staff actions' bodies: each carries the version the page loaded. */
export const returnActionSchemas = {
  approve: z.object({ version: versionField }),
  refuse: z.object({
    version: versionField,
    reason: z
      .string({ error: REFUSAL_MESSAGE })
      .trim()
      .min(3, { error: REFUSAL_MESSAGE })
      .max(300, { error: REFUSAL_MESSAGE }),
  }),
  book: z.object({
    version: versionField,
    date: z
      .string({ error: DATE_MESSAGE })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: DATE_MESSAGE }),
  }),
  receive: z.object({ version: versionField }),
  refund: z.object({ version: versionField }),
} as const;

export const returnsListQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Unknown return status' }).optional(),
  /** One order's returns only. */
  order: z
    .string()
    .regex(ORDER_NUMBER_PATTERN, { error: 'An order number looks like TS-100001' })
    .optional(),
});
