// The mails of an order's life, and the rules of the outbox that sends them: which mails exist,
// how a failed one is retried, and what staff type to dispatch an order.
import { z } from '#domain/zod.ts';

export const MAIL_KINDS = [
  'order_confirmation',
  'new_order',
  'payment_received',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
  'order_note',
  'payment_link',
  'order_revised',
  'trade_application',
  'trade_decision',
  'quote',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_confirmation: 'Order confirmation',
  new_order: 'New order (to the shop)',
  payment_received: 'Payment received',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refund',
  order_note: 'Note from the shop',
  payment_link: 'Payment link (phone order)',
  order_revised: 'Order changed (revised invoice)',
  trade_application: 'Trade application (to the shop)',
  trade_decision: 'Trade application decided',
  quote: 'Quote (PDF and link)',
};

/** A mail is tried this often before staff see it failed (over about 3 hours, with the delays below). */
export const MAIL_MAX_ATTEMPTS = 10;

const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;

/**
 * How long to wait after the `attempts`-th failed try: 30 s, doubling, at most an hour. A mail
 * server that is down for a minute costs a minute; one down all morning is not hammered.
 *
 * mailRetryDelayMs(1) → 30000
 * mailRetryDelayMs(3) → 120000
 * mailRetryDelayMs(20) → 3600000
 */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

export type MailStatus = 'pending' | 'sent' | 'failed';

/** What an outbox row's columns say of it. */
export function mailStatus(row: { sent_at: unknown; failed_at: unknown }): MailStatus {
  if (row.sent_at !== null) return 'sent';
  return row.failed_at !== null ? 'failed' : 'pending';
}

/** One of an order's mails, for staff. */
export const orderMailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  label: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  attachments: z.array(z.string()),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
  resend_of: z.number().int().nullable(),
});
export type OrderMailJson = z.infer<typeof orderMailSchema>;

export const DISPATCH_MESSAGES = {
  carrier: 'Who carries it, e.g. Palletways',
  trackingNumber: 'The tracking number the carrier gave',
  trackingUrl: 'The tracking link, starting https://',
  deliveryDate: 'The delivery day, e.g. 2026-12-03',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD names a day of the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Whether a link is one to send a customer: https, with a host. */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** What staff give as an order leaves: carrier, tracking number and link, delivery day. */
export const dispatchSchema = z.object({
  carrier: z
    .string({ error: DISPATCH_MESSAGES.carrier })
    .trim()
    .min(1, DISPATCH_MESSAGES.carrier)
    .max(100),
  tracking_number: z
    .string({ error: DISPATCH_MESSAGES.trackingNumber })
    .trim()
    .min(1, DISPATCH_MESSAGES.trackingNumber)
    .max(100),
  tracking_url: z
    .string({ error: DISPATCH_MESSAGES.trackingUrl })
    .trim()
    .max(2000)
    .refine(isHttpsLink, { error: DISPATCH_MESSAGES.trackingUrl }),
  delivery_date: z
    .string({ error: DISPATCH_MESSAGES.deliveryDate })
    .refine(isCalendarDay, { error: DISPATCH_MESSAGES.deliveryDate }),
});
export type Dispatch = z.infer<typeof dispatchSchema>;
