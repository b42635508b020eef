// A credit note for a refund, as a PDF laid out like the VAT invoice: its own gapless number,
// its date, the invoice and order it refers to, seller and customer, the amount refunded split
// into net and VAT at the rate of the invoice it reduces (HMRC VAT Notice 700/45 §4), and the
// reason.
import type { OrderJson } from '#domain/checkout.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { creditNoteHow, type CreditNoteJson } from '#domain/refunds.ts';
import { splitGross } from '#domain/vat.ts';
import { addressLines } from './confirmation-email.ts';
import type { Table } from './pdf-layout.ts';
import * as layout from './pdf-layout.ts';

const WIDTH = layout.CONTENT_WIDTH;
const amounts = (percent: number): Table => ({
  size: 9,
  columns: [
    { title: 'Description', width: 255, align: 'left' },
    { title: 'Net', width: 80, align: 'right' },
    { title: `VAT at ${percent}%`, width: 80, align: 'right' },
    { title: 'Gross', width: 80, align: 'right' },
  ],
});

/** The credit note of one refund of an order, as an A4 PDF. */
export async function renderCreditNotePdf(
  order: OrderJson,
  note: CreditNoteJson,
  seller: layout.Seller,
): Promise<Buffer> {
  const doc = layout.newDocument(
    {
      title: `Credit note ${note.number}`,
      subject: `Credit note for order ${order.number}`,
      created: new Date(note.issued_at),
    },
    seller,
  );
  const done = layout.toBuffer(doc);
  layout.title(doc, 'Credit note');
  const facts: [string, string][] = [
    ['Credit note number', note.number],
    ['Date', formatLondonDate(note.issued_at)],
    ['Order number', order.number],
    ...(note.cancels_invoice
      ? [['Cancels invoice', note.cancels_invoice] as [string, string]]
      : order.invoice
        ? [['Refers to invoice', order.invoice.number] as [string, string]]
        : []),
  ];
  let y = layout.pairs(doc, facts, layout.MARGIN, layout.MARGIN + 34, { label: 110, value: 140 });
  const sellerBottom = layout.block(
    doc,
    'From',
    layout.sellerLines(seller),
    layout.MARGIN + WIDTH - 220,
    layout.MARGIN + 4,
    220,
  );
  y = Math.max(y, sellerBottom) + 18;
  y =
    layout.block(doc, 'Credit to', addressLines(order.billing_address), layout.MARGIN, y, 220) + 24;

  const AMOUNTS = amounts(note.vat_percent);
  const split = splitGross(toPence(note.amount), note.vat_percent);
  y = layout.drawRow(doc, AMOUNTS, layout.headerCells(AMOUNTS), y, { shade: true });
  y = layout.drawRow(
    doc,
    AMOUNTS,
    [
      [
        { text: note.refund_ref === 'revision' ? note.reason : `Refund: ${note.reason}` },
        // The refund is of what was paid: the order's discount is already deducted.
        ...(order.totals.discount
          ? [
              {
                text: `Order discount ${order.totals.discount.code} (-${formatGBP(toPence(order.totals.discount.total))}) deducted from the prices refunded`,
                muted: true,
              },
            ]
          : []),
      ],
      [{ text: formatGBP(split.netPence) }],
      [{ text: formatGBP(split.vatPence) }],
      [{ text: formatGBP(split.grossPence) }],
    ],
    y,
  );
  y += 14;
  doc
    .font(layout.BOLD)
    .fontSize(11)
    .fillColor(layout.INK)
    .text('Total credited including VAT', layout.MARGIN + WIDTH - 300, y, { width: 200 })
    .text(formatGBP(split.grossPence), layout.MARGIN + WIDTH - 100, y, {
      width: 100,
      align: 'right',
    });
  y = doc.y + 18;
  doc
    .font(layout.REGULAR)
    .fontSize(8.5)
    .fillColor(layout.MUTED)
    .text(
      `${creditNoteHow(note.refund_ref)} All amounts in pounds sterling. This credit note reduces the VAT charged on the order's invoice.`,
      layout.MARGIN,
      y,
      { width: WIDTH },
    );
  doc.end();
  return done;
}
