// The order confirmation: the durable-medium confirmation the Consumer Contracts Regulations 2013
// ask for (reg. 16 and Schedule 2): what was bought and its total price with VAT and delivery, the
// delivery arrangements, how to pay, the shopper's rights (confirmation-rights.ts) and who the
// shop is. One list of sections is rendered twice, as plain text and as HTML (inline styles and
// tables only, as mail clients need); every text in the HTML is escaped, since names and
// addresses are typed by shoppers.
import type { PalletCollection } from '#domain/consumer-rights.ts';
import { DEFAULT_RETURN_RULES } from '#domain/returns.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { CHECKOUT_MESSAGES, PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import { lineUnitText } from '#domain/selling-unit.ts';
import { SEEDED_IDENTITY } from '#domain/company.ts';
import { BOOKING_MESSAGES, formatBookedDay } from '#domain/booking.ts';
import { formatLondonDate, formatUtcDate } from '#domain/dates.ts';
import { paymentDueText } from '#domain/account-terms.ts';
import { figuresBeforeDiscount, lineGrossBeforeDiscount } from '#domain/discounts.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#domain/order-states.ts';
import { countryLabel } from '#domain/countries.ts';
import { type Address } from '#domain/validation.ts';
import { VAT_PERCENT } from '#domain/vat.ts';
import type { IdentitySettingsValue } from '#domain/api-schemas-settings-identity.ts';
import type { MailMessage } from '../mail.ts';
import { rightsSections } from './confirmation-rights.ts';
import { lineDescription, lineQuantity, type Block, type Section } from './mail-blocks.ts';

/** What a mail shows of the shop. */
export type MailShop = Pick<
  IdentitySettingsValue,
  | 'trading_name'
  | 'legal_name'
  | 'registered_office'
  | 'email'
  | 'phone'
  | 'company_number'
  | 'vat_number'
>;

/** The shop's details as seeded: what a confirmation rendered without settings (a unit test) shows. */
export const SEEDED_MAIL_SHOP: MailShop = SEEDED_IDENTITY;

const money = (pounds: string) => formatGBP(toPence(pounds));

/** An address as printed, one line each: name, company, street, town, postcode, country. */
export function addressLines(address: Address): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.company,
    address.address_1,
    address.address_2,
    address.city,
    address.county,
    address.postcode,
    countryLabel(address.country),
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

// ---------------------------------------------------------------------------------------------
// What the email says, once for both renderings.

function isAwaitingBankTransfer(order: OrderJson): boolean {
  return (
    order.payment_method === 'bank_transfer' &&
    order.status === 'pending_payment' &&
    order.bank_transfer !== null
  );
}

function introSection(order: OrderJson, orderUrl: string, shop: MailShop): Section {
  const placed = formatLondonDate(order.placed_at);
  const next = isAwaitingBankTransfer(order)
    ? 'We are holding your stone until your bank transfer arrives: the details for paying are below.'
    : order.payment_status === 'not_required'
      ? CHECKOUT_MESSAGES.nothingToPay
      : order.payment_status === 'succeeded'
        ? 'We have received your payment and will let you know when your order is on its way.'
        : order.payment_status === 'on_account' && order.invoice?.due_on
          ? `Your order is on your trade account and we will let you know when it is on its way. ${paymentDueText(order.invoice.due_on)}.`
          : 'We will let you know as soon as your payment is confirmed.';
  return {
    title: null,
    blocks: [
      { kind: 'paragraph', text: `Dear ${order.billing_address.first_name},` },
      {
        kind: 'paragraph',
        text: `Thank you for your order with ${shop.trading_name}. This email confirms your order ${order.number}, placed on ${placed}. ${next}`,
      },
      {
        kind: 'figures',
        rows: [
          ['Order number', order.number],
          ['Order date', placed],
          ['Status', ORDER_STATUS_LABELS[order.status]],
        ],
      },
      { kind: 'link', label: 'View your order', href: orderUrl },
    ],
  };
}

function itemsSection(order: OrderJson): Section {
  const { totals } = order;
  const before = figuresBeforeDiscount(totals);
  const discountRows: [string, string][] = before.code
    ? [[`Discount (${before.code})`, `−${formatGBP(before.discountPence)}`]]
    : [];
  return {
    title: 'Your order',
    blocks: [
      {
        kind: 'items',
        rows: order.lines.map((line) => ({
          description: lineDescription(line),
          detail: `${lineQuantity(line)} at ${money(line.unit_price)} ${lineUnitText(line)}${line.is_bespoke ? ', made to your specification' : ''}`,
          total: formatGBP(lineGrossBeforeDiscount(line)),
        })),
      },
      {
        kind: 'figures',
        rows: [
          ['Goods', formatGBP(before.goodsPence)],
          ...discountRows,
          [`Delivery (${order.delivery.label})`, formatGBP(before.deliveryPence)],
          ['Total price, including VAT and delivery', money(totals.total.gross)],
          // The rate the order's lines were split at: the one in force when it was placed.
          [`VAT included at ${order.lines[0]?.vat_rate ?? VAT_PERCENT}%`, money(totals.total.vat)],
        ],
        strongRow: 2 + discountRows.length,
      },
      {
        kind: 'paragraph',
        text: 'All prices include VAT. Your VAT invoice follows once your order is paid.',
      },
    ],
  };
}

