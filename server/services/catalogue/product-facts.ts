import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import type { ProductJson, VariationJson } from '#domain/api-types.ts';
import { MATERIAL_ATTRIBUTE_ID } from '#domain/catalogue.ts';
import {
  documentFileName,
  PRODUCT_DOCUMENTS_MAX,
  productDocumentUrl,
} from '#domain/product-documents.ts';
import {
  FACTS_MESSAGES,
  type AdminFactsJson,
  type AdminProductFactsJson,
  type ProductDocumentJson,
  type ProductDocumentsEditInput,
  type ProductFactsEdit,
} from '#domain/product-facts.ts';
import { productSpecifications, sizeSpecifications } from '#domain/product-specifications.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimVersion, versionedSave } from '../staff-write.ts';
import { productTarget, readAdminProduct } from './admin-products.ts';
import { recordset } from './import-sql.ts';

const NOTHING_KNOWN: AdminFactsJson = { frost_resistance: '', slip_rating: '', sealing_advice: '' };

async function readFacts(db: Database, productId: number): Promise<AdminFactsJson> {
  const [row] = await queryRows<AdminFactsJson>(
    db,
    sql`SELECT frost_resistance, slip_rating, sealing_advice FROM product_facts
      WHERE product_id = ${productId}`,
  );
  return row ?? NOTHING_KNOWN;
}

async function readDocuments(db: Database, productId: number): Promise<ProductDocumentJson[]> {
  const rows = await queryRows<Omit<ProductDocumentJson, 'url'>>(
    db,
    sql`SELECT id, title, kind, file_name, size_bytes FROM product_documents
      WHERE product_id = ${productId} ORDER BY position, id`,
  );
  return rows.map((row) => ({ ...row, url: productDocumentUrl(row.id, row.file_name) }));
}

/**
 * One product's answer with what its page says the stone is: the specification rows known, each
 * size's measurements and the documents.
 */
export async function withProductFacts(
  db: Database,
  product: ProductJson,
  variations: readonly VariationJson[],
): Promise<ProductJson> {
  const [facts, documents] = await Promise.all([
    readFacts(db, product.id),
    readDocuments(db, product.id),
  ]);
  const material = product.attributes.find((a) => a.id === MATERIAL_ATTRIBUTE_ID)?.options[0];
  const sizes = variations.map((v) => ({ id: v.id, option: v.attributes[0]?.option ?? '' }));
  return {
    ...product,
    specifications: productSpecifications(product.attributes, facts),
    size_specifications: sizeSpecifications(sizes, material ?? null),
    documents,
  };
}

/** Facts an import gives its products, each product's three written whole, in one statement. */
export async function writeImportedFacts(
  tx: Database,
  rows: readonly (AdminFactsJson & { product_id: number })[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`INSERT INTO product_facts
      (product_id, frost_resistance, slip_rating, sealing_advice)
    SELECT product_id, frost_resistance, slip_rating, sealing_advice
    FROM ${recordset([...rows], 'product_id int, frost_resistance text, slip_rating text, sealing_advice text')}
    ON CONFLICT (product_id) DO UPDATE SET frost_resistance = excluded.frost_resistance,
      slip_rating = excluded.slip_rating, sealing_advice = excluded.sealing_advice`);
}

/**
 * A document's file, by its id and the name it downloads as, and whether its product is trade
 * only; null when there is none.
 */
export async function readDocumentFile(
  db: Database,
  id: number,
  fileName: string,
): Promise<{ bytes: Buffer; tradeOnly: boolean; draft: boolean } | null> {
  const [row] = await queryRows<{ bytes: Buffer; trade_only: boolean; status: string }>(
    db,
    sql`SELECT d.bytes, p.trade_only, p.status FROM product_documents d
      JOIN products p ON p.id = d.product_id
      WHERE d.id = ${id} AND d.file_name = ${fileName}`,
  );
  return row
    ? { bytes: Buffer.from(row.bytes), tradeOnly: row.trade_only, draft: row.status === 'draft' }
    : null;
}

async function readProductWithFacts(
  db: Database,
  productId: number,
): Promise<AdminProductFactsJson | null> {
  const product = await readAdminProduct(db, productId);
  if (!product) return null;
  const [facts, documents] = await Promise.all([
    readFacts(db, productId),
    readDocuments(db, productId),
  ]);
  return { ...product, facts, documents };
}

