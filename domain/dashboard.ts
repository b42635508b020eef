// What the back office's dashboard shows.

export interface DashboardJson {
  today: { orders: number; takings: string };
  month: { orders: number; takings: string };
  awaiting_payment: number;
  awaiting_dispatch: number;
  needs_refund: number;
  /** Orders and paid takings per London day of the last 30 days, oldest first. */
  sales_by_day: { day: string; orders: number; takings: string }[];
  low_stock: {
    variation_id: number;
    product_id: number;
    name: string;
    size: string;
    stock_quantity: number;
  }[];
}

/** Pieces at or below which a counted size shows as low on stock. */
export const LOW_STOCK_PIECES = 20;
