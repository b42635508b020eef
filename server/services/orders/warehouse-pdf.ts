// The packing slip and the delivery note of orders, as one A4 PDF: each order starts on a page of
// its own and counts its own pages, so a bulk print splits cleanly into one bundle per order.
// Neither shows prices. The catalogue keeps no batch numbers, so the Batch column is left blank
// for the picker to write in.
import type { OrderJson, OrderLineJson } from '#domain/checkout.ts';
import { formatM2 } from '#domain/area.ts';
import { formatLondonDate } from '#domain/dates.ts';
import {
  DOCUMENT_TITLES,
  type DocumentKind,
  type OrderFulfilment,
  bookedDayText,
  formatKg,
  packagesText,
  packedTotals,
  siteAccessNotes,
} from '#domain/warehouse-documents.ts';
import { addressLines } from './confirmation-email.ts';
import type { Cell, Doc, Table } from './pdf-layout.ts';
import * as layout from './pdf-layout.ts';

export interface DocumentOrder {
  order: OrderJson;
  fulfilment: OrderFulfilment;
}

export const BATCH_NOTE =
  'Batch: the shop keeps no batch numbers; write the batch of each line as it is picked.';

const LINES: Table = {
  size: 9,
  columns: [
    { title: 'Product', width: 170, align: 'left' },
    { title: 'Size', width: 80, align: 'left' },
    { title: 'Pieces', width: 50, align: 'right' },
    { title: 'm²', width: 60, align: 'right' },
    { title: 'Weight', width: 65, align: 'right' },
    { title: 'Batch', width: 70, align: 'left' },
  ],
};

function lineCells(line: OrderLineJson): Cell[] {
  const product: Cell = [{ text: line.name, bold: true }];
  if (line.kind !== 'size') product.push({ text: 'Sample', muted: true });
  if (line.is_bespoke) product.push({ text: 'Cut to size', muted: true });
  return [
    product,
    [{ text: line.size || '–' }],
    [{ text: String(line.pieces) }],
    [{ text: line.m2 === null ? '–' : formatM2(line.m2) }],
    [{ text: formatKg(line.weight_kg) }],
    // Left blank on purpose: written in by hand.
    [{ text: '' }],
  ];
}

function howItLeaves({ order, fulfilment }: DocumentOrder): string {
  return fulfilment.fulfilment === 'collection'
    ? 'Collection from the yard'
    : `${order.delivery.label}, ${packagesText(order.delivery)}`;
}

/** The title, the order's facts on the left and where it goes on the right. */
function firstPageHeader(doc: Doc, kind: DocumentKind, item: DocumentOrder): number {
  const { order, fulfilment } = item;
  layout.title(doc, DOCUMENT_TITLES[kind]);
  const facts: [string, string][] = [
    ['Order number', order.number],
    ['Order date', formatLondonDate(order.placed_at)],
    ['Delivery', howItLeaves(item)],
  ];
  if (kind === 'delivery-note') {
    const day = bookedDayText(fulfilment.delivery_date, fulfilment.delivery_slot);
    facts.push(['Delivery day', day ?? 'Not booked']);
    if (fulfilment.carrier) facts.push(['Carrier', fulfilment.carrier]);
    if (fulfilment.tracking_number) facts.push(['Tracking number', fulfilment.tracking_number]);
  }
  const left = layout.pairs(doc, facts, layout.MARGIN, layout.MARGIN + 34, {
    label: 90,
    value: 170,
  });
  const address = addressLines(order.shipping_address);
  const phone = order.shipping_address.phone;
  const right = layout.block(
    doc,
    fulfilment.fulfilment === 'collection' ? 'Collected by' : 'Ship to',
    phone ? [...address, `Phone: ${phone}`] : address,
    layout.SIDE_X,
    layout.MARGIN + 4,
    layout.SIDE_WIDTH,
  );
  return Math.max(left, right) + 18;
}

/** Access answers and the customer's note for the driver. */
function deliveryNotes(doc: Doc, fulfilment: OrderFulfilment, y: number): number {
  const access = siteAccessNotes(fulfilment.site_access);
  const rows: [string, string][] = [
    ['Site access', access.length ? access.join('\n') : 'No access notes given'],
    ['Instructions', fulfilment.delivery_instructions?.trim() || 'None given'],
  ];
  return (
    layout.pairs(doc, rows, layout.MARGIN, y, { label: 90, value: layout.CONTENT_WIDTH - 90 }) + 14
  );
}

function totals(doc: Doc, order: OrderJson, y: number): number {
  const sum = packedTotals(order.lines);
  const rows: [string, string][] = [
    ['Total pieces', String(sum.pieces)],
    ['Total m²', sum.m2 === null ? '–' : formatM2(sum.m2)],
    ['Total weight', formatKg(sum.weight_kg)],
    ['Packages', packagesText(order.delivery)],
  ];
  const x = layout.MARGIN + layout.CONTENT_WIDTH - 230;
  const bottom = layout.pairs(doc, rows, x, y + 10, { label: 110, value: 120 });
  doc
    .font(layout.REGULAR)
    .fontSize(8)
    .fillColor(layout.MUTED)
    .text(BATCH_NOTE, layout.MARGIN, bottom + 8, { width: layout.CONTENT_WIDTH });
  return doc.y + 14;
}

