// The reads behind the owner's and the accountant's reports (domain/reports.ts does the sums):
// the invoices whose tax point, and the credit notes whose date, falls in a period.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#domain/checkout.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '#domain/order-states.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import { CsvAmount } from '../../http/csv.ts';
import {
  londonDateTime,
  periodInstants,
  salesReport,
  vatReport,
  type CreditNoteFacts,
  type InvoiceFacts,
  type ReportPeriod,
  type SalesGroup,
  type SalesReportJson,
  type SoldPartFacts,
  type VatReportJson,
} from '#domain/reports.ts';

const instants = (period: ReportPeriod) => {
  const { start, end } = periodInstants(period);
  return { start: start.toISOString(), end: end.toISOString() };
};

/** Pence from a pounds figure at `path` (e.g. 'total,net') of an order answer held as JSON. */
const penceAt = (json: string, path: string) =>
  `round((${json} #>> '{${path}}')::numeric * 100)::int`;
const snapshotPence = (json: string, path: string) => sql.raw(penceAt(json, path));

/**
 * An invoice's figure: the order's column, or for an invoice an edit replaced (superseded), the
 * figure it printed, kept in its snapshot, so a revised order counts once in each document.
 */
const invoiced = (path: string, column: string) =>
  sql.raw(`coalesce(${penceAt('i.snapshot', `totals,${path}`)}, o.${column})`);

/** The invoices whose tax point falls in the period, with their orders' figures. */
async function invoicesIn(db: Database, period: ReportPeriod): Promise<InvoiceFacts[]> {
  const { start, end } = instants(period);
  const rows = await queryRows<{
    number: number;
    order_number: string;
    tax_point: string | Date;
    net: number;
    vat: number;
    gross: number;
  }>(
    db,
    sql`SELECT i.number, o.number AS order_number, i.tax_point,
          ${invoiced('total,net', 'total_net_pence')} AS net,
          ${invoiced('total,vat', 'total_vat_pence')} AS vat,
          ${invoiced('total,gross', 'total_pence')} AS gross
        FROM invoices i JOIN orders o ON o.id = i.order_id
        WHERE i.tax_point >= ${start}::timestamptz AND i.tax_point < ${end}::timestamptz
        ORDER BY i.tax_point, i.number`,
  );
  return rows.map((r) => ({
    number: r.number,
    orderNumber: r.order_number,
    taxPoint: new Date(r.tax_point),
    netPence: r.net,
    vatPence: r.vat,
    grossPence: r.gross,
  }));
}

/**
 * The credit notes dated in the period that reduce an invoice. A refund of money that arrived
 * after an order was cancelled has no invoice behind it (no supply was made): it is neither a
 * sale nor a VAT document, so it is left out.
 */
async function creditNotesIn(db: Database, period: ReportPeriod): Promise<CreditNoteFacts[]> {
  const { start, end } = instants(period);
  const rows = await queryRows<{
    number: number;
    order_number: string;
    invoice_number: number;
    issued_at: string | Date;
    amount_pence: number;
    vat_percent: string;
  }>(
    db,
    sql`SELECT c.number, o.number AS order_number, i.number AS invoice_number, c.issued_at,
          c.amount_pence, c.vat_percent
        FROM credit_notes c JOIN orders o ON o.id = c.order_id
        JOIN LATERAL (
          -- The invoice it names (an edit's), else the order's invoice in force when it was issued.
          SELECT number FROM invoices
          WHERE order_id = c.order_id AND (number = c.invoice_number OR c.invoice_number IS NULL)
          ORDER BY issued_at <= c.issued_at DESC, issued_at DESC LIMIT 1
        ) i ON true
        WHERE c.issued_at >= ${start}::timestamptz AND c.issued_at < ${end}::timestamptz
        ORDER BY c.issued_at, c.number`,
  );
  return rows.map((r) => ({
    number: r.number,
    orderNumber: r.order_number,
    invoiceNumber: r.invoice_number,
    issuedAt: new Date(r.issued_at),
    grossPence: r.amount_pence,
    vatPercent: Number(r.vat_percent),
  }));
}

/**
 * What the period's invoices sold, part by part: each product's lines, the delivery, and what
 * neither explains (a discount on the order as a whole, say), so the parts add up to the invoices.
 */
