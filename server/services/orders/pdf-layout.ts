// Drawing shared by the shop's A4 documents (VAT invoice, credit note, packing slip, delivery
// note), so they keep one look: margins, fonts, colours, tables that repeat their header on a new
// page, label–value pairs, address blocks and a footer on every page.
// Built-in Helvetica is enough: its encoding has '£', '²' and the en dash.
import PDFDocument from 'pdfkit';
import type { IdentitySettingsValue } from '#domain/api-schemas-settings-identity.ts';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
/** The A4 width (595.28 pt) less the margins. */
export const CONTENT_WIDTH = 495;
/** Room kept at the foot of each page for the footer. */
const FOOTER_SPACE = 42;
export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#231f1c';
export const MUTED = '#6b625a';
export const RULE = '#d9d2c9';
export const SHADE = '#f3efea';
/** The right-hand column of a first page (the seller, the delivery address). */
export const SIDE_WIDTH = 210;
export const SIDE_X = MARGIN + CONTENT_WIDTH - SIDE_WIDTH;

/** What a document prints of the shop: the owner's identity settings. */
export type Seller = IdentitySettingsValue;

/** The shop as the seller or sender, in a 'From' block: its legal name and registered office. */
export const sellerLines = (seller: Seller): string[] => [
  seller.legal_name,
  ...seller.registered_office,
  `VAT registration number: ${seller.vat_number}`,
  `Company number: ${seller.company_number}`,
  `${seller.email} · ${seller.phone}`,
];

/** The left part of every page's footer. */
export const companyFooter = (seller: Seller) =>
  `${seller.legal_name} · Company number ${seller.company_number} · VAT registration number ${seller.vat_number}`;

/** An A4 document of the shop, its pages kept until the end so footers can count them. */
export function newDocument(
  info: { title: string; subject: string; created: Date },
  seller: Seller,
): Doc {
  return new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: seller.legal_name,
      Subject: info.subject,
      Creator: seller.legal_name,
      CreationDate: info.created,
    },
  });
}

/** The bytes of the document once `end()` is called. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export function contentBottom(doc: Doc): number {
  return doc.page.height - MARGIN - FOOTER_SPACE;
}

// ---------------------------------------------------------------------------------------------
// Tables.

/** Text stacked in a cell, each piece in its own font. */
export type Cell = { text: string; bold?: boolean; muted?: boolean }[];

export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

export interface Table {
  columns: readonly Column[];
  /** Font size of the cells. */
  size: number;
}

const CELL_PAD_X = 3;
const CELL_PAD_Y = 4;

export const tableWidth = (table: Table) =>
  table.columns.reduce((sum, column) => sum + column.width, 0);

export const headerCells = (table: Table): Cell[] =>
  table.columns.map((column) => [{ text: column.title, bold: true }]);

function innerWidth(column: Column | undefined): number {
  return (column?.width ?? 0) - 2 * CELL_PAD_X;
}

function cellHeight(doc: Doc, table: Table, cell: Cell, width: number): number {
  return cell.reduce((height, piece) => {
    doc.font(piece.bold ? BOLD : REGULAR).fontSize(table.size);
    return height + doc.heightOfString(piece.text, { width });
  }, 0);
}

export function rowHeight(doc: Doc, table: Table, cells: readonly Cell[]): number {
  const heights = cells.map((cell, i) =>
    cellHeight(doc, table, cell, innerWidth(table.columns[i])),
  );
  return Math.max(...heights) + 2 * CELL_PAD_Y;
}

/** Draws one row at y with a rule beneath; answers the y below it. */
export function drawRow(
  doc: Doc,
  table: Table,
  cells: readonly Cell[],
  y: number,
  options: { shade?: boolean } = {},
): number {
  const height = rowHeight(doc, table, cells);
  const width = tableWidth(table);
  if (options.shade) doc.rect(MARGIN, y, width, height).fill(SHADE);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = table.columns[i];
    if (!column) return;
    let top = y + CELL_PAD_Y;
    for (const piece of cell) {
      doc
        .font(piece.bold ? BOLD : REGULAR)
        .fontSize(table.size)
        .fillColor(piece.muted ? MUTED : INK);
      const textOptions = { width: innerWidth(column), align: column.align } as const;
      doc.text(piece.text, x + CELL_PAD_X, top, textOptions);
      top += doc.heightOfString(piece.text, textOptions);
    }
    x += column.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + width, y + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + height;
}

