// A pro-forma invoice: what a trade buyer paying by transfer before dispatch needs to raise the
// payment (the lines, the totals, the shop's bank details and the order number as reference).
// It is a request for payment, not a VAT invoice: no invoice number, no tax point, and it says
// so; the VAT invoice follows once the money arrives.
import type { OrderJson } from '#domain/checkout.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { addressLines } from './confirmation-email.ts';
import { deliveryCells, drawTotals, lineCells, LINES } from './invoice-pdf.ts';
import * as layout from './pdf-layout.ts';

export const PRO_FORMA_NOTICE =
  'This is not a VAT invoice. You cannot reclaim VAT on this document; the VAT invoice follows once your payment arrives.';

/** The pro-forma invoice of an order awaiting a bank transfer, as an A4 PDF. */
export async function renderProFormaPdf(
  order: OrderJson & { bank_transfer: NonNullable<OrderJson['bank_transfer']> },
  seller: layout.Seller,
): Promise<Buffer> {
  const doc = layout.newDocument(
    {
      title: `Pro-forma invoice for order ${order.number}`,
      subject: `Pro-forma invoice for order ${order.number}`,
      created: new Date(),
    },
    seller,
  );
  const done = layout.toBuffer(doc);
  const continued = () =>
    layout.continuationHeader(
      doc,
      'PRO-FORMA INVOICE (continued)',
      `Order ${order.number} · ${seller.legal_name}`,
    );
  let y = layout.sellerHeading(
    doc,
    'PRO-FORMA INVOICE',
    [
      ['Order number', order.number],
      ['Order date', formatLondonDate(order.placed_at)],
      ['Date', formatLondonDate(new Date())],
      ['Pay by', order.bank_transfer.pay_by],
    ],
    seller,
  );
  y = Math.max(
    layout.block(doc, 'For', addressLines(order.billing_address), layout.MARGIN, y),
    layout.block(
      doc,
      'Deliver to',
      addressLines(order.shipping_address),
      layout.SIDE_X,
      y,
      layout.SIDE_WIDTH,
    ),
  );
  y += 20;
  y = layout.drawTable(
    doc,
    LINES,
    [...order.lines.map(lineCells), deliveryCells(order)],
    y,
    continued,
  );
  if (y + 170 > layout.contentBottom(doc)) {
    doc.addPage();
    y = continued();
  }
  y = drawTotals(doc, order, y) + 14;
  y = layout.pairs(
    doc,
    [
      ['Pay by bank transfer to', order.bank_transfer.account_name],
      ['Sort code', order.bank_transfer.sort_code],
      ['Account number', order.bank_transfer.account_number],
      ['Reference', order.bank_transfer.reference],
    ],
    layout.MARGIN,
    y,
    { label: 120, value: 300 },
  );
  doc
    .font(layout.BOLD)
    .fontSize(9)
    .fillColor(layout.INK)
    .text(PRO_FORMA_NOTICE, layout.MARGIN, y + 12, { width: layout.CONTENT_WIDTH });
  layout.footers(doc, (page) => ({
    left: layout.companyFooter(seller),
    right: `Pro-forma ${order.number} · Page ${page + 1} of ${doc.bufferedPageRange().count}`,
  }));
  doc.end();
  return done;
}
