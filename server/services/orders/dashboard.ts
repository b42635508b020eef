import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { LOW_STOCK_PIECES, type DashboardJson } from '#domain/dashboard.ts';

/**
 * The figures the back office opens on. Takings are what was paid (gross, VAT included), by the
 * day the payment landed, in London time; orders count by the day they were placed.
 */
export async function dashboardFigures(db: Database): Promise<DashboardJson> {
  const london = sql`(now() AT TIME ZONE 'Europe/London')`;
  const [counts] = await queryRows<{
    today_orders: number;
    today_takings: number;
    month_orders: number;
    month_takings: number;
    awaiting_payment: number;
    awaiting_dispatch: number;
    needs_refund: number;
  }>(
    db,
    sql`SELECT
        count(*) FILTER (WHERE (placed_at AT TIME ZONE 'Europe/London')::date = ${london}::date)::int AS today_orders,
        coalesce(sum(total_pence) FILTER (WHERE (paid_at AT TIME ZONE 'Europe/London')::date = ${london}::date), 0)::int AS today_takings,
        count(*) FILTER (WHERE date_trunc('month', placed_at AT TIME ZONE 'Europe/London') = date_trunc('month', ${london}))::int AS month_orders,
        coalesce(sum(total_pence) FILTER (WHERE date_trunc('month', paid_at AT TIME ZONE 'Europe/London') = date_trunc('month', ${london})), 0)::int AS month_takings,
        count(*) FILTER (WHERE status = 'pending_payment')::int AS awaiting_payment,
        count(*) FILTER (WHERE status IN ('paid', 'processing'))::int AS awaiting_dispatch,
        count(*) FILTER (WHERE needs_refund)::int AS needs_refund
      FROM orders`,
  );
  const days = await queryRows<{ day: string; orders: number; takings: number }>(
    db,
    sql`WITH days AS (
          SELECT generate_series(${london}::date - 29, ${london}::date, interval '1 day')::date AS day
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
          (SELECT count(*)::int FROM orders o WHERE (o.placed_at AT TIME ZONE 'Europe/London')::date = d.day) AS orders,
          (SELECT coalesce(sum(o.total_pence), 0)::int FROM orders o WHERE (o.paid_at AT TIME ZONE 'Europe/London')::date = d.day) AS takings
        FROM days d ORDER BY d.day`,
  );
  const low = await queryRows<DashboardJson['low_stock'][number]>(
    db,
    sql`SELECT v.id AS variation_id, v.product_id, p.name, v.option AS size, v.stock_quantity
        FROM variations v JOIN products p ON p.id = v.product_id
        WHERE v.stock_quantity IS NOT NULL AND v.stock_quantity <= ${LOW_STOCK_PIECES} AND p.status = 'publish'
        ORDER BY v.stock_quantity, p.name LIMIT 20`,
  );
  const c = counts!;
  return {
    today: { orders: c.today_orders, takings: formatPoundsPlain(c.today_takings) },
    month: { orders: c.month_orders, takings: formatPoundsPlain(c.month_takings) },
    awaiting_payment: c.awaiting_payment,
    awaiting_dispatch: c.awaiting_dispatch,
    needs_refund: c.needs_refund,
    sales_by_day: days.map((d) => ({
      day: d.day,
      orders: d.orders,
      takings: formatPoundsPlain(d.takings),
    })),
    low_stock: low,
  };
}
