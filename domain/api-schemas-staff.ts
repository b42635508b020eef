// The back office's answers: staff and their sign-in, the audit log, orders, refunds, the
// dashboard and customers as staff see them.
import { z } from '#domain/zod.ts';
import { orderNoteSchema } from './api-schemas-order-tasks.ts';
import {
  addressJsonSchema,
  id,
  orderSchema,
  orderStatusSchema,
  paymentStatusSchema,
  pounds,
} from './api-schemas.ts';
import { PAYMENT_METHODS } from './checkout.ts';
import { STAFF_ROLES } from './staff.ts';

export const staffMemberSchema = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});

/** A staff member as the back office shows them (never the password or the secret). */
export const staffSchema = staffMemberSchema
  .extend({ enrolled: z.boolean(), disabled: z.boolean(), created_at: z.string() })
  .meta({ id: 'Staff' });

/** Staff sign-in, step one: a challenge for the code, and the secret to enrol at the first. */
const staffEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth URI as a QR code (an SVG data URL). */
  qr: z.string(),
});

export const staffChallengeSchema = z.object({
  challenge: z.string(),
  enrol: staffEnrolmentSchema.nullable(),
});

/** Signed in; after an enrolment, the recovery codes (shown this once). */
export const staffSignedInSchema = z.object({
  staff: staffMemberSchema,
  recovery_codes: z.array(z.string()).nullable(),
});

/** An invitation link's page: who is invited, and the authenticator to add. */
export const staffInvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  enrol: staffEnrolmentSchema,
});

export const auditRowSchema = z.object({
  id,
  at: z.string(),
  staff_id: id.nullable(),
  actor: z.string(),
  action: z.string(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});

/** One row of the staff's order list. */
export const staffOrderRowSchema = z.object({
  number: z.string(),
  placed_at: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  email: z.string(),
  name: z.string(),
  postcode: z.string(),
  total_gross: pounds,
  needs_refund: z.boolean(),
});

export const markPaidResultSchema = z.enum([
  'paid',
  'already_paid',
  'duplicate_event',
  'flagged_for_refund',
  'amount_mismatch',
  'not_own_payment',
  'not_found',
]);

/** One period's figures; domain/dashboard.ts says what each one counts. */
const periodFigures = z.object({
  orders_placed: z.number().int(),
  orders_cancelled: z.number().int(),
  orders_expired: z.number().int(),
  orders_net: z.number().int(),
  gross_takings: pounds,
  refunds: pounds,
  net_takings: pounds,
});

/** What the back office's dashboard shows. */
export const dashboardSchema = z.object({
  today: periodFigures,
  month: periodFigures,
  awaiting_payment: z.number().int(),
  awaiting_dispatch: z.number().int(),
  needs_refund: z.number().int(),
  /** The same figures per London day of the last 30 days, oldest first. */
  sales_by_day: z.array(periodFigures.extend({ day: z.string() })),
  low_stock: z.array(
    z.object({
      variation_id: id,
      product_id: id,
      name: z.string(),
      size: z.string(),
      stock_quantity: z.number().int(),
    }),
  ),
});

/** A credit note of a refund, as the back office lists it. */
export const creditNoteSchema = z
  .object({
    number: z.string().meta({ description: "Printed as 'CN-000001'" }),
    issued_at: z.string(),
    amount: pounds,
    reason: z.string(),
    /**
     * The Stripe refund's id, 'manual' for a bank transfer paid back by hand, or 'revision' for
     * one cancelling an invoice as the order was changed.
     */
    refund_ref: z.string(),
    actor: z.string(),
    url: z.string(),
    /** The invoice a revision's credit note cancels ('INV-000001'); null for a refund's. */
    cancels_invoice: z.string().nullable(),
    /** The VAT percent of the invoice it reduces: its amount is split at that rate. */
    vat_percent: z.number(),
  })
  .meta({ id: 'CreditNote' });

/** An order as staff see it: the shopper's answer, plus its payment and credit notes. */
export const adminOrderSchema = orderSchema
  .extend({
    needs_refund: z.boolean(),
    payment: z
      .object({
        /** The payment provider's name (server/services/payments/registry.ts). */
        provider: z.string(),
        /** The provider as staff read it ('Debit or credit card'). */
        provider_label: z.string(),
        /** How a refund of it is made, for staff ('back to the card through Stripe'). */
        refunds_how: z.string(),
        provider_ref: z.string().nullable(),
        amount: pounds,
        refunded: pounds,
        refundable: pounds,
      })
      .nullable(),
    credit_notes: z.array(creditNoteSchema),
    /** Counted up by each edit: PUT /api/admin/orders/{number} sends the one it loaded. */
    version: z.number().int(),
    /** Every note, private and to the customer, oldest first. */
    notes: z.array(orderNoteSchema),
    /** What a paid order's edit raised its total by, still to be taken ('0.00' when none). */
    balance_due: pounds,
    /** Whether it may still be edited (not dispatched, delivered, cancelled or expired). */
    editable: z.boolean(),
  })
  .meta({ id: 'AdminOrder' });

/**
 * One row of the staff's customer list: an account, or a guest (who bought without one, known by
 * the email of their orders: no id, the name of their latest order, joined at their first).
 */
export const staffCustomerRowSchema = z.object({
  id: id.nullable(),
  kind: z.enum(['account', 'guest']),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string(),
  is_paying_customer: z.boolean(),
  orders: z.number().int(),
  /** What their orders came to, cancelled and expired ones left out. */
  orders_total: pounds,
  newsletter: z.boolean(),
});

const staffCustomerAddressSchema = addressJsonSchema.extend({
  kind: z.enum(['billing', 'shipping']),
});

/** One customer as staff see them: read-only, never their password hash or sessions. */
export const staffCustomerSchema = staffCustomerRowSchema
  .extend({
    role: z.string(),
    addresses: z.array(staffCustomerAddressSchema),
    order_list: z.array(
      z.object({
        number: z.string(),
        placed_at: z.string(),
        status: orderStatusSchema,
        payment_status: paymentStatusSchema,
        total: pounds,
      }),
    ),
  })
  .meta({ id: 'StaffCustomer' });
