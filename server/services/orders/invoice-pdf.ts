// The VAT invoice of a paid order, as a PDF. It carries what HMRC asks of a full VAT invoice
// (VAT Notice 700/21, section 6): a sequential number, the invoice date and the time of supply
// (tax point: the payment date), the seller's name, address and VAT registration number, the
// customer's name and address, and for each line its description, quantity, unit price without
// VAT, VAT rate and amounts; then totals without VAT, the VAT and the total, exactly the order's
// (every line and the delivery are split once, and the totals are the sums of the splits).
// Built-in Helvetica is enough: its encoding has '£', '²' and the en dash.
import type { OrderJson, OrderLineJson, VatSplitJson } from '#domain/checkout.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import { formatM2 } from '#domain/area.ts';
import { lineCountText, lineUnitText } from '#domain/selling-unit.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { paymentDueText } from '#domain/account-terms.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { VAT_PERCENT } from '#domain/vat.ts';
import { addressLines } from './confirmation-email.ts';
import type { Cell, Doc, Table } from './pdf-layout.ts';
import * as layout from './pdf-layout.ts';

export interface InvoiceDetails {
  /** The invoice's own sequential number (printed as formatInvoiceNumber). */
  number: number;
  /** The invoice date. */
  issuedAt: Date;
  /** The time of supply: when the order was paid. */
  taxPoint: Date;
}

const money = (pounds: string) => formatGBP(toPence(pounds));

// ---------------------------------------------------------------------------------------------
// The lines table.

export const LINES: Table = {
  size: 8.5,
  columns: [
    { title: 'Description', width: 163, align: 'left' },
    { title: 'Quantity', width: 68, align: 'right' },
    { title: 'Unit price excl. VAT', width: 72, align: 'right' },
    { title: 'VAT rate', width: 36, align: 'right' },
    { title: 'Net', width: 50, align: 'right' },
    { title: 'VAT', width: 50, align: 'right' },
    { title: 'Gross', width: 56, align: 'right' },
  ],
};

function quantityCell(line: OrderLineJson): Cell {
  const pieces = lineCountText(line.pieces, line);
  return line.m2 === null
    ? [{ text: pieces }]
    : [{ text: `${formatM2(line.m2)} m²` }, { text: pieces, muted: true }];
}

export function lineCells(line: OrderLineJson): Cell[] {
  const description: Cell = [{ text: line.name, bold: true }];
  if (line.size) description.push({ text: line.size, muted: true });
  // The figures are after the discount: VAT is charged on what was paid.
  if (toPence(line.discount) > 0) {
    description.push({ text: `Less discount ${money(line.discount)}`, muted: true });
  }
  return [
    description,
    quantityCell(line),
    [{ text: `${money(line.unit_price_net)} ${lineUnitText(line)}` }],
    [{ text: `${line.vat_rate}%` }],
    [{ text: money(line.total.net) }],
    [{ text: money(line.total.vat) }],
    [{ text: money(line.total.gross) }],
  ];
}

/** The rate of the invoice's tax point: every line of an invoiced order is split at it. */
export const invoicePercent = (order: OrderJson) => order.lines[0]?.vat_rate ?? VAT_PERCENT;

export function deliveryCells(order: OrderJson): Cell[] {
  const split: VatSplitJson = order.totals.delivery;
  const description: Cell = [
    { text: `Delivery: ${order.delivery.label}`, bold: true },
    { text: order.delivery.zone.name, muted: true },
  ];
  const off = order.totals.discount?.delivery ?? '0.00';
  if (toPence(off) > 0) description.push({ text: `Less discount ${money(off)}`, muted: true });
  return [
    description,
    [{ text: '1' }],
    [{ text: `${money(split.net)} each` }],
    [{ text: `${invoicePercent(order)}%` }],
    [{ text: money(split.net) }],
    [{ text: money(split.vat) }],
    [{ text: money(split.gross) }],
  ];
}

