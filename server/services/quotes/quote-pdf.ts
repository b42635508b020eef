// The quote as a PDF, on the same A4 furniture as the invoice: who it is for, each line with
// its measurements, the totals with VAT, the validity and what is paid on acceptance.
import type { QuoteJson } from '#domain/api-schemas-quotes.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import {
  block,
  companyFooter,
  continuationHeader,
  CONTENT_WIDTH,
  drawTable,
  footers,
  MARGIN,
  newDocument,
  pairs,
  sellerLines,
  SIDE_X,
  title,
  toBuffer,
  type Seller,
  type Table,
} from '../orders/pdf-layout.ts';

const TABLE: Table = {
  size: 8.5,
  columns: [
    { title: 'Item', width: 245, align: 'left' },
    { title: 'Qty', width: 60, align: 'right' },
    { title: 'Price', width: 90, align: 'right' },
    { title: 'Total', width: CONTENT_WIDTH - 395, align: 'right' },
  ],
};

const money = (pounds: string) => formatGBP(toPence(pounds));
const day = (iso: string | null) => (iso ? formatLondonDate(iso) : 'on sending');

export async function renderQuotePdf(quote: QuoteJson, seller: Seller): Promise<Buffer> {
  const heading = `Quote ${quote.number} (revision ${quote.revision})`;
  const doc = newDocument(
    { title: heading, subject: `Quote for ${quote.name}`, created: new Date() },
    seller,
  );
  const bytes = toBuffer(doc);
  title(doc, 'Quote');
  let y = pairs(
    doc,
    [
      ['Quote', `${quote.number} (revision ${quote.revision})`],
      ['Date', day(quote.sent_at)],
      ['Valid until', day(quote.valid_until)],
    ],
    MARGIN,
    MARGIN + 34,
    { label: 70, value: 160 },
  );
  block(doc, 'From', sellerLines(seller), SIDE_X, MARGIN + 34, 210);
  const a = quote.address as Record<string, string | undefined>;
  y = block(
    doc,
    'For',
    [quote.name, a.address_1, a.address_2, a.city, a.postcode, quote.email].filter(
      (line): line is string => Boolean(line),
    ),
    MARGIN,
    Math.max(y, doc.y) + 16,
  );
  const rows = quote.lines.map((line) => [
    [
      { text: line.name, bold: true },
      { text: line.description, muted: true },
      ...(line.drawing ? [{ text: `Drawing: ${line.drawing.file_name}`, muted: true }] : []),
      ...(line.made_to_specification ? [{ text: 'Made to your specification', muted: true }] : []),
    ],
    [{ text: line.m2 && line.pricing === 'm2' ? `${line.m2} m²` : `${line.pieces}` }],
    [
      {
        text: `${money(line.unit_price)} ${line.pricing === 'm2' ? 'per m²' : 'each'}`,
      },
      ...(line.cutouts > 0
        ? [{ text: `+ ${line.cutouts * line.pieces} cut-outs at ${money(line.cutout_price)}` }]
        : []),
    ],
    [{ text: money(line.total.gross) }],
  ]);
  y = drawTable(doc, TABLE, rows, y + 16, () => continuationHeader(doc, heading, quote.name));
  const t = quote.totals;
  y = pairs(
    doc,
    [
      ['Goods', money(t.goods.gross)],
      ['Delivery', money(t.delivery.gross)],
      ['Total', money(t.total.gross)],
      [`VAT at ${t.vat_rate}% included`, money(t.total.vat)],
      ['Total ex VAT', money(t.total.net)],
      ...(quote.deposit_percent > 0
        ? ([
            [`Deposit (${quote.deposit_percent}%) on acceptance`, money(t.deposit)],
            ['Balance before delivery', money(t.balance)],
          ] as const)
        : ([['Payable on acceptance', money(t.pay_now)]] as const)),
    ],
    SIDE_X,
    y + 12,
    { label: 140, value: 70 },
  );
  const notes = [
    `This quote is valid until ${day(quote.valid_until)}. Accept it online through the link in our email.`,
    ...(quote.rights_note ? [`${quote.rights_note}.`] : []),
    ...(quote.notes ? [quote.notes] : []),
  ];
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(notes.join('\n\n'), MARGIN, y + 16, {
      width: CONTENT_WIDTH,
    });
  footers(doc, (page) => ({ left: companyFooter(seller), right: `Page ${page + 1}` }));
  doc.end();
  return bytes;
}
