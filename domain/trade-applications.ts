// Trade account applications: what a tiler, builder or designer tells the shop, the formats the
// UK registers use, and the evidence file's limits. Pure rules; the routes' schemas sit in
// api-schemas-trade.ts.
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES, documentExtension } from './uploads.ts';

export const TRADES = ['tiler', 'builder', 'designer', 'architect', 'other'] as const;
export type Trade = (typeof TRADES)[number];

export const TRADE_LABELS: Record<Trade, string> = {
  tiler: 'Tiler',
  builder: 'Builder',
  designer: 'Designer',
  architect: 'Architect',
  other: 'Other trade',
};

export const TRADE_APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type TradeApplicationStatus = (typeof TRADE_APPLICATION_STATUSES)[number];

/** A letterhead or invoice as a PDF, or a photo of a trade card (domain/uploads.ts). */
export const EVIDENCE_MAX_BYTES = DOCUMENT_MAX_BYTES;
export const EVIDENCE_CONTENT_TYPES = DOCUMENT_CONTENT_TYPES;
/** Uploads waiting for an application: enough for second thoughts, not a file store. */
export const EVIDENCE_WAITING_MAX = 5;
export const REFUSAL_REASON_MAX_LENGTH = 1000;

export const TRADE_MESSAGES = {
  companyRequired: 'Enter your company or trading name',
  companyNumberInvalid:
    'Enter the 8-character Companies House number (e.g. 01234567 or SC123456), or leave it empty if you are a sole trader',
  vatNumberInvalid:
    'Enter a GB VAT number (e.g. GB123456789), or leave it empty if you are not VAT registered',
  tradeRequired: 'Choose your trade',
  addressRequired: 'Enter the first line of your business address',
  townRequired: 'Enter the town or city',
  evidenceRequired: 'Upload a letterhead, invoice or trade card (PDF, JPEG, PNG or WebP)',
  evidenceType: 'The evidence must be a PDF, JPEG, PNG or WebP file',
  evidenceTooLarge: `The evidence must be at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB`,
  evidenceWaiting: `At most ${EVIDENCE_WAITING_MAX} files can wait for an application: send the application first`,
  alreadyOpen: 'Your application is with us already: we will mail you when it is decided',
  alreadyTrade: 'Your account is a trade account already',
  reasonRequired: 'Give the reason the applicant will read',
  notPending: 'This application has been decided already',
  received: 'Thank you: we will check your details and mail you within two working days.',
} as const;

const compact = (value: string) => value.replace(/[\s.-]+/g, '').toUpperCase();

/**
 * A Companies House number in its register form (8 characters: 8 digits, or a 2-letter prefix
 * such as SC, NI, OC or LP and 6 digits), or null when it cannot be one.
 *
 * companyNumber('1234567') → '01234567'
 * companyNumber('sc 123456') → 'SC123456'
 * companyNumber('ABC') → null
 */
export function companyNumber(input: string): string | null {
  const value = compact(input);
  if (/^\d{6,8}$/.test(value)) return value.padStart(8, '0');
  return /^[A-Z]{2}\d{6}$/.test(value) ? value : null;
}

/**
 * A GB VAT number as HMRC prints it (GB and 9 digits, 12 for a branch, or GBGD/GBHA and 3), or
 * null.
 *
 * gbVatNumber('123 4567 89') → 'GB123456789'
 * gbVatNumber('gb123456789001') → 'GB123456789001'
 * gbVatNumber('FR12345678901') → null
 */
export function gbVatNumber(input: string): string | null {
  const value = compact(input);
  const bare = value.startsWith('GB') ? value.slice(2) : value;
  return /^(\d{9}|\d{12}|(GD|HA)\d{3})$/.test(bare) ? `GB${bare}` : null;
}

/** The name an evidence file downloads as: `trade-evidence-<application>.<ext>`. */
export function evidenceFileName(applicationId: number, contentType: string): string {
  return `trade-evidence-${applicationId}.${documentExtension(contentType)}`;
}
