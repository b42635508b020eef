// A customer's own data, as they (GET /api/account/export) or staff on their behalf
// (GET /api/admin/customers/{id}/export) download it: what the shop holds about them, and
// nothing that is not theirs or that would let anyone act as them (no password hash, no tokens).
import { z } from '#domain/zod.ts';
import { addressJsonSchema, id, orderSchema } from './api-schemas.ts';

export const dataExportSchema = z
  .object({
    exported_at: z.string(),
    account: z.object({
      id,
      email: z.string(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      created_at: z.string(),
      email_verified_at: z.string().nullable(),
      is_paying_customer: z.boolean(),
    }),
    addresses: z.array(addressJsonSchema.extend({ kind: z.enum(['billing', 'shipping']) })),
    /** Every order in the account, as GET /api/orders/{number} answers it. */
    orders: z.array(orderSchema),
    invoices: z.array(
      z.object({
        number: z.string(),
        order_number: z.string(),
        issued_at: z.string(),
        tax_point: z.string(),
      }),
    ),
    /** The newsletter sign-up of the account's email, or null when there is none. */
    newsletter: z
      .object({
        subscribed: z.boolean(),
        signed_up_at: z.string(),
        confirmed_at: z.string().nullable(),
      })
      .nullable(),
    /**
     * Enquiries sent with the account's email; only once that email is verified for the
     * customer's own download, so an unproven address never reveals someone else's messages.
     */
    enquiries: z.array(
      z.object({
        kind: z.string(),
        name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        message: z.string(),
        product_name: z.string().nullable(),
        size: z.string().nullable(),
        thickness: z.string().nullable(),
        quantity: z.string().nullable(),
        finish: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    /**
     * The trade side: each application as sent (the evidence named by its kind and size; the
     * file itself is sent on request) and staff's answer, and the trade account with its terms.
     */
    trade: z.object({
      applications: z.array(
        z.object({
          status: z.string(),
          company: z.string(),
          company_number: z.string(),
          vat_number: z.string(),
          trade: z.string(),
          address_line_1: z.string(),
          address_line_2: z.string(),
          town: z.string(),
          postcode: z.string(),
          evidence: z.object({ content_type: z.string(), size_bytes: z.number().int() }).nullable(),
          refusal_reason: z.string().nullable(),
          sent_at: z.string(),
          decided_at: z.string().nullable(),
        }),
      ),
      account: z
        .object({
          company: z.string(),
          company_number: z.string(),
          vat_number: z.string(),
          trade: z.string(),
          /** Pounds, or null: no credit. */
          credit_limit: z.string().nullable(),
          terms_kind: z.string(),
          terms_days: z.number().int(),
          stopped_at: z.string().nullable(),
          stop_reason: z.string().nullable(),
          opened_at: z.string(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'CustomerDataExport' });

export type DataExportJson = z.infer<typeof dataExportSchema>;

/** The download's file name: the shop's name, the customer and the day. */
export function exportFileName(customerId: number, at: Date): string {
  return `tessera-data-${customerId}-${at.toISOString().slice(0, 10)}.json`;
}
