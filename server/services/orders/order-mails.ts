// The mails of an order's life after its confirmation, each written into the outbox in the
// transaction of its change: payment received (with the VAT invoice), dispatched, delivered,
// cancelled, refunded (with the credit note), and the shop's own note of a new order.
import { PAYMENT_METHOD_LABELS, type OrderJson } from '#domain/checkout.ts';
import type { PalletCollection } from '#domain/consumer-rights.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import type { Dispatch } from '#domain/order-mail.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import type { MailMessage } from '../mail.ts';
import { writeMail } from '../mail-outbox/outbox.ts';
import {
  addressLines,
  type MailShop,
  orderConfirmationEmail,
  sectionsMail,
  shopSection,
} from './confirmation-email.ts';
import { COMPLAINTS_INVITE, complaintsUrl, thanksLine } from '../shop-signature.ts';
import { lineDescription, lineQuantity, type Block } from './mail-blocks.ts';
import type { Tx } from './order-rows.ts';

/** What every order mail needs of its order. */
export interface MailOrder {
  id: number;
  number: string;
  email: string;
  totalPence: number;
  /** The shop's public origin (PUBLIC_ORIGIN), for the complaints link; a path alone without. */
  origin?: string | undefined;
  /** The shop as the owner last saved it, read in the mail's transaction (mailShop). */
  shop: MailShop;
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

/** Every mail of an order's life ends with the way to complain (consumer-rights.ts). */
function customerMail(order: MailOrder, subject: string, blocks: Block[]): MailMessage {
  const { shop } = order;
  return sectionsMail(
    order.email,
    subject,
    [
      { title: null, blocks: [...blocks, paragraph(thanksLine(shop))] },
      {
        title: 'Complaints',
        blocks: [
          paragraph(COMPLAINTS_INVITE),
          {
            kind: 'link',
            label: 'How to complain',
            href: complaintsUrl(order.origin),
          },
        ],
      },
      shopSection(shop),
    ],
    shop.trading_name,
  );
}

/** '3 December 2026' for a day typed as 2026-12-03 (noon UTC is that day in London). */
const dayText = (day: string) => formatLondonDate(`${day}T12:00:00Z`);

export function paymentReceivedMail(order: MailOrder, invoiceNumber: number): MailMessage {
  return customerMail(
    order,
    `Payment received for your ${order.shop.trading_name} order ${order.number}`,
    [
      paragraph(
        `We have received your payment of ${formatGBP(order.totalPence)} for order ${order.number}.`,
      ),
      paragraph(
        `Your VAT invoice ${formatInvoiceNumber(invoiceNumber)} is attached. We will tell you when your order leaves us.`,
      ),
    ],
  );
}

/** The mail of an order leaving; without a carrier's details (the shop's own van), no tracking. */
export function dispatchedMail(order: MailOrder, dispatch: Dispatch | null): MailMessage {
  const subject = `Your ${order.shop.trading_name} order ${order.number} is on its way`;
  if (!dispatch) {
    return customerMail(order, subject, [paragraph(`Your order ${order.number} has left us.`)]);
  }
  const day = dayText(dispatch.delivery_date);
  return customerMail(order, subject, [
    paragraph(`Your order ${order.number} has left us and is due on ${day}.`),
    {
      kind: 'figures',
      rows: [
        ['Carrier', dispatch.carrier],
        ['Tracking number', dispatch.tracking_number],
        ['Delivery day', day],
      ],
    },
    { kind: 'link', label: 'Track your delivery', href: dispatch.tracking_url },
  ]);
}

export function deliveredMail(order: MailOrder): MailMessage {
  return customerMail(
    order,
    `Your ${order.shop.trading_name} order ${order.number} has been delivered`,
    [
      paragraph(`Your order ${order.number} has been delivered.`),
      paragraph(
        'Please check your stone before it is laid; if anything arrived damaged, reply to this email within 48 hours with photographs.',
      ),
    ],
  );
}

export function cancelledMail(order: MailOrder, paid: boolean): MailMessage {
  return customerMail(
    order,
    `Your ${order.shop.trading_name} order ${order.number} has been cancelled`,
    [
      paragraph(`Your order ${order.number} has been cancelled.`),
      paragraph(
        paid
          ? 'We will refund your payment and send you a credit note.'
          : 'Nothing has been taken from you, and nothing is owed.',
      ),
    ],
  );
}

export function refundedMail(
  order: MailOrder,
  refund: {
    amountPence: number;
    creditNote: number;
    reason: string;
    onAccount: boolean;
    /** The provider's words for how the money reaches the customer (PaymentProvider). */
    reaches: string;
  },
): MailMessage {
  const note = formatCreditNoteNumber(refund.creditNote);
  const amount = formatGBP(refund.amountPence);
  if (refund.onAccount) {
    return customerMail(
      order,
      `A credit of ${amount} to your trade account for ${order.shop.trading_name} order ${order.number}`,
      [
        paragraph(
          `We have credited ${amount} to your trade account for order ${order.number}: ${refund.reason}.`,
        ),
        paragraph(`Your credit note ${note} is attached. ${refund.reaches}`),
      ],
    );
  }
  return customerMail(
    order,
    `Your refund of ${amount} for ${order.shop.trading_name} order ${order.number}`,
    [
      paragraph(`We have refunded ${amount} for order ${order.number}: ${refund.reason}.`),
      paragraph(`Your credit note ${note} is attached. ${refund.reaches}`),
    ],
  );
}

/** The shop's own note of an order: who, what, how much, where to. */
export function newOrderMail(order: OrderJson, shopEmail: string, shopName: string): MailMessage {
  const address = order.shipping_address;
  return sectionsMail(
    shopEmail,
    `New order ${order.number}: ${formatGBP(toPence(order.totals.total.gross))}`,
    [
      {
        title: null,
        blocks: [
          paragraph(
            `${address.first_name} ${address.last_name} (${order.email}) placed order ${order.number} for ${formatGBP(toPence(order.totals.total.gross))}, paying by ${PAYMENT_METHOD_LABELS[order.payment_method].toLowerCase()}.`,
          ),
          {
            kind: 'items',
            rows: order.lines.map((line) => ({
              description: lineDescription(line),
              detail: lineQuantity(line),
              total: formatGBP(toPence(line.total.gross)),
            })),
          },
        ],
      },
      { title: 'Deliver to', blocks: [{ kind: 'address', lines: addressLines(address) }] },
    ],
    shopName,
  );
}

/**
 * The two mails of a placed order, written in its transaction: the customer's confirmation
 * (with the order's link, which exists only now) and the shop's note.
 */
export async function writePlacedMails(
  tx: Tx,
  orderId: number,
  order: OrderJson,
  links: {
    orderUrl: string;
    shopEmail: string;
    shop: { identity: MailShop; returns: PalletCollection };
  },
): Promise<void> {
  await writeMail(tx, {
    kind: 'order_confirmation',
    orderId,
    eventKey: 'placed',
    message: orderConfirmationEmail(
      order,
      { orderUrl: links.orderUrl },
      links.shop.identity,
      links.shop.returns,
    ),
  });
  await writeMail(tx, {
    kind: 'new_order',
    orderId,
    eventKey: 'placed',
    message: newOrderMail(order, links.shopEmail, links.shop.identity.trading_name),
  });
}
