// Orders as GET /api/orders/{number} answers them, for tests of what is rendered from an order
// (confirmation email, VAT invoice). Every figure follows the shop's one VAT rule: each line and
// the delivery are split with `splitGross` (net = gross / 1.2 to the penny, VAT the rest) and the
// totals are the sums of the splits.
import { SEEDED_BANK } from '#domain/company.ts';
import type { OrderJson, OrderLineJson, OrderTotalsJson, VatSplitJson } from '#domain/checkout.ts';
import { formatPoundsPlain, toPence } from '#domain/money.ts';
import { lineTotalPence } from '#domain/pricing.ts';
import { VAT_PERCENT, exVatPence, splitGross, sumSplits, type VatSplit } from '#domain/vat.ts';

function splitJson(split: VatSplit): VatSplitJson {
  return {
    net: formatPoundsPlain(split.netPence),
    vat: formatPoundsPlain(split.vatPence),
    gross: formatPoundsPlain(split.grossPence),
  };
}

function splitOf(json: VatSplitJson): VatSplit {
  return {
    netPence: toPence(json.net),
    vatPence: toPence(json.vat),
    grossPence: toPence(json.gross),
  };
}

export interface LineSpec {
  name: string;
  size: string;
  kind?: OrderLineJson['kind'];
  is_bespoke?: boolean;
  pieces: number;
  /** Set for tiles sold by the m²: the unit price is then per m². */
  m2?: number | null;
  /** Gross (VAT-inclusive) unit price in pence: per m² when `m2` is set, per item otherwise. */
  unitPricePence: number;
  weight_kg?: number;
  product_id?: number;
  variation_id?: number;
  selling_unit?: OrderLineJson['selling_unit'];
}

/**
 * An order line priced as the shop prices it: total = unit price × (m² or pieces), split by
 * `splitGross`; the net unit price is the gross one / 1.2.
 */
export function orderLine(spec: LineSpec): OrderLineJson {
  const m2 = spec.m2 ?? null;
  const kind = spec.kind ?? 'size';
  const gross = lineTotalPence({
    pricePence: spec.unitPricePence,
    quantity: spec.pieces,
    m2Quantity: m2,
    isSample: kind !== 'size',
  });
  return {
    product_id: spec.product_id ?? 1,
    variation_id: spec.variation_id ?? 1,
    name: spec.name,
    size: spec.size,
    kind,
    is_bespoke: spec.is_bespoke ?? false,
    pieces: spec.pieces,
    m2,
    unit_price: formatPoundsPlain(spec.unitPricePence),
    unit: m2 === null ? 'item' : 'm2',
    selling_unit: spec.selling_unit ?? 'm2',
    unit_price_net: formatPoundsPlain(exVatPence(spec.unitPricePence)),
    vat_rate: VAT_PERCENT,
    weight_kg: spec.weight_kg ?? 1,
    discount: '0.00',
    total: splitJson(splitGross(gross)),
  };
}

/** Goods = the sum of the lines' splits, delivery split on its own, total = goods + delivery. */
export function orderTotals(
  lines: readonly OrderLineJson[],
  deliveryGrossPence: number,
): OrderTotalsJson {
  const goods = sumSplits(lines.map((line) => splitOf(line.total)));
  const delivery = splitGross(deliveryGrossPence);
  return {
    goods: splitJson(goods),
    delivery: splitJson(delivery),
    total: splitJson(sumSplits([goods, delivery])),
    discount: null,
  };
}

/** The sample order's lines: tiles by the m², a full-size sample and a cut-to-size vanity top. */
/** Three litres of a sealer sold by the litre. */
export const SEALER_LINE: LineSpec = {
  name: 'Stone Sealer',
  size: '1 Litre',
  pieces: 3,
  unitPricePence: 1295,
  selling_unit: 'litre',
};

