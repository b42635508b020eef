import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  lastThirtyDays,
  londonDay,
  LOW_STOCK_PIECES,
  periodFigures,
  type DashboardJson,
  type OrderFacts,
  type RefundFacts,
} from '#domain/dashboard.ts';

/** Far enough back for this month and the last 30 days, whatever the London offset. */
const LOOKBACK_MS = 33 * 86_400_000;

/**
 * The figures the back office opens on, as domain/dashboard.ts defines them, over the orders
 * placed or paid and the refunds given since a little over a month before `now`.
 */
export async function dashboardFigures(db: Database, now = new Date()): Promise<DashboardJson> {
  const since = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  // The payment's arrival is its 'succeeded' event in the order's history: paid_at is set only
  // for orders it paid, not for money that arrived after a cancellation (refunded later).
  const orders = await queryRows<{
    placed_at: string;
    status: string;
    total_pence: number;
    paid_at: string | null;
  }>(
    db,
    sql`SELECT o.placed_at, o.status, o.total_pence, received.at AS paid_at
        FROM orders o
        LEFT JOIN LATERAL (
          SELECT min(e.at) AS at FROM order_events e
          WHERE e.order_id = o.id AND e.kind = 'payment' AND e.to_state = 'succeeded'
        ) received ON true
        WHERE o.placed_at >= ${since}::timestamptz OR received.at >= ${since}::timestamptz`,
  );
  const refunds = await queryRows<{ issued_at: string; amount_pence: number }>(
    db,
    sql`SELECT issued_at, amount_pence FROM credit_notes WHERE issued_at >= ${since}::timestamptz`,
  );
  const [waiting] = await queryRows<{
    awaiting_payment: number;
    awaiting_dispatch: number;
    needs_refund: number;
  }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'pending_payment')::int AS awaiting_payment,
        count(*) FILTER (WHERE status IN ('paid', 'processing'))::int AS awaiting_dispatch,
        count(*) FILTER (WHERE needs_refund)::int AS needs_refund
      FROM orders`,
  );
  const low = await queryRows<DashboardJson['low_stock'][number]>(
    db,
    sql`SELECT v.id AS variation_id, v.product_id, p.name, v.option AS size, v.stock_quantity
        FROM variations v JOIN products p ON p.id = v.product_id
        WHERE v.stock_quantity IS NOT NULL AND v.stock_quantity <= ${LOW_STOCK_PIECES} AND p.status = 'publish'
        ORDER BY v.stock_quantity, p.name LIMIT 20`,
  );
  const orderFacts: OrderFacts[] = orders.map((o) => ({
    placedAt: new Date(o.placed_at),
    status: o.status,
    totalPence: o.total_pence,
    paidAt: o.paid_at === null ? null : new Date(o.paid_at),
  }));
  const refundFacts: RefundFacts[] = refunds.map((r) => ({
    issuedAt: new Date(r.issued_at),
    amountPence: r.amount_pence,
  }));
  const today = londonDay(now);
  const figures = (inPeriod: (day: string) => boolean) =>
    periodFigures(orderFacts, refundFacts, inPeriod);
  return {
    today: figures((day) => day === today),
    month: figures((day) => day.slice(0, 7) === today.slice(0, 7)),
    ...waiting!,
    sales_by_day: lastThirtyDays(now).map((day) => ({ day, ...figures((d) => d === day) })),
    low_stock: low,
  };
}