function firstPageHeader(
  doc: Doc,
  order: OrderJson,
  invoice: InvoiceDetails,
  invoiceNumber: string,
  seller: layout.Seller,
): number {
  const top = layout.sellerHeading(
    doc,
    'VAT invoice',
    [
      ['Invoice number', invoiceNumber],
      ['Invoice date', formatLondonDate(invoice.issuedAt)],
      ['Tax point', formatLondonDate(invoice.taxPoint)],
      ['Order number', order.number],
      ['Order date', formatLondonDate(order.placed_at)],
    ],
    seller,
  );
  const billedTo = layout.block(
    doc,
    'Invoice to',
    addressLines(order.billing_address),
    layout.MARGIN,
    top,
  );
  const deliveredTo = layout.block(
    doc,
    'Delivered to',
    addressLines(order.shipping_address),
    layout.SIDE_X,
    top,
    layout.SIDE_WIDTH,
  );
  return Math.max(billedTo, deliveredTo) + 20;
}

/** The totals at the right: the discount, ex VAT, the VAT and the total; answers the y below. */
export function drawTotals(doc: Doc, order: OrderJson, top: number): number {
  let y = top;
  const { total } = order.totals;
  y += 10;
  const discount = order.totals.discount;
  const totalRows: [string, string, boolean][] = [
    ...(discount
      ? ([[`Discount ${discount.code} (included above)`, `-${money(discount.total)}`, false]] as [
          string,
          string,
          boolean,
        ][])
      : []),
    ['Total excluding VAT', money(total.net), false],
    [`VAT at ${invoicePercent(order)}%`, money(total.vat), false],
    ['Total including VAT', money(total.gross), true],
  ];
  for (const [label, value, strong] of totalRows) {
    y = layout.totalLine(doc, label, value, y, strong) + 4;
  }
  return y;
}

/**
 * The VAT invoice of an order as an A4 PDF. Many lines run over several pages, each repeating the
 * table's header; every page has the shop's details and 'Page n of m' at its foot.
 */
export async function renderInvoicePdf(
  order: OrderJson,
  invoice: InvoiceDetails,
  seller: layout.Seller,
): Promise<Buffer> {
  const invoiceNumber = formatInvoiceNumber(invoice.number);
  const doc = layout.newDocument(
    {
      title: `VAT invoice ${invoiceNumber}`,
      subject: `VAT invoice for order ${order.number}`,
      created: invoice.issuedAt,
    },
    seller,
  );
  const done = layout.toBuffer(doc);
  const continued = () =>
    layout.continuationHeader(
      doc,
      `VAT invoice ${invoiceNumber} (continued)`,
      `Order ${order.number} · ${seller.legal_name}`,
    );

  let y = firstPageHeader(doc, order, invoice, invoiceNumber, seller);
  const rows = [...order.lines.map(lineCells), deliveryCells(order)];
  y = layout.drawTable(doc, LINES, rows, y, continued);

  // Totals and payment stay together, on a fresh page when they no longer fit.
  const closingHeight = 150;
  if (y + closingHeight > layout.contentBottom(doc)) {
    doc.addPage();
    y = continued();
  }
  y = drawTotals(doc, order, y);

  y += 14;
  const paidOn = formatLondonDate(invoice.taxPoint);
  layout.paymentNotes(
    doc,
    [
      ['Payment method', PAYMENT_METHOD_LABELS[order.payment_method]],
      // On account the invoice is issued as the order is placed: it says when it is due.
      order.invoice?.due_on
        ? ['Payment', paymentDueText(order.invoice.due_on)]
        : ['Payment', `Paid on ${paidOn}`],
    ],
    `All amounts in pounds sterling. Goods and delivery are standard-rated at ${invoicePercent(order)}%. Thank you for your order.`,
    y,
  );

  layout.footers(doc, (page) => ({
    left: layout.companyFooter(seller),
    right: `${invoiceNumber} · Page ${page + 1} of ${doc.bufferedPageRange().count}`,
  }));
  doc.end();
  return done;
}
