// What a product page says the stone is: the facts staff enter (ratings where known, sealing
// advice), the documents they upload, and the shapes the API answers them in.
import { z } from '#domain/zod.ts';
import { versionField, type AdminProductJson } from './admin-catalogue.ts';
import { single } from './catalogue-query.ts';
import {
  PRODUCT_DOCUMENT_KINDS,
  PRODUCT_DOCUMENT_MAX_BYTES,
  PRODUCT_DOCUMENT_TITLE_MAX_LENGTH,
  PRODUCT_DOCUMENTS_MAX,
} from './product-documents.ts';

export const FACT_MAX_LENGTH = 200;
export const SEALING_ADVICE_MAX_LENGTH = 2000;

export const FACTS_MESSAGES = {
  factTooLong: `At most ${FACT_MAX_LENGTH} characters`,
  sealingTooLong: `At most ${SEALING_ADVICE_MAX_LENGTH} characters`,
  titleRequired: 'Enter the document’s title, e.g. Declaration of Performance',
  titleTooLong: `A title has at most ${PRODUCT_DOCUMENT_TITLE_MAX_LENGTH} characters`,
  kindInvalid: 'Choose the kind of document',
  notAPdf: 'The file is not a PDF: upload the document as a PDF',
  tooLarge: `The file is larger than ${PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB: reduce it and upload it again`,
  tooMany: `At most ${PRODUCT_DOCUMENTS_MAX} documents per product`,
  unknownDocument: 'This document no longer belongs to the product: reload it',
} as const;

const factText = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, { error: tooLong });

/** PUT /api/admin/products/:id/facts: empty text is "not known", and nothing is shown for it. */
export const productFactsEditSchema = z.object({
  version: versionField,
  frost_resistance: factText(FACT_MAX_LENGTH, FACTS_MESSAGES.factTooLong),
  slip_rating: factText(FACT_MAX_LENGTH, FACTS_MESSAGES.factTooLong),
  sealing_advice: factText(SEALING_ADVICE_MAX_LENGTH, FACTS_MESSAGES.sealingTooLong),
});
export type ProductFactsEdit = z.output<typeof productFactsEditSchema>;
export type ProductFactsEditInput = z.input<typeof productFactsEditSchema>;

const documentTitle = z
  .string({ error: FACTS_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: FACTS_MESSAGES.titleRequired })
  .max(PRODUCT_DOCUMENT_TITLE_MAX_LENGTH, { error: FACTS_MESSAGES.titleTooLong });
const documentKind = z.enum(PRODUCT_DOCUMENT_KINDS, { error: FACTS_MESSAGES.kindInvalid });

/** POST /api/admin/products/:id/documents?title=…&kind=…: the PDF is the request body. */
export const documentUploadQuery = z.object({
  title: single(documentTitle),
  kind: single(documentKind),
});

/** PUT /api/admin/products/:id/documents: the documents in their order; those left out go. */
export const productDocumentsEditSchema = z.object({
  version: versionField,
  documents: z
    .array(z.object({ id: z.number().int().positive(), title: documentTitle, kind: documentKind }))
    .max(PRODUCT_DOCUMENTS_MAX, { error: FACTS_MESSAGES.tooMany }),
});
export type ProductDocumentsEditInput = z.input<typeof productDocumentsEditSchema>;

export const productDocumentSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    kind: documentKind,
    /** Where it downloads from (application/pdf). */
    url: z.string(),
    file_name: z.string(),
    size_bytes: z.number().int(),
  })
  .meta({ id: 'ProductDocument' });
export type ProductDocumentJson = z.infer<typeof productDocumentSchema>;

export const SPECIFICATION_KEYS = [
  'material',
  'finish',
  'colour',
  'suitable_for',
  'frost_resistance',
  'slip_rating',
  'sealing',
] as const;
export type SpecificationKey = (typeof SPECIFICATION_KEYS)[number];

export const specificationSchema = z
  .object({ key: z.enum(SPECIFICATION_KEYS), name: z.string(), value: z.string() })
  .meta({ id: 'Specification' });
export type SpecificationJson = z.infer<typeof specificationSchema>;

export const sizeSpecificationSchema = z
  .object({
    variation_id: z.number().int(),
    option: z.string(),
    width_mm: z.number(),
    length_mm: z.number(),
    /** null when the size names no thickness. */
    thickness_mm: z.number().nullable(),
    /** Pieces that cover one m², to 2 decimals. */
    pieces_per_m2: z.number(),
    /** kg per m² from the material's density and the thickness; null when either is unknown. */
    weight_kg_per_m2: z.number().nullable(),
  })
  .meta({ id: 'SizeSpecification' });
export type SizeSpecificationJson = z.infer<typeof sizeSpecificationSchema>;

/** What the product editor shows of the facts; the answer also carries the product's version. */
export const adminFactsSchema = z.object({
  frost_resistance: z.string(),
  slip_rating: z.string(),
  sealing_advice: z.string(),
});
export type AdminFactsJson = z.infer<typeof adminFactsSchema>;

/** The fields the answer of one product adds to the Product schema (never a listing's). */
export const productFactsFields = {
  /** The rows of its specification that are known, in reading order. */
  specifications: z.array(specificationSchema).optional(),
  /** Each size's measurements (samples and unsized options have none). */
  size_specifications: z.array(sizeSpecificationSchema).optional(),
  /** Its PDFs: Declaration of Performance, CE/UKCA marking, data sheets. */
  documents: z.array(productDocumentSchema).optional(),
};

/** The product editor's product with its facts and documents (the facts panel's answers). */
export type AdminProductFactsJson = AdminProductJson & {
  facts: AdminFactsJson;
  documents: ProductDocumentJson[];
};
