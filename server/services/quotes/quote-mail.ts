// The mail a quote goes out with: its lines and figures, what is paid on acceptance, how long
// it is valid, and the link to read and accept it (the PDF is attached as it leaves).
import type { QuoteJson } from '#domain/api-schemas-quotes.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import type { MailMessage } from '../mail.ts';
import { sectionsMail, shopSection, type MailShop } from '../orders/confirmation-email.ts';
import type { Block } from '../orders/mail-blocks.ts';
import { thanksLine } from '../shop-signature.ts';

const money = (pounds: string) => formatGBP(toPence(pounds));

export function quoteMail(quote: QuoteJson, link: string, shop: MailShop): MailMessage {
  const t = quote.totals;
  const until = quote.valid_until ? formatLondonDate(quote.valid_until) : '';
  const blocks: Block[] = [
    { kind: 'paragraph', text: `Dear ${quote.name},` },
    {
      kind: 'paragraph',
      text: `Thank you for your enquiry. Here is our quote ${quote.number}${quote.revision > 1 ? ` (revision ${quote.revision}, which replaces the one before)` : ''}, attached as a PDF:`,
    },
    {
      kind: 'items',
      rows: quote.lines.map((line) => ({
        description: `${line.name}, ${line.description}`,
        detail:
          line.pricing === 'm2' && line.m2
            ? `${line.m2} m²`
            : `${line.pieces} × ${money(line.unit_price)}`,
        total: money(line.total.gross),
      })),
    },
    {
      kind: 'figures',
      rows: [
        ['Goods', money(t.goods.gross)],
        ['Delivery', money(t.delivery.gross)],
        ['Total (VAT included)', money(t.total.gross)],
        ...(quote.deposit_percent > 0
          ? ([
              [`Deposit (${quote.deposit_percent}%) on acceptance`, money(t.deposit)],
              ['Balance before delivery', money(t.balance)],
            ] as [string, string][])
          : []),
      ],
      strongRow: 2,
    },
    { kind: 'paragraph', text: `The quote is valid until ${until}.` },
    ...(quote.rights_note ? [{ kind: 'paragraph' as const, text: `${quote.rights_note}.` }] : []),
    { kind: 'link', label: 'View and accept your quote', href: link },
    { kind: 'paragraph', text: thanksLine(shop) },
  ];
  return sectionsMail(
    quote.email,
    `Your ${shop.trading_name} quote ${quote.number}`,
    [{ title: null, blocks }, shopSection(shop)],
    shop.trading_name,
  );
}