/** The booked day and slot: 'Monday 7 December 2026, Morning, 9am–1pm'. */
function bookedDayText({ date, slot_label }: OrderJson['booking']): string {
  return `${formatBookedDay(date!)}${slot_label ? `, ${slot_label}` : ''}`;
}

function deliverySection(order: OrderJson): Section {
  const { delivery, booking } = order;
  if (booking.fulfilment === 'collection') {
    const blocks: Block[] = [{ kind: 'paragraph', text: 'Collect your order from:' }];
    if (booking.collection_address) {
      blocks.push({ kind: 'address', lines: booking.collection_address.split(/,\s*/) });
    }
    if (booking.date) {
      blocks.push({ kind: 'figures', rows: [['Collection day', formatBookedDay(booking.date)]] });
    }
    if (booking.instructions) {
      blocks.push({ kind: 'figures', rows: [['Your note', booking.instructions]] });
    }
    return { title: 'Collection', blocks };
  }
  const { earliest, latest } = delivery.estimate;
  const window =
    earliest === latest
      ? `on ${formatLondonDate(earliest)}`
      : `between ${formatLondonDate(earliest)} and ${formatLondonDate(latest)}`;
  const rows: [string, string][] = [
    ['Contact phone', order.shipping_address.phone],
    ['Delivery option', delivery.label],
    booking.date ? ['Delivery day', bookedDayText(booking)] : ['Estimated delivery', window],
  ];
  if (booking.site_access.length > 0) {
    rows.push(['Site access', booking.site_access.map((a) => a.note).join('; ')]);
  }
  if (booking.instructions) rows.push(['Delivery instructions', booking.instructions]);
  const blocks: Block[] = [
    { kind: 'paragraph', text: 'We will deliver to:' },
    { kind: 'address', lines: addressLines(order.shipping_address) },
    { kind: 'figures', rows },
    {
      kind: 'paragraph',
      text: booking.date
        ? `Your delivery is booked for ${bookedDayText(booking)}.`
        : `We expect to deliver your order ${window}. We will contact you to confirm the day.`,
    },
  ];
  if (booking.phone_to_confirm) {
    blocks.push({ kind: 'paragraph', text: BOOKING_MESSAGES.phoneToConfirm });
  }
  if (delivery.note) blocks.push({ kind: 'paragraph', text: delivery.note, strong: true });
  return { title: 'Delivery', blocks };
}

function paymentSection(order: OrderJson): Section {
  const method = PAYMENT_METHOD_LABELS[order.payment_method];
  const bank = order.bank_transfer;
  if (isAwaitingBankTransfer(order) && bank) {
    const payBy = formatLondonDate(bank.pay_by);
    return {
      title: 'Payment',
      blocks: [
        {
          kind: 'paragraph',
          text: `Payment method: ${method}. Please pay ${money(order.totals.total.gross)} by ${payBy} to:`,
        },
        {
          kind: 'figures',
          rows: [
            ['Account name', bank.account_name],
            ['Sort code', bank.sort_code],
            ['Account number', bank.account_number],
            ['Reference', bank.reference],
            ['Amount', money(order.totals.total.gross)],
            ['Pay by', payBy],
          ],
          strongRow: 3,
        },
        {
          kind: 'paragraph',
          text: `Please give your order number, ${bank.reference}, as the payment reference so we can match your payment to your order.`,
        },
        {
          kind: 'paragraph',
          text: `If we have not received your payment by ${payBy}, your order is cancelled and the stock we are holding for you is released.`,
          strong: true,
        },
      ],
    };
  }
  return {
    title: 'Payment',
    blocks: [
      {
        kind: 'figures',
        rows: [
          ...(order.payment_status === 'not_required'
            ? []
            : [['Payment method', method] as [string, string]]),
          ['Payment', PAYMENT_STATUS_LABELS[order.payment_status]],
          ...(order.invoice?.due_on
            ? [
                ['Payment due by', formatUtcDate(`${order.invoice.due_on}T12:00:00Z`)] as [
                  string,
                  string,
                ],
              ]
            : []),
        ],
      },
    ],
  };
}