/** The product editor's facts and documents: each save versioned and audited. */
export class AdminProductFacts {
  constructor(private readonly db: Database) {}

  /** The product as the editor shows it, with its facts and documents; null when none. */
  read(productId: number): Promise<AdminProductFactsJson | null> {
    return readProductWithFacts(this.db, productId);
  }

  private async reread(tx: Database, productId: number): Promise<AdminProductFactsJson> {
    const answer = await readProductWithFacts(tx, productId);
    if (!answer) throw notFound('Product not found');
    return answer;
  }

  /** Ratings and advice; empty text is "not known". */
  save(productId: number, input: ProductFactsEdit, who: AuditActor) {
    const spec = {
      target: productTarget(productId),
      loaded: input.version,
      action: 'product.facts',
    };
    return versionedSave(this.db, who, spec, async (tx) => {
      const before = await readFacts(tx, productId);
      const { frost_resistance, slip_rating, sealing_advice } = input;
      await tx.execute(sql`INSERT INTO product_facts
          (product_id, frost_resistance, slip_rating, sealing_advice)
        VALUES (${productId}, ${frost_resistance}, ${slip_rating}, ${sealing_advice})
        ON CONFLICT (product_id) DO UPDATE SET frost_resistance = excluded.frost_resistance,
          slip_rating = excluded.slip_rating, sealing_advice = excluded.sealing_advice`);
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      const after = await this.reread(tx, productId);
      return { before, after: { ...after.facts }, result: after };
    });
  }

  /** A PDF (already checked) added to the end of the product's documents. */
  addDocument(
    productId: number,
    document: { title: string; kind: string; bytes: Buffer },
    who: AuditActor,
  ): Promise<AdminProductFactsJson> {
    return this.db.transaction(async (tx) => {
      // An addition loses nothing: it counts as a save without a check, as an image upload does.
      const version = await claimVersion(tx, productTarget(productId), undefined);
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM product_documents WHERE product_id = ${productId}`,
      );
      if (count!.n >= PRODUCT_DOCUMENTS_MAX) throw badRequest(FACTS_MESSAGES.tooMany);
      const fileName = documentFileName(document.title);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO product_documents
            (product_id, position, title, kind, file_name, size_bytes, bytes)
          SELECT ${productId}, coalesce(max(position) + 1, 0), ${document.title}, ${document.kind},
            ${fileName}, ${document.bytes.length}, ${document.bytes}
          FROM product_documents WHERE product_id = ${productId}
          RETURNING id`,
      );
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      await audit(tx, who, {
        action: 'product.document_add',
        entity: 'product',
        entityId: productId,
        after: {
          id: row!.id,
          title: document.title,
          kind: document.kind,
          file_name: fileName,
          size_bytes: document.bytes.length,
          version,
        },
      });
      return this.reread(tx, productId);
    });
  }

  /** The documents in the order given, with their titles and kinds; those left out go. */
  saveDocuments(productId: number, input: ProductDocumentsEditInput, who: AuditActor) {
    const { documents } = input;
    const spec = {
      target: productTarget(productId),
      loaded: input.version,
      action: 'product.documents',
    };
    return versionedSave(this.db, who, spec, async (tx) => {
      const before = await readDocuments(tx, productId);
      const own = new Set(before.map((d) => d.id));
      const fields: Record<string, string> = {};
      documents.forEach((document, index) => {
        if (!own.has(document.id)) fields[`documents.${index}.id`] = FACTS_MESSAGES.unknownDocument;
      });
      const first = Object.values(fields)[0];
      if (first) throw badRequest(first, fields);
      await tx.execute(sql`DELETE FROM product_documents WHERE product_id = ${productId}
        AND NOT (id = ANY(${idArray(documents.map((d) => d.id))}))`);
      for (const [position, document] of documents.entries()) {
        // The download name follows the title, so a renamed document downloads as its new name.
        await tx.execute(sql`UPDATE product_documents SET title = ${document.title},
            kind = ${document.kind}, file_name = ${documentFileName(document.title)},
            position = ${position}
          WHERE id = ${document.id}`);
      }
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      const after = await this.reread(tx, productId);
      return {
        before: { documents: before },
        after: { documents: after.documents },
        result: after,
      };
    });
  }
}
