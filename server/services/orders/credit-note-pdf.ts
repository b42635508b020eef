// A credit note for a refund, as a PDF laid out like the VAT invoice: its own gapless number,
// its date, the invoice and order it refers to, seller and customer, the amount refunded split
// into net and VAT at the standard rate (HMRC VAT Notice 700/45 §4), and the reason.
import PDFDocument from 'pdfkit';
import type { OrderJson } from '#domain/checkout.ts';
import {
  COMPANY_NAME,
  COMPANY_NUMBER,
  SHOP_ADDRESS,
  SHOP_EMAIL,
  SHOP_PHONE,
  VAT_NUMBER,
} from '#domain/company.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import type { CreditNoteJson } from '#domain/refunds.ts';
import { splitGross, VAT_PERCENT } from '#domain/vat.ts';
import { addressLines } from './confirmation-email.ts';

const MARGIN = 50;
const WIDTH = 495;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#231f1c';
const MUTED = '#6b625a';
const RULE = '#d9d2c9';
const SHADE = '#f3efea';

function block(
  doc: PDFKit.PDFDocument,
  title: string,
  lines: readonly string[],
  x: number,
  y: number,
) {
  doc.font(BOLD).fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, { width: 220 });
  let top = doc.y + 3;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? BOLD : REGULAR)
      .fontSize(9.5)
      .fillColor(INK)
      .text(line, x, top, { width: 220 });
    top = doc.y;
  });
  return top;
}

/** The credit note of one refund of an order, as an A4 PDF. */
export async function renderCreditNotePdf(order: OrderJson, note: CreditNoteJson): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `Credit note ${note.number}`,
      Author: COMPANY_NAME,
      Subject: `Credit note for order ${order.number}`,
      Creator: COMPANY_NAME,
      CreationDate: new Date(note.issued_at),
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(BOLD).fontSize(22).fillColor(INK).text('Credit note', MARGIN, MARGIN);
  let y = MARGIN + 34;
  const facts: [string, string][] = [
    ['Credit note number', note.number],
    ['Date', formatLondonDate(note.issued_at)],
    ['Order number', order.number],
    ...(order.invoice ? [['Refers to invoice', order.invoice.number] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    doc.font(BOLD).fontSize(9).fillColor(INK).text(label, MARGIN, y, { width: 110 });
    doc.font(REGULAR).text(value, MARGIN + 110, y, { width: 140 });
    y += 14;
  }
  const sellerBottom = block(
    doc,
    'From',
    [
      COMPANY_NAME,
      ...SHOP_ADDRESS,
      `VAT registration number: ${VAT_NUMBER}`,
      `Company number: ${COMPANY_NUMBER}`,
      `${SHOP_EMAIL} · ${SHOP_PHONE}`,
    ],
    MARGIN + WIDTH - 220,
    MARGIN + 4,
  );
  y = Math.max(y, sellerBottom) + 18;
  y = block(doc, 'Credit to', addressLines(order.billing_address), MARGIN, y) + 24;

  const split = splitGross(toPence(note.amount));
  const columns = [
    { title: 'Description', width: 255, align: 'left' as const },
    { title: 'Net', width: 80, align: 'right' as const },
    { title: `VAT at ${VAT_PERCENT}%`, width: 80, align: 'right' as const },
    { title: 'Gross', width: 80, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean, shade: boolean) => {
    const height = 20;
    if (shade) doc.rect(MARGIN, y, WIDTH, height).fill(SHADE);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc
        .font(bold ? BOLD : REGULAR)
        .fontSize(9)
        .fillColor(INK)
        .text(cell, x + 4, y + 6, { width: column.width - 8, align: column.align });
      x += column.width;
    });
    y += Math.max(height, doc.y - y + 4);
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    columns.map((c) => c.title),
    true,
    true,
  );
  row(
    [
      `Refund: ${note.reason}`,
      formatGBP(split.netPence),
      formatGBP(split.vatPence),
      formatGBP(split.grossPence),
    ],
    false,
    false,
  );
  y += 14;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text('Total credited including VAT', MARGIN + WIDTH - 300, y, { width: 200 })
    .text(formatGBP(split.grossPence), MARGIN + WIDTH - 100, y, { width: 100, align: 'right' });
  y = doc.y + 18;
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `${note.refund_ref === 'manual' ? 'Refunded by bank transfer.' : `Refunded to the card used (Stripe refund ${note.refund_ref}).`} All amounts in pounds sterling. This credit note reduces the VAT charged on the order's invoice.`,
      MARGIN,
      y,
      { width: WIDTH },
    );
  doc.end();
  return done;
}