export function shopSection(shop: MailShop = SEEDED_MAIL_SHOP): Section {
  return {
    title: 'About us',
    blocks: [
      { kind: 'address', lines: [shop.legal_name, ...shop.registered_office] },
      {
        kind: 'figures',
        rows: [
          ['Email', shop.email],
          ['Phone', shop.phone],
          ['Company number', shop.company_number],
          ['VAT number', shop.vat_number],
        ],
      },
    ],
  };
}

function sections(
  order: OrderJson,
  orderUrl: string,
  shop: MailShop,
  collection: PalletCollection,
): Section[] {
  return [
    introSection(order, orderUrl, shop),
    itemsSection(order),
    deliverySection(order),
    paymentSection(order),
    ...rightsSections(order, orderUrl, shop, collection),
    shopSection(shop),
  ];
}

// ---------------------------------------------------------------------------------------------
// Plain text.

function textBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'items':
      return block.rows
        .map((row) => `- ${row.description}\n  ${row.detail}\n  ${row.total}`)
        .join('\n');
    case 'figures':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'address':
      return block.lines.map((line) => `  ${line}`).join('\n');
    case 'link':
      return `${block.label}: ${block.href}`;
  }
}

function renderText(all: Section[]): string {
  return `${all
    .map((section) => {
      const body = section.blocks.map(textBlock).join('\n\n');
      if (section.title === null) return body;
      const title = section.title.toUpperCase();
      return `${title}\n${'-'.repeat(title.length)}\n${body}`;
    })
    .join('\n\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// HTML.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#2b2622;';
const P = `margin:0 0 12px;font-size:14px;line-height:1.5;${FONT}`;
const CELL = `padding:6px 0;font-size:14px;line-height:1.4;vertical-align:top;${FONT}`;
const RULE = 'border-bottom:1px solid #e4ded6;';

function htmlBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph': {
      const text = escapeHtml(block.text);
      return `<p style="${P}">${block.strong ? `<strong>${text}</strong>` : text}</p>`;
    }
    case 'items':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 12px;">${block.rows
        .map(
          (row) =>
            `<tr><td style="${CELL}${RULE}"><strong>${escapeHtml(row.description)}</strong><br><span style="font-size:13px;color:#6b625a;">${escapeHtml(row.detail)}</span></td><td align="right" style="${CELL}${RULE}padding-left:12px;white-space:nowrap;">${escapeHtml(row.total)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'figures':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 12px;">${block.rows
        .map(([label, value], index) => {
          const weight = index === block.strongRow ? 'font-weight:bold;' : '';
          return `<tr><td style="${CELL}${weight}">${escapeHtml(label)}</td><td align="right" style="${CELL}${weight}padding-left:12px;">${escapeHtml(value)}</td></tr>`;
        })
        .join('')}</table>`;
    case 'list':
      return `<ul style="margin:0 0 12px;padding-left:20px;">${block.items
        .map((item) => `<li style="${P}margin:0 0 4px;">${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'address':
      return `<p style="${P}">${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'link':
      return `<p style="${P}"><a href="${escapeHtml(block.href)}" style="color:#7a4e2d;font-weight:bold;">${escapeHtml(block.label)}</a></p>`;
  }
}

function renderHtml(all: Section[], title: string, shopName: string): string {
  const body = all
    .map((section) => {
      const heading =
        section.title === null
          ? ''
          : `<h2 style="margin:24px 0 12px;font-size:17px;${FONT}">${escapeHtml(section.title)}</h2>`;
      return heading + section.blocks.map(htmlBlock).join('');
    })
    .join('');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ef;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f3ef;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;"><tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:22px;${FONT}">${escapeHtml(shopName)}</h1>
${body}
</td></tr></table>
</td></tr></table>
</body></html>
`;
}

/**
 * The confirmation email of an order: to the shopper's email, in plain text and HTML, carrying
 * what the Consumer Contracts Regulations ask a confirmation to carry. `links.orderUrl` is the
 * order's page (with its secret link for a guest). `collection` is what returning a pallet costs
 * by the owner's return rules.
 */
export function orderConfirmationEmail(
  order: OrderJson,
  links: { orderUrl: string },
  shop: MailShop = SEEDED_MAIL_SHOP,
  collection: PalletCollection = DEFAULT_RETURN_RULES,
): MailMessage {
  return sectionsMail(
    order.email,
    `Your ${shop.trading_name} order ${order.number}`,
    sections(order, links.orderUrl, shop, collection),
    shop.trading_name,
  );
}

/** A mail of sections, in plain text and HTML, laid out as the confirmation is. */
export function sectionsMail(
  to: string,
  subject: string,
  all: Section[],
  shopName: string,
): MailMessage {
  return { to, subject, text: renderText(all), html: renderHtml(all, subject, shopName) };
}
