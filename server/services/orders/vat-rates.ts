import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { DEFAULT_VAT_RATES, splitGross, vatPercentOn, type VatRate } from '#domain/vat.ts';

/** The VAT rates, oldest first (the seeded 20 % until the owner schedules another). */
export async function readVatRates(db: Database): Promise<VatRate[]> {
  const rows = await queryRows<{ effective_from: string | Date; percent: string | number }>(
    db,
    sql`SELECT effective_from::text AS effective_from, percent FROM vat_rates
        ORDER BY effective_from`,
  );
  if (rows.length === 0) return [...DEFAULT_VAT_RATES];
  return rows.map((r) => ({ effectiveFrom: String(r.effective_from), percent: Number(r.percent) }));
}

/**
 * Splits an order's lines and delivery at the VAT rate in force on its invoice's tax point, as
 * the invoice is issued (decision 0011): the gross of each line and of the delivery stays what
 * the customer paid, only net and VAT move. Nothing is written when the order was placed at the
 * same rate, which is every order until the owner schedules a new one.
 */
export async function splitOrderAtTaxPoint(
  tx: Database,
  orderId: number,
  taxPoint: Date,
): Promise<void> {
  const percent = vatPercentOn(await readVatRates(tx), londonDay(taxPoint));
  const lines = await queryRows<{
    id: number;
    vat_rate: string;
    gross_pence: number;
    unit_price_pence: number;
  }>(
    tx,
    sql`SELECT id, vat_rate, gross_pence, unit_price_pence FROM order_lines
        WHERE order_id = ${orderId}`,
  );
  const [order] = await queryRows<{ delivery_gross_pence: number; delivery_vat_pence: number }>(
    tx,
    sql`SELECT delivery_gross_pence, delivery_vat_pence FROM orders WHERE id = ${orderId}`,
  );
  if (!order) return;
  const delivery = splitGross(order.delivery_gross_pence, percent);
  const same =
    lines.every((l) => Number(l.vat_rate) === percent) &&
    delivery.vatPence === order.delivery_vat_pence;
  if (same) return;
  for (const line of lines) {
    const split = splitGross(line.gross_pence, percent);
    await tx.execute(sql`UPDATE order_lines SET vat_rate = ${percent},
        unit_net_pence = ${splitGross(line.unit_price_pence, percent).netPence},
        net_pence = ${split.netPence}, vat_pence = ${split.vatPence}
      WHERE id = ${line.id}`);
  }
  await tx.execute(sql`UPDATE orders o SET
      goods_net_pence = l.net, goods_vat_pence = l.vat,
      delivery_net_pence = ${delivery.netPence}, delivery_vat_pence = ${delivery.vatPence},
      total_net_pence = l.net + ${delivery.netPence}, total_vat_pence = l.vat + ${delivery.vatPence}
    FROM (SELECT coalesce(sum(net_pence), 0)::int AS net, coalesce(sum(vat_pence), 0)::int AS vat
          FROM order_lines WHERE order_id = ${orderId}) l
    WHERE o.id = ${orderId}`);
}

/** The percent an order's current lines carry: the rate its invoice was (or will be) split at. */
export async function orderVatPercent(tx: Database, orderId: number): Promise<number> {
  const [row] = await queryRows<{ percent: string | null }>(
    tx,
    sql`SELECT max(vat_rate)::text AS percent FROM order_lines WHERE order_id = ${orderId}`,
  );
  return row?.percent == null ? DEFAULT_VAT_RATES[0]!.percent : Number(row.percent);
}