/**
 * Draws the table's header and rows from y, starting a new page (through `continued`, which
 * answers where the page's content starts) whenever a row would run into the footer.
 */
export function drawTable(
  doc: Doc,
  table: Table,
  rows: readonly (readonly Cell[])[],
  y: number,
  continued: () => number,
): number {
  const header = headerCells(table);
  let top = drawRow(doc, table, header, y, { shade: true });
  for (const cells of rows) {
    if (top + rowHeight(doc, table, cells) > contentBottom(doc)) {
      doc.addPage();
      top = drawRow(doc, table, header, continued(), { shade: true });
    }
    top = drawRow(doc, table, cells, top);
  }
  return top;
}

// ---------------------------------------------------------------------------------------------
// Page furniture.

/** Label–value pairs in two columns, left-aligned from x; answers the y below them. */
export function pairs(
  doc: Doc,
  rows: readonly (readonly [string, string])[],
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

/** A titled block of lines (an address: its first line bold); answers the y below it. */
export function block(
  doc: Doc,
  title: string,
  lines: readonly string[],
  x: number,
  y: number,
  width = 230,
): number {
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

/** A document's title, large, at the top left of the first page. */
export function title(doc: Doc, text: string): void {
  doc.font(BOLD).fontSize(22).fillColor(INK).text(text, MARGIN, MARGIN, { width: CONTENT_WIDTH });
}

/**
 * A sale document's first-page heading: its title, its facts at the left and the seller's
 * details ('From') at the right; answers the y below both.
 */
export function sellerHeading(
  doc: Doc,
  text: string,
  facts: readonly (readonly [string, string])[],
  seller: Seller,
): number {
  title(doc, text);
  const factsBottom = pairs(doc, facts, MARGIN, MARGIN + 34, { label: 90, value: 150 });
  const sellerBottom = block(doc, 'From', sellerLines(seller), SIDE_X, MARGIN + 4, SIDE_WIDTH);
  return Math.max(factsBottom, sellerBottom) + 18;
}

/** The left edge of the totals, at the right of the page. */
const TOTALS_X = MARGIN + CONTENT_WIDTH - 230;

/** A line of the totals at the right (`strong`: the total due, larger); answers the y below it. */
export function totalLine(doc: Doc, label: string, value: string, y: number, strong = false) {
  doc
    .font(strong ? BOLD : REGULAR)
    .fontSize(strong ? 11 : 9.5)
    .fillColor(INK);
  doc.text(label, TOTALS_X, y, { width: 150 });
  doc.text(value, TOTALS_X + 150, y, { width: 80, align: 'right' });
  return doc.y;
}

/** Under the totals: how the document is paid or to be paid, as pairs, then its small print. */
export function paymentNotes(
  doc: Doc,
  rows: readonly (readonly [string, string])[],
  smallPrint: string,
  y: number,
): void {
  const below = pairs(doc, rows, MARGIN, y, { label: 90, value: 300 });
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(smallPrint, MARGIN, below + 10, { width: CONTENT_WIDTH });
}

/** The small heading of a page that continues a document. */
export function continuationHeader(doc: Doc, heading: string, detail: string): number {
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(heading, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(detail, MARGIN, doc.y + 2, { width: CONTENT_WIDTH });
  return doc.y + 14;
}

/** Writes each buffered page's footer: `text(page)` answers its left and right parts. */
export function footers(doc: Doc, text: (page: number) => { left: string; right: string }): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN - 14;
    const { left, right } = text(i - range.start);
    // Below the content area: keep pdfkit from starting a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + CONTENT_WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(left, MARGIN, y, {
        width: CONTENT_WIDTH - 80,
        lineBreak: false,
        ellipsis: true,
      })
      .text(right, MARGIN, y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
