// A trade account's statement as a PDF, laid out like the shop's other documents: the account,
// what it owes and when, the ageing of the debt, then every invoice, credit note and payment
// with the running balance, and how to pay.
import type { StatementJson } from '#domain/api-schemas-trade-accounts.ts';
import type { BankSettingsValue } from '#domain/api-schemas-settings-identity.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { AGE_BUCKET_LABELS, AGE_BUCKETS } from '#domain/trade-ledger.ts';
import type { Cell, Table } from '../orders/pdf-layout.ts';
import * as layout from '../orders/pdf-layout.ts';

const money = (pounds: string) => formatGBP(toPence(pounds));
/** A London day (YYYY-MM-DD) as people read it: '26 November 2026'. */
const dayText = (day: string) => formatLondonDate(`${day}T12:00:00Z`);

const LINES: Table = {
  size: 8.5,
  columns: [
    { title: 'Date', width: 72, align: 'left' },
    { title: 'Details', width: 213, align: 'left' },
    { title: 'Debit', width: 70, align: 'right' },
    { title: 'Credit', width: 70, align: 'right' },
    { title: 'Balance', width: 70, align: 'right' },
  ],
};

const AGED: Table = {
  size: 8.5,
  columns: AGE_BUCKETS.map((bucket) => ({
    title: AGE_BUCKET_LABELS[bucket],
    width: layout.CONTENT_WIDTH / AGE_BUCKETS.length,
    align: 'right' as const,
  })),
};

function lineCells(line: StatementJson['lines'][number]): Cell[] {
  return [
    [{ text: dayText(line.date) }],
    [{ text: line.description }],
    [{ text: line.debit ? money(line.debit) : '' }],
    [{ text: line.credit ? money(line.credit) : '' }],
    [{ text: money(line.balance), bold: true }],
  ];
}

/** The statement of a trade account on its day, as an A4 PDF. */
export async function renderStatementPdf(
  statement: StatementJson,
  customer: { email: string },
  seller: layout.Seller,
  bank: Pick<BankSettingsValue, 'account_name' | 'sort_code' | 'account_number'>,
): Promise<Buffer> {
  const doc = layout.newDocument(
    {
      title: `Statement of account, ${statement.company}`,
      subject: `Statement of account on ${dayText(statement.today)}`,
      created: new Date(),
    },
    seller,
  );
  const done = layout.toBuffer(doc);
  const continued = () =>
    layout.continuationHeader(
      doc,
      'Statement of account (continued)',
      `${statement.company} · ${dayText(statement.today)}`,
    );
  let y = layout.sellerHeading(
    doc,
    'Statement of account',
    [
      ['Statement date', dayText(statement.today)],
      ['Terms', statement.terms.label],
      ['Credit limit', statement.credit_limit ? money(statement.credit_limit) : 'No credit'],
      ['Balance', money(statement.balance)],
      ['Overdue', money(statement.overdue)],
      ['Next due', statement.next_due_on ? dayText(statement.next_due_on) : 'Nothing due'],
    ],
    seller,
  );
  y = layout.block(doc, 'Account', [statement.company, customer.email], layout.MARGIN, y) + 18;
  y = layout.drawRow(doc, AGED, layout.headerCells(AGED), y, { shade: true });
  y = layout.drawRow(
    doc,
    AGED,
    AGE_BUCKETS.map((bucket) => [{ text: money(statement.aged[bucket]) }]),
    y,
  );
  y += 18;
  const rows = statement.lines.length
    ? statement.lines.map(lineCells)
    : [[[{ text: '' }], [{ text: 'Nothing invoiced yet', muted: true }], [], [], []] as Cell[]];
  y = layout.drawTable(doc, LINES, rows, y, continued);

  if (y + 90 > layout.contentBottom(doc)) {
    doc.addPage();
    y = continued();
  }
  y = layout.totalLine(doc, 'Balance due', money(statement.balance), y + 14, true) + 14;
  layout.paymentNotes(
    doc,
    [
      ['Pay to', bank.account_name],
      ['Sort code', bank.sort_code],
      ['Account number', bank.account_number],
      ['Reference', 'The invoice numbers you are paying'],
    ],
    'All amounts in pounds sterling, VAT included. Payments are set against the oldest invoices first unless you tell us otherwise.',
    y,
  );
  layout.footers(doc, (page) => ({
    left: layout.companyFooter(seller),
    right: `Statement · Page ${page + 1} of ${doc.bufferedPageRange().count}`,
  }));
  doc.end();
  return done;
}
