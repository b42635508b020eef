// Documents a product carries for its buyers and their builders: what kinds there are, what the
// shop takes, and where the storefront serves them. No Zod here: the product page imports it.
import { slugify } from './slug.ts';

/**
 * The kinds of product document: a construction product's Declaration of Performance and its
 * CE / UKCA marking (Construction Products Regulation), and any other data sheet.
 */
export const PRODUCT_DOCUMENT_KINDS = ['dop', 'ce_ukca', 'datasheet'] as const;
export type ProductDocumentKind = (typeof PRODUCT_DOCUMENT_KINDS)[number];

export const PRODUCT_DOCUMENT_KIND_LABELS: Readonly<Record<ProductDocumentKind, string>> = {
  dop: 'Declaration of Performance',
  ce_ukca: 'CE / UKCA marking',
  datasheet: 'Data sheet',
};

/** A DoP or data sheet is a few pages; 10 MB takes a scanned one and keeps the database lean. */
export const PRODUCT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_DOCUMENTS_MAX = 20;
export const PRODUCT_DOCUMENT_TITLE_MAX_LENGTH = 120;
const FILE_NAME_STEM_MAX_LENGTH = 80;

/** Every PDF starts with this header (ISO 32000-1, 7.5.2); anything else is not taken. */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Whether the bytes are a PDF file, by its header (never by what the client said it sent). */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > PDF_HEADER.length && PDF_HEADER.every((byte, i) => bytes[i] === byte);
}

/**
 * The name a document downloads as, from its title: a slug, so it is safe in a URL path and a
 * Content-Disposition header whatever the title holds.
 *
 * documentFileName('Declaration of Performance — Jura Beige') → 'declaration-of-performance-jura-beige.pdf'
 * documentFileName('../../etc/passwd') → 'etc-passwd.pdf'
 * documentFileName('""') → 'document.pdf'
 */
export function documentFileName(title: string): string {
  const stem = slugify(title).slice(0, FILE_NAME_STEM_MAX_LENGTH).replace(/-+$/, '');
  return `${stem || 'document'}.pdf`;
}

/**
 * Where the storefront serves a document.
 *
 * productDocumentUrl(7, 'dop.pdf') → '/api/product-documents/7/dop.pdf'
 */
export function productDocumentUrl(id: number, fileName: string): string {
  return `/api/product-documents/${id}/${fileName}`;
}
