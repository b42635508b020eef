import type { OrderDocumentJson } from '#domain/api-schemas-tracking.ts';
import type { OrderEventJson, OrderJson, PaymentMethod } from '#domain/checkout.ts';
import type { BankSettingsValue } from '#domain/api-schemas-settings-identity.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { orderTimeline } from '#domain/order-timeline.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import type { OrderStatus, PaymentStatus } from '#domain/order-states.ts';
import type { Address } from '#domain/validation.ts';
import { DEFAULT_SELLING_UNIT, isSellingUnit } from '#domain/selling-unit.ts';
import { bookingJson, type BookingColumns } from './booking.ts';
import { isoInstant, isoInstantOrNull } from '#domain/dates.ts';

export interface OrderRow {
  id: number;
  number: string;
  customer_id: number | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  email: string;
  shipping_address: Address;
  billing_address: Address;
  /** The snapshot placing wrote; a collection's carries the yard's address. */
  delivery: OrderJson['delivery'] & { collection_address?: string | null };
  fulfilment: BookingColumns['fulfilment'];
  /** The booked day as 'YYYY-MM-DD' (read with to_char: drivers turn a date into a Date). */
  booked_day: string | null;
  delivery_slot: string | null;
  site_access: BookingColumns['site_access'] | null;
  delivery_instructions: string | null;
  goods_net_pence: number;
  goods_vat_pence: number;
  goods_gross_pence: number;
  delivery_net_pence: number;
  delivery_vat_pence: number;
  delivery_gross_pence: number;
  total_net_pence: number;
  total_vat_pence: number;
  total_pence: number;
  terms_version: string;
  placed_at: string | Date;
  expires_at: string | Date | null;
  invoice_number: number | null;
  invoice_issued_at: string | Date | null;
  /** The customer has a trade account (their transfer orders get a pro-forma invoice). */
  trade_account?: boolean;
  /** On account: when the invoice must be paid ('YYYY-MM-DD'). */
  invoice_due_on?: string | null;
  /** The booked day as text ('2026-12-03'): json() reads it so, placing's to_jsonb writes it so. */
  delivery_date?: string | Date | null;
  carrier?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
  dispatched_at?: string | Date | null;
  delivered_at?: string | Date | null;
  discount_code?: string | null;
  discount_goods_pence?: number;
  discount_delivery_pence?: number;
}

export interface CreditNoteRow {
  number: number;
  issued_at: string | Date;
}

/** How the order was opened: through its secret link, its documents' links carry the secret. */
export interface PresentOptions {
  /** Where a transfer is paid: the bank settings in force now. */
  bank: Pick<BankSettingsValue, 'account_name' | 'sort_code' | 'account_number'>;
  creditNotes?: readonly CreditNoteRow[];
  token?: string | null;
  /** The notes staff wrote to the customer, oldest first. */
  messages?: readonly { at: string | Date; text: string }[];
}

export interface LineRow {
  product_id: number;
  variation_id: number;
  name: string;
  size: string;
  kind: OrderJson['lines'][number]['kind'];
  is_bespoke: boolean;
  pieces: number;
  /** A string from the driver, a number from JSON the database built. */
  m2: string | number | null;
  weight_kg: string | number;
  unit: 'm2' | 'item';
  selling_unit: string;
  unit_price_pence: number;
  unit_net_pence: number;
  /** numeric: a string from the driver, a number from JSON the database built. */
  vat_rate: string | number;
  net_pence: number;
  vat_pence: number;
  gross_pence: number;
  /** What the discount code took off the line (absent before codes existed). */
  discount_pence?: number;
}

export interface EventRow {
  at: string | Date;
  kind: OrderEventJson['kind'];
  from_state: string | null;
  to_state: string;
  actor: string;
  note: string | null;
}

export interface SummaryRow {
  number: string;
  placed_at: string | Date;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total_pence: number;
  item_count: number;
  total: number;
}

function bookedDay(order: OrderRow): string | null {
  if (order.booked_day !== undefined) return order.booked_day;
  return typeof order.delivery_date === 'string' ? order.delivery_date.slice(0, 10) : null;
}

const tokenQuery = (options: PresentOptions) =>
  options.token ? `?token=${encodeURIComponent(options.token)}` : '';

/** The invoice and credit notes with their download links (the secret link's token kept on). */
function documentsOf(order: OrderRow, options: PresentOptions): OrderDocumentJson[] {
  const base = `/api/orders/${order.number}`;
  const query = tokenQuery(options);
  const documents: OrderDocumentJson[] = [];
  if (order.invoice_number !== null && order.invoice_issued_at !== null) {
    const number = formatInvoiceNumber(order.invoice_number);
    documents.push({
      kind: 'invoice',
      number,
      label: `VAT invoice ${number}`,
      issued_at: isoInstant(order.invoice_issued_at),
      url: `${base}/invoice.pdf${query}`,
    });
  }
  if (
    order.trade_account &&
    order.payment_method === 'bank_transfer' &&
    order.status === 'pending_payment'
  ) {
    documents.push({
      kind: 'pro_forma',
      number: order.number,
      label: 'Pro-forma invoice',
      issued_at: isoInstant(order.placed_at),
      url: `${base}/pro-forma.pdf${query}`,
    });
  }
  for (const note of options.creditNotes ?? []) {
    const number = formatCreditNoteNumber(note.number);
    documents.push({
      kind: 'credit_note',
      number,
      label: `Credit note ${number}`,
      issued_at: isoInstant(note.issued_at),
      url: `${base}/credit-notes/${number}.pdf${query}`,
    });
  }
  return documents;
}
const pounds = formatPoundsPlain;