export const SAMPLE_LINES: readonly LineSpec[] = [
  {
    product_id: 101,
    variation_id: 1012,
    name: 'Calacatta Oro Honed Marble Tiles',
    size: '600x400x20',
    pieces: 46,
    m2: 11.04,
    unitPricePence: 5495,
    weight_kg: 596.2,
  },
  {
    product_id: 214,
    variation_id: 2140,
    name: 'Nero Marquina Polished Marble',
    size: 'Full Size Sample',
    kind: 'full-size-sample',
    pieces: 1,
    unitPricePence: 650,
    weight_kg: 3.2,
  },
  {
    product_id: 318,
    variation_id: 3181,
    name: 'Carrara Marble Vanity Top, cut to size',
    size: '1200x550x20',
    is_bespoke: true,
    pieces: 1,
    unitPricePence: 38900,
    weight_kg: 35.6,
  },
];

export const SAMPLE_DELIVERY_PENCE = 4800;

/**
 * A realistic order awaiting a bank transfer, delivered by pallet at the kerb. Its figures:
 * lines £606.65 + £6.50 + £389.00 = goods £1,002.15 (VAT £167.02), delivery £48.00 (VAT £8.00),
 * total £1,050.15 (net £875.13, VAT £175.02).
 *
 * Overrides replace fields whole; when `lines` are replaced and `totals` are not, the totals are
 * recomputed from the new lines and the delivery price.
 */
export function sampleOrder(overrides: Partial<OrderJson> = {}): OrderJson {
  const number = overrides.number ?? 'TS-100042';
  const lines = overrides.lines ?? SAMPLE_LINES.map(orderLine);
  const totals = overrides.totals ?? orderTotals(lines, SAMPLE_DELIVERY_PENCE);
  const address = {
    first_name: 'Eleanor',
    last_name: 'Whitfield',
    company: undefined,
    phone: '07700 900123',
    email: 'eleanor.whitfield@example.co.uk',
    country: 'GB' as const,
    address_1: '14 Clifton Park Road',
    address_2: 'Flat 2',
    city: 'Bristol',
    county: undefined,
    postcode: 'BS8 3HL',
  };
  return {
    number,
    status: 'pending_payment',
    payment_status: 'pending',
    payment_method: 'bank_transfer',
    placed_at: '2026-11-24T10:15:00.000Z',
    expires_at: '2026-12-01T10:15:00.000Z',
    email: 'eleanor.whitfield@example.co.uk',
    shipping_address: address,
    billing_address: { ...address, company: 'Whitfield Interiors' },
    lines,
    delivery: {
      option: 'standard',
      label: 'Standard pallet delivery',
      zone: { code: 'mainland', name: 'UK mainland' },
      method: 'pallet',
      weight_kg: lines.reduce((sum, line) => sum + line.weight_kg, 0),
      parcels: 0,
      pallets: 1,
      note: 'Kerbside delivery by tail-lift lorry: the driver lowers the pallet to the kerb nearest your address. Please have help ready to carry the stone inside.',
      estimate: { min_days: 3, max_days: 5, earliest: '2026-11-27', latest: '2026-12-01' },
    },
    // Placed before delivery days were booked: no day, the estimate stands.
    booking: {
      fulfilment: 'delivery',
      date: null,
      slot: 'all_day',
      slot_label: '9am–5:30pm',
      site_access: [],
      phone_to_confirm: false,
      instructions: null,
      collection_address: null,
    },
    totals,
    history: [
      {
        at: '2026-11-24T10:15:00.000Z',
        kind: 'status',
        from: null,
        to: 'pending_payment',
        actor: 'shop',
        note: null,
      },
    ],
    invoice: null,
    bank_transfer: {
      account_name: SEEDED_BANK.account_name,
      sort_code: SEEDED_BANK.sort_code,
      account_number: SEEDED_BANK.account_number,
      reference: number,
      pay_by: '2026-12-01T10:15:00.000Z',
    },
    terms_version: '2026-11',
    timeline: [
      {
        key: 'placed',
        label: 'Order placed',
        at: '2026-11-24T10:15:00.000Z',
        day: null,
        detail: null,
        done: true,
        current: true,
        tracking: null,
      },
    ],
    documents: [],
    guest: true,
    messages: [],
    ...overrides,
  };
}

/** The sample order once its bank transfer arrived: paid, no bank details left to show. */
export function samplePaidOrder(overrides: Partial<OrderJson> = {}): OrderJson {
  return sampleOrder({
    status: 'paid',
    payment_status: 'succeeded',
    expires_at: null,
    bank_transfer: null,
    ...overrides,
  });
}