/** A line to write on, with its label beneath. */
function writeOn(doc: Doc, label: string, x: number, y: number, width: number) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(layout.INK)
    .stroke();
  doc
    .font(layout.REGULAR)
    .fontSize(8)
    .fillColor(layout.MUTED)
    .text(label, x, y + 3, { width });
}

const RECEIPT_HEIGHT = 190;

/** The box the customer signs; damage must be noted here for the returns rules. */
function receiptBox(doc: Doc, y: number): number {
  doc
    .rect(layout.MARGIN, y, layout.CONTENT_WIDTH, RECEIPT_HEIGHT)
    .lineWidth(1)
    .strokeColor(layout.INK)
    .stroke();
  const x = layout.MARGIN + 12;
  const width = layout.CONTENT_WIDTH - 24;
  doc
    .font(layout.BOLD)
    .fontSize(11)
    .fillColor(layout.INK)
    .text('Received in good condition / damage noted', x, y + 12, { width });
  doc
    .font(layout.REGULAR)
    .fontSize(8.5)
    .fillColor(layout.MUTED)
    .text(
      'Check the goods before signing. Note any damage or shortage here, in front of the driver, and report it to us within 48 hours with photos: damage not noted on the delivery note cannot be claimed later.',
      x,
      doc.y + 4,
      { width },
    );
  let top = doc.y + 10;
  for (const [i, label] of [
    'Received in good condition',
    'Damage noted (describe below)',
  ].entries()) {
    const boxX = x + i * 230;
    doc.rect(boxX, top, 10, 10).lineWidth(0.75).strokeColor(layout.INK).stroke();
    doc
      .font(layout.REGULAR)
      .fontSize(9.5)
      .fillColor(layout.INK)
      .text(label, boxX + 16, top + 1, { width: 200 });
  }
  top += 34;
  writeOn(doc, 'Damage or shortage', x, top, width);
  top += 34;
  const third = (width - 24) / 3;
  writeOn(doc, 'Signature', x, top, third);
  writeOn(doc, 'Name (capitals)', x + third + 12, top, third);
  writeOn(doc, 'Date', x + 2 * (third + 12), top, third);
  doc.strokeColor(layout.RULE);
  return y + RECEIPT_HEIGHT;
}

/** One order's document from a fresh page; answers how many pages it took. */
function drawOrder(doc: Doc, kind: DocumentKind, item: DocumentOrder, seller: layout.Seller): void {
  const heading = `${DOCUMENT_TITLES[kind]} ${item.order.number} (continued)`;
  const continued = () => layout.continuationHeader(doc, heading, seller.legal_name);
  let y = firstPageHeader(doc, kind, item);
  if (kind === 'delivery-note') y = deliveryNotes(doc, item.fulfilment, y);
  y = layout.drawTable(doc, LINES, item.order.lines.map(lineCells), y, continued);
  // The totals, and the receipt box on a delivery note, stay together.
  const closing = 110 + (kind === 'delivery-note' ? RECEIPT_HEIGHT : 0);
  if (y + closing > layout.contentBottom(doc)) {
    doc.addPage();
    y = continued();
  }
  y = totals(doc, item.order, y);
  if (kind === 'delivery-note') receiptBox(doc, y);
}

/**
 * The packing slips or delivery notes of the orders, in the order given, as one A4 PDF; every
 * page's footer names its order and counts that order's pages.
 */
export async function renderWarehousePdf(
  kind: DocumentKind,
  items: readonly DocumentOrder[],
  seller: layout.Seller,
  now = new Date(),
): Promise<Buffer> {
  const name = DOCUMENT_TITLES[kind];
  const [only] = items;
  const doc = layout.newDocument(
    {
      title:
        items.length === 1 && only
          ? `${name} ${only.order.number}`
          : `${name}s: ${items.length} orders`,
      subject: `${name} for ${items.map((item) => item.order.number).join(', ')}`,
      created: now,
    },
    seller,
  );
  const done = layout.toBuffer(doc);
  /** The order each page belongs to, and its page number within the order. */
  const pages: { number: string; page: number; of: number }[] = [];
  items.forEach((item, i) => {
    if (i > 0) doc.addPage();
    const first = doc.bufferedPageRange().count - 1;
    drawOrder(doc, kind, item, seller);
    const count = doc.bufferedPageRange().count - first;
    for (let page = 0; page < count; page++) {
      pages.push({ number: item.order.number, page: page + 1, of: count });
    }
  });
  layout.footers(doc, (index) => {
    const at = pages[index];
    return {
      left: layout.companyFooter(seller),
      right: at ? `${at.number} · ${name} · Page ${at.page} of ${at.of}` : '',
    };
  });
  doc.end();
  return done;
}