/** What the order's discount code took off, as its totals show it; null when none. */
function orderDiscount(order: OrderRow): OrderJson['totals']['discount'] {
  if (!order.discount_code) return null;
  const goods = order.discount_goods_pence ?? 0;
  const delivery = order.discount_delivery_pence ?? 0;
  return {
    code: order.discount_code,
    goods: pounds(goods),
    delivery: pounds(delivery),
    total: pounds(goods + delivery),
  };
}
const split = (net: number, vat: number, gross: number) => ({
  net: pounds(net),
  vat: pounds(vat),
  gross: pounds(gross),
});

/** The rows placing an order wrote, as the database answered them (see placeOrder). */
export interface WrittenOrder {
  order: Omit<OrderRow, 'invoice_number' | 'invoice_issued_at'>;
  lines: LineRow[];
  events: EventRow[];
}

/** The answer for an order just placed, from the rows its statement wrote: no read-back. */
export const writtenOrderJson = (
  { order, lines, events }: WrittenOrder,
  bank: PresentOptions['bank'],
): OrderJson =>
  presentOrder({ ...order, invoice_number: null, invoice_issued_at: null }, lines, events, {
    bank,
  });

export function presentOrder(
  order: OrderRow,
  lines: LineRow[],
  events: EventRow[],
  options: PresentOptions,
): OrderJson {
  const history = events.map((event) => ({
    at: isoInstant(event.at),
    kind: event.kind,
    from: event.from_state,
    to: event.to_state,
    actor: event.actor,
    note: event.note,
  }));
  const awaitingTransfer =
    order.payment_method === 'bank_transfer' && order.status === 'pending_payment';
  return {
    number: order.number,
    status: order.status,
    payment_status: order.payment_status,
    payment_method: order.payment_method,
    placed_at: isoInstant(order.placed_at),
    expires_at: order.expires_at === null ? null : isoInstant(order.expires_at),
    email: order.email,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    lines: lines.map((line) => ({
      product_id: line.product_id,
      variation_id: line.variation_id,
      name: line.name,
      size: line.size,
      kind: line.kind,
      is_bespoke: line.is_bespoke,
      pieces: line.pieces,
      m2: line.m2 === null ? null : Number(line.m2),
      unit_price: pounds(line.unit_price_pence),
      unit: line.unit,
      selling_unit: isSellingUnit(line.selling_unit) ? line.selling_unit : DEFAULT_SELLING_UNIT,
      unit_price_net: pounds(line.unit_net_pence),
      vat_rate: Number(line.vat_rate),
      weight_kg: Number(line.weight_kg),
      discount: pounds(line.discount_pence ?? 0),
      total: split(line.net_pence, line.vat_pence, line.gross_pence),
    })),
    delivery: {
      option: order.delivery.option,
      label: order.delivery.label,
      zone: order.delivery.zone,
      method: order.delivery.method,
      weight_kg: order.delivery.weight_kg,
      parcels: order.delivery.parcels,
      pallets: order.delivery.pallets,
      note: order.delivery.note,
      estimate: order.delivery.estimate,
    },
    booking: bookingJson(
      { ...order, delivery_date: order.booked_day, site_access: order.site_access ?? {} },
      order.delivery,
    ),
    totals: {
      goods: split(order.goods_net_pence, order.goods_vat_pence, order.goods_gross_pence),
      delivery: split(
        order.delivery_net_pence,
        order.delivery_vat_pence,
        order.delivery_gross_pence,
      ),
      total: split(order.total_net_pence, order.total_vat_pence, order.total_pence),
      discount: orderDiscount(order),
    },
    history,
    invoice:
      order.invoice_number === null || order.invoice_issued_at === null
        ? null
        : {
            number: formatInvoiceNumber(order.invoice_number),
            issued_at: isoInstant(order.invoice_issued_at),
            due_on: order.invoice_due_on ?? null,
            url: `/api/orders/${order.number}/invoice.pdf${tokenQuery(options)}`,
          },
    bank_transfer:
      awaitingTransfer && order.expires_at !== null
        ? {
            account_name: options.bank.account_name,
            sort_code: options.bank.sort_code,
            account_number: options.bank.account_number,
            reference: order.number,
            pay_by: isoInstant(order.expires_at),
          }
        : null,
    terms_version: order.terms_version,
    timeline: orderTimeline({
      status: order.status,
      payment_status: order.payment_status,
      placed_at: isoInstant(order.placed_at),
      fulfilment: order.fulfilment === 'collection' ? 'collection' : 'delivery',
      delivery_date: bookedDay(order),
      delivery_slot: order.delivery_slot ?? null,
      carrier: order.carrier ?? null,
      tracking_number: order.tracking_number ?? null,
      tracking_url: order.tracking_url ?? null,
      dispatched_at: isoInstantOrNull(order.dispatched_at),
      delivered_at: isoInstantOrNull(order.delivered_at),
      history,
    }),
    documents: documentsOf(order, options),
    guest: order.customer_id === null,
    messages: (options.messages ?? []).map((m) => ({ at: isoInstant(m.at), text: m.text })),
  };
}
