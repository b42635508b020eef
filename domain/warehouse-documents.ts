// What the warehouse prints for an order: the packing slip the picker works from and the delivery
// note the driver hands over, signed by the customer. The returns rules rely on damage being
// noted on the delivery note, so it always carries the box for it.
import { DELIVERY_SLOT_LABELS, type DeliverySlot, SITE_ACCESS_QUESTIONS } from './booking.ts';
import { z } from './zod.ts';
import { roundM2 } from './area.ts';
import { ORDER_NUMBER_PATTERN } from './checkout.ts';

export const DOCUMENT_KINDS = ['packing-slip', 'delivery-note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_TITLES: Readonly<Record<DocumentKind, string>> = {
  'packing-slip': 'Packing slip',
  'delivery-note': 'Delivery note',
};

/** Most orders one bulk print holds: a day's picking, and a PDF a browser opens at once. */
export const BULK_DOCUMENTS_MAX = 50;

export const DOCUMENT_MESSAGES = {
  kind: 'Choose packing-slip or delivery-note',
  numbers: 'List the orders by number, comma-separated, e.g. TS-100001,TS-100002',
  tooMany: `Print at most ${BULK_DOCUMENTS_MAX} orders at once`,
  repeated: 'An order is listed twice',
} as const;

const numberSchema = z
  .string()
  .trim()
  .regex(ORDER_NUMBER_PATTERN, { error: DOCUMENT_MESSAGES.numbers });

/** The orders of a bulk print, in the order they are printed. */
const numbersSchema = z
  .array(numberSchema, { error: DOCUMENT_MESSAGES.numbers })
  .min(1, { error: DOCUMENT_MESSAGES.numbers })
  .max(BULK_DOCUMENTS_MAX, { error: DOCUMENT_MESSAGES.tooMany })
  .refine((numbers) => new Set(numbers).size === numbers.length, {
    error: DOCUMENT_MESSAGES.repeated,
  });

const kindSchema = z.enum(DOCUMENT_KINDS, { error: DOCUMENT_MESSAGES.kind });

/** GET /api/admin/orders/documents.pdf?kind=…&numbers=TS-1,TS-2 */
export const bulkDocumentsQuery = z.object({
  kind: kindSchema,
  numbers: z
    .string({ error: DOCUMENT_MESSAGES.numbers })
    .transform((text) => text.split(',').filter((n) => n.trim() !== ''))
    .pipe(numbersSchema),
});

/** The link that prints the orders' documents in one PDF. */
export function bulkDocumentsUrl(kind: DocumentKind, numbers: readonly string[]): string {
  return `/api/admin/orders/documents.pdf?kind=${kind}&numbers=${numbers.map(encodeURIComponent).join(',')}`;
}

/** One order's document, for its page. */
export const orderDocumentUrl = (number: string, kind: DocumentKind) =>
  `/api/admin/orders/${encodeURIComponent(number)}/${kind}.pdf`;

/** How an order is fulfilled, as the checkout records it (columns of `orders`). */
export interface OrderFulfilment {
  fulfilment: 'delivery' | 'collection';
  /** YYYY-MM-DD, the day booked; null when none was. */
  delivery_date: string | null;
  delivery_slot: string | null;
  /** Answers to the access questions, question → yes/no or words. */
  site_access: unknown;
  delivery_instructions: string | null;
  carrier: string | null;
  tracking_number: string | null;
}

// ---------------------------------------------------------------------------------------------
// Lines and totals.

export interface PackedLine {
  pieces: number;
  m2: number | null;
  weight_kg: number;
}

export interface PackedTotals {
  pieces: number;
  /** The m² of the lines sold by area; null when none is. */
  m2: number | null;
  weight_kg: number;
}

/**
 * The order's pieces, m² and weight added up, m² and kg rounded once at the end.
 *
 * packedTotals([{ pieces: 46, m2: 11.04, weight_kg: 596.2 }, { pieces: 1, m2: null, weight_kg: 0.5 }])
 *   → { pieces: 47, m2: 11.04, weight_kg: 596.7 }
 */
export function packedTotals(lines: readonly PackedLine[]): PackedTotals {
  const byArea = lines.filter((line) => line.m2 !== null);
  return {
    pieces: lines.reduce((sum, line) => sum + line.pieces, 0),
    m2: byArea.length ? roundM2(byArea.reduce((sum, line) => sum + (line.m2 ?? 0), 0)) : null,
    weight_kg: Math.round(lines.reduce((sum, line) => sum + line.weight_kg, 0) * 10) / 10,
  };
}

/**
 * A weight for the page, to the tenth of a kilogram.
 *
 * formatKg(596.2) → '596.2 kg'; formatKg(1200) → '1,200.0 kg'
 */
export function formatKg(kg: number): string {
  return `${kg.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kg`;
}

/**
 * How the order leaves: pallets and parcels counted, or a collection.
 *
 * packagesText({ method: 'pallet', pallets: 2, parcels: 0 }) → '2 pallets'
 * packagesText({ method: 'parcel', pallets: 0, parcels: 1 }) → '1 parcel'
 */
export function packagesText(delivery: {
  method: string | null;
  pallets: number;
  parcels: number;
}): string {
  const parts = [];
  if (delivery.pallets > 0) parts.push(plural(delivery.pallets, 'pallet'));
  if (delivery.parcels > 0) parts.push(plural(delivery.parcels, 'parcel'));
  if (parts.length) return parts.join(' and ');
  return delivery.method === 'post' ? 'Letter post' : 'None booked';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------------------------
// Delivery day and site access.

/**
 * The booked day and slot in words, or null when none was booked.
 *
 * bookedDayText('2026-12-03', 'am') → 'Thursday 3 December 2026, morning (8am–12 noon)'
 */
export function bookedDayText(date: string | null, slot: string | null): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const slotText = slot
    ? (DELIVERY_SLOT_LABELS[slot as DeliverySlot] ?? slot)
    : 'any time of the day';
  return `${day.replace(',', '')}, ${slotText}`;
}

/** The site-access answers the driver needs, in the words checkout's questions give them. */
const ACCESS_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  SITE_ACCESS_QUESTIONS.map((question) => [question.id, question.note]),
);

const humanise = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The site-access answers as sentences for the driver: a known question answered yes in its
 * words, any other yes by its name, a written answer as 'Name: answer'; noes are left out.
 *
 * siteAccessNotes({ tail_lift: true, gravel_drive: false, parking: 'Bay at the back' })
 *   → ['Tail-lift needed (pallets up to about 750 kg)', 'Parking: Bay at the back']
 */
export function siteAccessNotes(answers: unknown): string[] {
  if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) return [];
  const known = Object.keys(ACCESS_WORDS);
  // The questions in the order they are asked, then any others by name: the database keeps no order.
  const rank = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  const entries = Object.entries(answers as Record<string, unknown>).sort(
    ([a], [b]) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const notes: string[] = [];
  for (const [key, value] of entries) {
    if (value === true) notes.push(ACCESS_WORDS[key] ?? humanise(key));
    else if (typeof value === 'string' && value.trim() !== '') {
      notes.push(`${humanise(key)}: ${value.trim()}`);
    } else if (typeof value === 'number') notes.push(`${humanise(key)}: ${value}`);
  }
  return notes;
}
