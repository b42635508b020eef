// The mails of staff's order tasks: a note to the customer, a phone order's payment link, and an
// order changed before dispatch (with its revised invoice and the credit note cancelling the old).
import type { OrderJson } from '#domain/checkout.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import type { MailMessage } from '../mail.ts';
import { type MailShop, sectionsMail, shopSection } from './confirmation-email.ts';
import { thanksLine } from '../shop-signature.ts';
import { lineDescription, lineQuantity, type Block } from './mail-blocks.ts';

export const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

/** A mail to a customer: the blocks, the shop's thanks, and who the shop is. */
export function customerMail(
  to: string,
  shop: MailShop,
  subject: string,
  blocks: Block[],
): MailMessage {
  return sectionsMail(
    to,
    subject,
    [{ title: null, blocks: [...blocks, paragraph(thanksLine(shop))] }, shopSection(shop)],
    shop.trading_name,
  );
}

const items = (order: Pick<OrderJson, 'lines'>): Block => ({
  kind: 'items',
  rows: order.lines.map((line) => ({
    description: lineDescription(line),
    detail: lineQuantity(line),
    total: formatGBP(toPence(line.total.gross)),
  })),
});

const totals = (order: Pick<OrderJson, 'totals'>): Block => ({
  kind: 'figures',
  rows: [
    ['Goods', formatGBP(toPence(order.totals.goods.gross))],
    ['Delivery', formatGBP(toPence(order.totals.delivery.gross))],
    ['Total (VAT included)', formatGBP(toPence(order.totals.total.gross))],
  ],
  strongRow: 2,
});

/** A note staff wrote to the customer about their order. */
export function orderNoteMail(
  order: { number: string; email: string },
  shop: MailShop,
  text: string,
): MailMessage {
  return customerMail(
    order.email,
    shop,
    `A note about your ${shop.trading_name} order ${order.number}`,
    [
      paragraph(`We have added a note to your order ${order.number}:`),
      ...text.split(/\n{2,}/).map((part) => paragraph(part)),
      paragraph('You can also read it on your order page.'),
    ],
  );
}

/** The link a customer pays an order taken by phone through. */
export function paymentLinkMail(
  email: string,
  draft: Pick<OrderJson, 'lines' | 'totals'>,
  link: { url: string; expiresAt: Date },
  shop: MailShop,
): MailMessage {
  return customerMail(email, shop, `Your ${shop.trading_name} order: pay online`, [
    paragraph('Thank you for your order by phone. Here is what we agreed:'),
    items(draft),
    totals(draft),
    paragraph(
      `Pay by card or bank transfer through the link below by ${formatLondonDate(link.expiresAt.toISOString())}. Stock is held for you once the order is placed.`,
    ),
    { kind: 'link', label: 'Review and pay', href: link.url },
  ]);
}

/** The link a customer pays the balance of an order edited after payment through. */
export function balanceLinkMail(
  order: OrderJson,
  duePence: number,
  link: { url: string; expiresAt: Date },
  shop: MailShop,
): MailMessage {
  return customerMail(
    order.email,
    shop,
    `Your ${shop.trading_name} order ${order.number}: balance to pay`,
    [
      paragraph(`Your order ${order.number} as we changed it together comes to:`),
      items(order),
      totals(order),
      paragraph(
        `${formatGBP(duePence)} of this is still to pay. Please pay it through the link below by ${formatLondonDate(link.expiresAt.toISOString())}.`,
      ),
      { kind: 'link', label: 'Pay the balance', href: link.url },
    ],
  );
}

/** An order changed before it left: what it is now, and the papers that say so. */
export function orderRevisedMail(
  order: OrderJson,
  papers: {
    creditNote: number | null;
    cancelledInvoice: number | null;
    invoice: number | null;
    refundPence: number;
    balanceDuePence: number;
  },
  shop: MailShop,
): MailMessage {
  const blocks: Block[] = [
    paragraph(`We have changed your order ${order.number} as agreed. It is now:`),
    items(order),
    totals(order),
  ];
  if (papers.invoice !== null && papers.creditNote !== null && papers.cancelledInvoice !== null) {
    blocks.push(
      paragraph(
        `Credit note ${formatCreditNoteNumber(papers.creditNote)} cancels invoice ${formatInvoiceNumber(papers.cancelledInvoice)}, and invoice ${formatInvoiceNumber(papers.invoice)} replaces it: both are attached.`,
      ),
    );
  }
  if (papers.refundPence > 0) {
    blocks.push(paragraph(`We are refunding the difference of ${formatGBP(papers.refundPence)}.`));
  }
  if (papers.balanceDuePence > 0) {
    blocks.push(
      paragraph(
        `The new total is ${formatGBP(papers.balanceDuePence)} more than you paid: we will send you a link to pay the balance.`,
      ),
    );
  }
  return customerMail(
    order.email,
    shop,
    `Your ${shop.trading_name} order ${order.number} has been changed`,
    blocks,
  );
}
