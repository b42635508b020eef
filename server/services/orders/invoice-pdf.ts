// The VAT invoice of a paid order, as a PDF. It carries what HMRC asks of a full VAT invoice
// (VAT Notice 700/21, section 6): a sequential number, the invoice date and the time of supply
// (tax point: the payment date), the seller's name, address and VAT registration number, the
// customer's name and address, and for each line its description, quantity, unit price without
// VAT, VAT rate and amounts; then totals without VAT, the VAT and the total, exactly the order's
// (every line and the delivery are split once, and the totals are the sums of the splits).
// Built-in Helvetica is enough: its encoding has '£', '²' and the en dash.
import PDFDocument from 'pdfkit';
import type { OrderJson, OrderLineJson, VatSplitJson } from '#domain/checkout.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import { formatM2 } from '#domain/area.ts';
import { lineCountText, lineUnitText } from '#domain/selling-unit.ts';
import {
  COMPANY_NAME,
  COMPANY_NUMBER,
  SHOP_ADDRESS,
  SHOP_EMAIL,
  SHOP_PHONE,
  VAT_NUMBER,
} from '#domain/company.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { VAT_PERCENT } from '#domain/vat.ts';
import { addressLines } from './confirmation-email.ts';

export interface InvoiceDetails {
  /** The invoice's own sequential number (printed as formatInvoiceNumber). */
  number: number;
  /** The invoice date. */
  issuedAt: Date;
  /** The time of supply: when the order was paid. */
  taxPoint: Date;
}

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
/** Room kept at the foot of each page for the footer. */
const FOOTER_SPACE = 42;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#231f1c';
const MUTED = '#6b625a';
const RULE = '#d9d2c9';
const SHADE = '#f3efea';

const money = (pounds: string) => formatGBP(toPence(pounds));

// ---------------------------------------------------------------------------------------------
// The lines table.

/** Text stacked in a cell, each piece in its own font. */
type Cell = { text: string; bold?: boolean; muted?: boolean }[];

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

// 495 pt: the A4 width (595.28 pt) less the margins.
const COLUMNS: readonly Column[] = [
  { title: 'Description', width: 163, align: 'left' },
  { title: 'Quantity', width: 68, align: 'right' },
  { title: 'Unit price excl. VAT', width: 72, align: 'right' },
  { title: 'VAT rate', width: 36, align: 'right' },
  { title: 'Net', width: 50, align: 'right' },
  { title: 'VAT', width: 50, align: 'right' },
  { title: 'Gross', width: 56, align: 'right' },
];
const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
const CELL_PAD_X = 3;
const CELL_PAD_Y = 4;
const TABLE_SIZE = 8.5;

function cellHeight(doc: Doc, cell: Cell, width: number): number {
  return cell.reduce((height, piece) => {
    doc.font(piece.bold ? BOLD : REGULAR).fontSize(TABLE_SIZE);
    return height + doc.heightOfString(piece.text, { width });
  }, 0);
}

function rowHeight(doc: Doc, cells: readonly Cell[]): number {
  const heights = cells.map((cell, i) => cellHeight(doc, cell, innerWidth(COLUMNS[i])));
  return Math.max(...heights) + 2 * CELL_PAD_Y;
}

function innerWidth(column: Column | undefined): number {
  return (column?.width ?? 0) - 2 * CELL_PAD_X;
}

function drawRow(doc: Doc, cells: readonly Cell[], y: number, options: { shade?: boolean } = {}) {
  const height = rowHeight(doc, cells);
  if (options.shade) doc.rect(MARGIN, y, TABLE_WIDTH, height).fill(SHADE);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i];
    if (!column) return;
    let top = y + CELL_PAD_Y;
    for (const piece of cell) {
      doc
        .font(piece.bold ? BOLD : REGULAR)
        .fontSize(TABLE_SIZE)
        .fillColor(piece.muted ? MUTED : INK);
      const options = { width: innerWidth(column), align: column.align } as const;
      doc.text(piece.text, x + CELL_PAD_X, top, options);
      top += doc.heightOfString(piece.text, options);
    }
    x += column.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + TABLE_WIDTH, y + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + height;
}

