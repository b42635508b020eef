// What the trade-account routes take and answer: the storefront's application, staff's queue and
// decisions (shared by the server, the storefront's form and OpenAPI).
import { z } from '#domain/zod.ts';
import { normaliseUkPostcode, UK_POSTCODE_INVALID } from './postcode.ts';
import {
  companyNumber,
  gbVatNumber,
  REFUSAL_REASON_MAX_LENGTH,
  TRADE_APPLICATION_STATUSES,
  TRADE_MESSAGES,
  TRADES,
} from './trade-applications.ts';

const LINE_MAX = 120;
const tooLong = (label: string) => `${label} must be at most ${LINE_MAX} characters`;

const required = (message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(LINE_MAX, { error: tooLong(label) });

/** Empty, or a value `normalise` accepts (stored in its register form). */
const registerNumber = (normalise: (v: string) => string | null, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || normalise(v) !== null, { error: message })
    .transform((v) => (v === '' ? '' : normalise(v)!))
    .prefault('');

/** POST /api/trade/applications: the form's fields, with the id of the evidence uploaded first. */
export const tradeApplicationInputSchema = z.object({
  company: required(TRADE_MESSAGES.companyRequired, 'Company'),
  /** Companies House number; empty for a sole trader. */
  company_number: registerNumber(companyNumber, TRADE_MESSAGES.companyNumberInvalid),
  /** GB VAT number; empty when not VAT registered. */
  vat_number: registerNumber(gbVatNumber, TRADE_MESSAGES.vatNumberInvalid),
  trade: z.enum(TRADES, { error: TRADE_MESSAGES.tradeRequired }),
  address_line_1: required(TRADE_MESSAGES.addressRequired, 'Address'),
  address_line_2: z
    .string()
    .trim()
    .max(LINE_MAX, { error: tooLong('Address line 2') })
    .prefault(''),
  town: required(TRADE_MESSAGES.townRequired, 'Town'),
  postcode: z
    .string({ error: UK_POSTCODE_INVALID })
    .refine((v) => normaliseUkPostcode(v) !== null, { error: UK_POSTCODE_INVALID })
    .transform((v) => normaliseUkPostcode(v)!),
  /** From POST /api/trade/applications/evidence. */
  evidence_id: z
    .number({ error: TRADE_MESSAGES.evidenceRequired })
    .int({ error: TRADE_MESSAGES.evidenceRequired })
    .positive({ error: TRADE_MESSAGES.evidenceRequired })
    .max(2_147_483_647, { error: TRADE_MESSAGES.evidenceRequired }),
});
export type TradeApplicationInput = z.output<typeof tradeApplicationInputSchema>;

export const tradeEvidenceSchema = z
  .object({ id: z.number().int(), content_type: z.string(), size_bytes: z.number().int() })
  .meta({ id: 'TradeEvidence' });

export const tradeApplicationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(TRADE_APPLICATION_STATUSES),
    company: z.string(),
    company_number: z.string(),
    vat_number: z.string(),
    trade: z.enum(TRADES),
    address_line_1: z.string(),
    address_line_2: z.string(),
    town: z.string(),
    postcode: z.string(),
    /** Why staff refused (refused only). */
    refusal_reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'TradeApplication' });
export type TradeApplicationJson = z.infer<typeof tradeApplicationSchema>;

/** GET /api/trade/application: the signed-in customer's latest application and trade status. */
export const myTradeStatusSchema = z
  .object({
    /** The customer's account is a trade account (in a price group). */
    trade: z.boolean(),
    group: z.string().nullable(),
    application: tradeApplicationSchema.nullable(),
  })
  .meta({ id: 'MyTradeStatus' });
export type MyTradeStatusJson = z.infer<typeof myTradeStatusSchema>;

// --- Staff's queue ----------------------------------------------------------------------------

export const adminTradeApplicationSchema = tradeApplicationSchema
  .extend({
    customer_id: z.number().int(),
    email: z.string(),
    name: z.string(),
    evidence: tradeEvidenceSchema.extend({ file_name: z.string(), url: z.string() }),
    /** The group an approved applicant joined. */
    group: z.string().nullable(),
    decided_by: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminTradeApplication' });
export type AdminTradeApplicationJson = z.infer<typeof adminTradeApplicationSchema>;

export const tradeApplicationsQuerySchema = z.object({
  status: z.enum(TRADE_APPLICATION_STATUSES).optional(),
});

export const tradeApplicationParams = z.object({
  id: z.coerce.number({ error: 'Application not found' }).int().positive().max(2_147_483_647),
});

const version = z.number({ error: 'Reload and try again' }).int().positive();

/** POST /api/admin/trade/applications/{id}/approve. */
export const approveApplicationSchema = z.object({
  version,
  /** The group the customer joins; the seeded 'Trade' group when left out. */
  group_id: z.number().int().positive().optional(),
});

/** POST /api/admin/trade/applications/{id}/refuse. */
export const refuseApplicationSchema = z.object({
  version,
  reason: z
    .string({ error: TRADE_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: TRADE_MESSAGES.reasonRequired })
    .max(REFUSAL_REASON_MAX_LENGTH, {
      error: `The reason must be at most ${REFUSAL_REASON_MAX_LENGTH} characters`,
    }),
});
