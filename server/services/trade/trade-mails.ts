// The mails of a trade application: the shop hears of a new one, the applicant of the answer.
import type { TradeApplicationJson } from '#domain/api-schemas-trade.ts';
import { TRADE_LABELS } from '#domain/trade-applications.ts';
import type { MailMessage } from '../mail.ts';
import { type MailShop, sectionsMail } from '../orders/confirmation-email.ts';
import { customerMail, paragraph } from '../orders/order-task-mails.ts';

const facts = (application: TradeApplicationJson): string[] => [
  `Company: ${application.company}`,
  `Companies House number: ${application.company_number || 'none given (sole trader)'}`,
  `VAT number: ${application.vat_number || 'not VAT registered'}`,
  `Trade: ${TRADE_LABELS[application.trade]}`,
  `Address: ${[application.address_line_1, application.address_line_2, application.town, application.postcode].filter(Boolean).join(', ')}`,
];

/** To the shop: a customer applied; the queue is where it is decided. */
export function newApplicationMail(
  application: TradeApplicationJson,
  applicant: { name: string; email: string },
  to: { shopEmail: string; queueUrl: string; shopName: string },
): MailMessage {
  return sectionsMail(
    to.shopEmail,
    `New trade application: ${application.company}`,
    [
      {
        title: null,
        blocks: [
          paragraph(
            `${applicant.name || applicant.email} (${applicant.email}) applied for a trade account.`,
          ),
          ...facts(application).map(paragraph),
          { kind: 'link', label: 'Review the application', href: to.queueUrl },
        ],
      },
    ],
    to.shopName,
  );
}

/** To the applicant: approved (trade prices from their next visit) or refused with the reason. */
export function decisionMail(
  application: TradeApplicationJson,
  email: string,
  links: { accountUrl: string },
  shop: MailShop,
): MailMessage {
  if (application.status === 'approved') {
    return customerMail(email, shop, `Your ${shop.trading_name} trade account is open`, [
      paragraph(
        `We have approved the trade account of ${application.company}. Sign in to see your trade prices across the shop.`,
      ),
      { kind: 'link', label: 'Your trade account', href: links.accountUrl },
    ]);
  }
  return customerMail(email, shop, `Your ${shop.trading_name} trade account application`, [
    paragraph(`We are sorry: we could not approve the trade account of ${application.company}.`),
    paragraph(`Reason: ${application.refusal_reason ?? ''}`),
    paragraph('Reply to this mail if you can tell us more, or apply again with new evidence.'),
    { kind: 'link', label: 'Your trade account', href: links.accountUrl },
  ]);
}