async function soldPartsIn(db: Database, period: ReportPeriod): Promise<SoldPartFacts[]> {
  const { start, end } = instants(period);
  const rows = await queryRows<{
    invoice_number: number;
    key: string;
    name: string;
    net: number;
    vat: number;
    gross: number;
  }>(
    db,
    sql`WITH invoiced AS (
          SELECT i.number, i.tax_point, o.id AS order_id, i.snapshot,
            ${invoiced('total,net', 'total_net_pence')} AS total_net_pence,
            ${invoiced('total,vat', 'total_vat_pence')} AS total_vat_pence,
            ${invoiced('total,gross', 'total_pence')} AS total_pence,
            ${invoiced('delivery,net', 'delivery_net_pence')} AS delivery_net_pence,
            ${invoiced('delivery,vat', 'delivery_vat_pence')} AS delivery_vat_pence,
            ${invoiced('delivery,gross', 'delivery_gross_pence')} AS delivery_gross_pence
          FROM invoices i JOIN orders o ON o.id = i.order_id
          WHERE i.tax_point >= ${start}::timestamptz AND i.tax_point < ${end}::timestamptz
        ), sold AS (
          SELECT v.number, l.product_id::text AS key, l.name, l.position, l.net_pence AS net,
            l.vat_pence AS vat, l.gross_pence AS gross
          FROM invoiced v JOIN order_lines l ON l.order_id = v.order_id WHERE v.snapshot IS NULL
          UNION ALL
          SELECT v.number, e.line->>'product_id', e.line->>'name', e.position::int,
            ${snapshotPence('e.line', 'total,net')}, ${snapshotPence('e.line', 'total,vat')},
            ${snapshotPence('e.line', 'total,gross')}
          FROM invoiced v,
            jsonb_array_elements(v.snapshot->'lines') WITH ORDINALITY AS e(line, position)
          WHERE v.snapshot IS NOT NULL
        ), lines AS (
          SELECT number AS invoice_number, key, (array_agg(name ORDER BY position))[1] AS name,
            sum(net)::int AS net, sum(vat)::int AS vat, sum(gross)::int AS gross
          FROM sold GROUP BY number, key
        )
        SELECT invoice_number, key, name, net, vat, gross FROM lines WHERE gross <> 0
        UNION ALL
        SELECT number, 'delivery', 'Delivery', delivery_net_pence, delivery_vat_pence,
          delivery_gross_pence
        FROM invoiced WHERE delivery_gross_pence <> 0
        UNION ALL
        SELECT v.number, 'other', 'Other (discounts and adjustments)',
          v.total_net_pence - v.delivery_net_pence - coalesce(sum(l.net), 0),
          v.total_vat_pence - v.delivery_vat_pence - coalesce(sum(l.vat), 0),
          v.total_pence - v.delivery_gross_pence - coalesce(sum(l.gross), 0)
        FROM invoiced v LEFT JOIN lines l ON l.invoice_number = v.number
        GROUP BY v.number, v.total_net_pence, v.total_vat_pence, v.total_pence,
          v.delivery_net_pence, v.delivery_vat_pence, v.delivery_gross_pence
        HAVING v.total_pence - v.delivery_gross_pence - coalesce(sum(l.gross), 0) <> 0
          OR v.total_vat_pence - v.delivery_vat_pence - coalesce(sum(l.vat), 0) <> 0
        ORDER BY 1 DESC`,
  );
  return rows.map((r) => ({
    invoiceNumber: r.invoice_number,
    key: r.key,
    name: r.name,
    netPence: Number(r.net),
    vatPence: Number(r.vat),
    grossPence: Number(r.gross),
  }));
}

/** Sales of a period by London day, month or product, with its refunds and net takings. */
export async function salesFigures(
  db: Database,
  period: ReportPeriod,
  group: SalesGroup,
): Promise<SalesReportJson> {
  const [invoices, creditNotes, parts] = await Promise.all([
    invoicesIn(db, period),
    creditNotesIn(db, period),
    group === 'product' ? soldPartsIn(db, period) : Promise.resolve([]),
  ]);
  return salesReport(period, group, invoices, creditNotes, parts);
}

/** The VAT return's boxes 1, 6 and 7 of a period, with the documents behind them. */
export async function vatFigures(db: Database, period: ReportPeriod): Promise<VatReportJson> {
  const [invoices, creditNotes] = await Promise.all([
    invoicesIn(db, period),
    creditNotesIn(db, period),
  ]);
  return vatReport(period, invoices, creditNotes);
}

