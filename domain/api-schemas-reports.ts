// The reports' answers (domain/reports.ts builds them): sales by day, month or product, and the
// VAT return's boxes with the documents behind them.
import { z } from '#domain/zod.ts';
import { pounds } from './api-schemas.ts';
import { SALES_GROUPS } from './reports.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const salesReportSchema = z.object({
  from: day,
  to: day,
  group: z.enum(SALES_GROUPS),
  rows: z.array(
    z.object({
      key: z.string().meta({
        description:
          "The London day (YYYY-MM-DD), month (YYYY-MM), or product id ('delivery', 'other')",
      }),
      label: z.string(),
      orders: z.number().int().meta({ description: 'Invoiced orders in the row' }),
      gross: pounds,
      net: pounds,
      vat: pounds,
      refunds: pounds.nullable().meta({
        description:
          "Credit notes dated in the row (null by product: a refund is an amount, not a product's)",
      }),
      net_takings: pounds.nullable(),
    }),
  ),
  totals: z.object({
    orders: z.number().int(),
    gross: pounds,
    net: pounds,
    vat: pounds,
    refunds: pounds,
    refunds_net: pounds,
    refunds_vat: pounds,
    credit_notes: z.number().int(),
    net_takings: pounds,
  }),
});

const documentTotals = z.object({
  count: z.number().int(),
  net: pounds,
  vat: pounds,
  gross: pounds,
});

export const vatReportSchema = z.object({
  from: day,
  to: day,
  box_1: pounds.meta({
    description: 'VAT due on sales: invoices less credit notes, pounds and pence',
  }),
  box_6: z
    .string()
    .regex(/^-?\d+$/)
    .meta({
      description:
        'Total value of sales excluding VAT, whole pounds (pence left out, as HMRC asks)',
    }),
  box_6_exact: pounds,
  box_7: z.literal('0').meta({ description: 'Purchases are not recorded by the shop' }),
  box_7_tracked: z.literal(false),
  notes: z.array(z.string()),
  invoices: documentTotals,
  credit_notes: documentTotals,
  documents: z.array(
    z.object({
      type: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      date: day.meta({
        description: "The London day it counts on: invoice's tax point, credit note's date",
      }),
      issued_at: z.string(),
      order: z.string(),
      invoice: z.string().nullable().meta({ description: 'The invoice a credit note reduces' }),
      net: pounds,
      vat: pounds,
      gross: pounds,
    }),
  ),
});