const HEADER_CELLS: readonly Cell[] = COLUMNS.map((column) => [{ text: column.title, bold: true }]);

function quantityCell(line: OrderLineJson): Cell {
  const pieces = lineCountText(line.pieces, line);
  return line.m2 === null
    ? [{ text: pieces }]
    : [{ text: `${formatM2(line.m2)} m²` }, { text: pieces, muted: true }];
}

function lineCells(line: OrderLineJson): Cell[] {
  const description: Cell = [{ text: line.name, bold: true }];
  if (line.size) description.push({ text: line.size, muted: true });
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

function deliveryCells(order: OrderJson): Cell[] {
  const split: VatSplitJson = order.totals.delivery;
  const description: Cell = [
    { text: `Delivery: ${order.delivery.label}`, bold: true },
    { text: order.delivery.zone.name, muted: true },
  ];
  return [
    description,
    [{ text: '1' }],
    [{ text: `${money(split.net)} each` }],
    [{ text: `${VAT_PERCENT}%` }],
    [{ text: money(split.net) }],
    [{ text: money(split.vat) }],
    [{ text: money(split.gross) }],
  ];
}

// ---------------------------------------------------------------------------------------------
// Page furniture.

function contentBottom(doc: Doc): number {
  return doc.page.height - MARGIN - FOOTER_SPACE;
}

/** Label–value pairs in two columns, left-aligned from x. */
function pairs(
  doc: Doc,
  rows: readonly [string, string][],
  x: number,
  y: number,
  widths: { label: number; value: number },
): number {
  let top = y;
  for (const [label, value] of rows) {
    doc.font(BOLD).fontSize(9).fillColor(INK).text(label, x, top, { width: widths.label });
    doc.font(REGULAR).text(value, x + widths.label, top, { width: widths.value });
    top += Math.max(
      doc.font(BOLD).heightOfString(label, { width: widths.label }),
      doc.font(REGULAR).heightOfString(value, { width: widths.value }),
    );
    top += 2;
  }
  return top;
}

function block(
  doc: Doc,
  title: string,
  lines: readonly string[],
  x: number,
  y: number,
  width = 230,
) {
  doc.font(BOLD).fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, { width });
  let top = doc.y + 3;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? BOLD : REGULAR)
      .fontSize(9.5)
      .fillColor(INK)
      .text(line, x, top, { width });
    top = doc.y;
  });
  return top;
}

function firstPageHeader(
  doc: Doc,
  order: OrderJson,
  invoice: InvoiceDetails,
  invoiceNumber: string,
): number {
  const right = MARGIN + TABLE_WIDTH;
  doc
    .font(BOLD)
    .fontSize(22)
    .fillColor(INK)
    .text('VAT invoice', MARGIN, MARGIN, { width: TABLE_WIDTH });
  const facts = pairs(
    doc,
    [
      ['Invoice number', invoiceNumber],
      ['Invoice date', formatLondonDate(invoice.issuedAt)],
      ['Tax point', formatLondonDate(invoice.taxPoint)],
      ['Order number', order.number],
      ['Order date', formatLondonDate(order.placed_at)],
    ],
    MARGIN,
    MARGIN + 34,
    { label: 90, value: 150 },
  );
  const sellerX = right - 210;
  const seller = block(
    doc,
    'From',
    [
      COMPANY_NAME,
      ...SHOP_ADDRESS,
      `VAT registration number: ${VAT_NUMBER}`,
      `Company number: ${COMPANY_NUMBER}`,
      `${SHOP_EMAIL} · ${SHOP_PHONE}`,
    ],
    sellerX,
    MARGIN + 4,
    210,
  );
  const top = Math.max(facts, seller) + 18;
  const billedTo = block(doc, 'Invoice to', addressLines(order.billing_address), MARGIN, top);
  const deliveredTo = block(
    doc,
    'Delivered to',
    addressLines(order.shipping_address),
    sellerX,
    top,
    210,
  );
  return Math.max(billedTo, deliveredTo) + 20;
}