export const ORDERS_CSV_HEADERS = [
  'Order',
  'Placed',
  'Status',
  'Payment',
  'Payment method',
  'Email',
  'Customer',
  'Postcode',
  'Goods net',
  'Goods VAT',
  'Goods gross',
  'Delivery net',
  'Delivery VAT',
  'Delivery gross',
  'Total net',
  'Total VAT',
  'Total',
  'Invoice',
  'Tax point',
  'Refunded',
  'Credit notes',
] as const;

/**
 * The orders placed in the period (London dates), oldest first, with their figures, invoice and
 * refunds so far: the cells of the orders CSV in ORDERS_CSV_HEADERS' order.
 */
export async function ordersCsvRows(
  db: Database,
  period: ReportPeriod,
): Promise<(string | CsvAmount)[][]> {
  const { start, end } = instants(period);
  const rows = await queryRows<{
    number: string;
    placed_at: string | Date;
    status: OrderStatus;
    payment_status: PaymentStatus;
    payment_method: PaymentMethod;
    email: string;
    name: string;
    postcode: string;
    goods_net_pence: number;
    goods_vat_pence: number;
    goods_gross_pence: number;
    delivery_net_pence: number;
    delivery_vat_pence: number;
    delivery_gross_pence: number;
    total_net_pence: number;
    total_vat_pence: number;
    total_pence: number;
    invoice: number | null;
    tax_point: string | Date | null;
    refunded: number;
    credit_notes: number[];
  }>(
    db,
    sql`SELECT o.number, o.placed_at, o.status, o.payment_status, o.payment_method, o.email,
          trim(concat_ws(' ', o.billing_address->>'first_name', o.billing_address->>'last_name'))
            AS name,
          coalesce(o.shipping_address->>'postcode', '') AS postcode,
          o.goods_net_pence, o.goods_vat_pence, o.goods_gross_pence, o.delivery_net_pence,
          o.delivery_vat_pence, o.delivery_gross_pence, o.total_net_pence, o.total_vat_pence,
          o.total_pence, i.number AS invoice, i.tax_point,
          coalesce(c.refunded, 0)::int AS refunded, coalesce(c.numbers, '{}') AS credit_notes
        FROM orders o LEFT JOIN invoices i ON i.order_id = o.id AND i.superseded_at IS NULL
        LEFT JOIN LATERAL (
          SELECT sum(amount_pence) AS refunded, array_agg(number ORDER BY number) AS numbers
          FROM credit_notes WHERE order_id = o.id
        ) c ON true
        WHERE o.placed_at >= ${start}::timestamptz AND o.placed_at < ${end}::timestamptz
        ORDER BY o.placed_at, o.id`,
  );
  const amount = (pence: number) => new CsvAmount(formatPoundsPlain(pence));
  return rows.map((r) => [
    r.number,
    londonDateTime(new Date(r.placed_at)),
    ORDER_STATUS_LABELS[r.status] ?? r.status,
    PAYMENT_STATUS_LABELS[r.payment_status] ?? r.payment_status,
    PAYMENT_METHOD_LABELS[r.payment_method] ?? r.payment_method,
    r.email,
    r.name,
    r.postcode,
    ...[
      r.goods_net_pence,
      r.goods_vat_pence,
      r.goods_gross_pence,
      r.delivery_net_pence,
      r.delivery_vat_pence,
      r.delivery_gross_pence,
      r.total_net_pence,
      r.total_vat_pence,
      r.total_pence,
    ].map(amount),
    r.invoice === null ? '' : formatInvoiceNumber(r.invoice),
    r.tax_point === null ? '' : londonDateTime(new Date(r.tax_point)),
    amount(r.refunded),
    r.credit_notes.map(formatCreditNoteNumber).join(' '),
  ]);
}

export const VAT_DOCUMENTS_CSV_HEADERS = [
  'Type',
  'Number',
  'Date',
  'Order',
  'Invoice',
  'Net',
  'VAT',
  'Gross',
] as const;

/** The VAT report's documents as CSV rows, under VAT_DOCUMENTS_CSV_HEADERS. */
export function vatDocumentsCsvRows(report: VatReportJson): (string | CsvAmount)[][] {
  return report.documents.map((d) => [
    d.type === 'invoice' ? 'Invoice' : 'Credit note',
    d.number,
    d.date,
    d.order,
    d.invoice ?? '',
    new CsvAmount(d.net),
    new CsvAmount(d.vat),
    new CsvAmount(d.gross),
  ]);
}