function continuationHeader(doc: Doc, invoiceNumber: string, order: OrderJson): number {
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(`VAT invoice ${invoiceNumber} (continued)`, MARGIN, MARGIN, { width: TABLE_WIDTH });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Order ${order.number} · ${COMPANY_NAME}`, MARGIN, doc.y + 2, { width: TABLE_WIDTH });
  return doc.y + 14;
}

function footers(doc: Doc, invoiceNumber: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN - 14;
    // Below the content area: keep pdfkit from starting a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + TABLE_WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `${COMPANY_NAME} · Company number ${COMPANY_NUMBER} · VAT registration number ${VAT_NUMBER}`,
        MARGIN,
        y,
        { width: TABLE_WIDTH - 80, lineBreak: false, ellipsis: true },
      )
      .text(`${invoiceNumber} · Page ${i - range.start + 1} of ${range.count}`, MARGIN, y, {
        width: TABLE_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

// ---------------------------------------------------------------------------------------------

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The VAT invoice of an order as an A4 PDF. Many lines run over several pages, each repeating the
 * table's header; every page has the shop's details and 'Page n of m' at its foot.
 */
export async function renderInvoicePdf(order: OrderJson, invoice: InvoiceDetails): Promise<Buffer> {
  const invoiceNumber = formatInvoiceNumber(invoice.number);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `VAT invoice ${invoiceNumber}`,
      Author: COMPANY_NAME,
      Subject: `VAT invoice for order ${order.number}`,
      Creator: COMPANY_NAME,
      CreationDate: invoice.issuedAt,
    },
  });
  const done = toBuffer(doc);

  let y = firstPageHeader(doc, order, invoice, invoiceNumber);
  y = drawRow(doc, HEADER_CELLS, y, { shade: true });

  const rows = [...order.lines.map(lineCells), deliveryCells(order)];
  for (const cells of rows) {
    if (y + rowHeight(doc, cells) > contentBottom(doc)) {
      doc.addPage();
      y = continuationHeader(doc, invoiceNumber, order);
      y = drawRow(doc, HEADER_CELLS, y, { shade: true });
    }
    y = drawRow(doc, cells, y);
  }

  // Totals and payment stay together, on a fresh page when they no longer fit.
  const closingHeight = 150;
  if (y + closingHeight > contentBottom(doc)) {
    doc.addPage();
    y = continuationHeader(doc, invoiceNumber, order);
  }
  const { total } = order.totals;
  const totalsX = MARGIN + TABLE_WIDTH - 230;
  y += 10;
  const totalRows: [string, string, boolean][] = [
    ['Total excluding VAT', money(total.net), false],
    [`VAT at ${VAT_PERCENT}%`, money(total.vat), false],
    ['Total including VAT', money(total.gross), true],
  ];
  for (const [label, value, strong] of totalRows) {
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, totalsX, y, { width: 150 });
    doc.text(value, totalsX + 150, y, { width: 80, align: 'right' });
    y = doc.y + 4;
  }

  y += 14;
  const paidOn = formatLondonDate(invoice.taxPoint);
  y = pairs(
    doc,
    [
      ['Payment method', PAYMENT_METHOD_LABELS[order.payment_method]],
      ['Payment', `Paid on ${paidOn}`],
    ],
    MARGIN,
    y,
    { label: 90, value: 300 },
  );
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `All amounts in pounds sterling. Goods and delivery are standard-rated at ${VAT_PERCENT}%. Thank you for your order.`,
      MARGIN,
      y + 10,
      { width: TABLE_WIDTH },
    );

  footers(doc, invoiceNumber);
  doc.end();
  return done;
}
