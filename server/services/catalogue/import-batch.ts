import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { refreshListingArraysOf } from '#db/listing-arrays.ts';
import { idArray } from '#db/sql-arrays.ts';
import type { AdminFactsJson } from '#domain/product-facts.ts';
import { DEFAULT_SELLING_UNIT, quotedSellingUnit } from '#domain/selling-unit.ts';
import { slugify } from '#domain/slug.ts';
import { IMPORT_MESSAGES, WOO_FIELDS, type RowProblem } from '#domain/woocommerce-csv.ts';
import type { ProductRow, VariationRow, WooRow } from '#domain/woocommerce-row.ts';
import { sanitiseCmsHtml } from '../content/sanitise.ts';
import { writeImportedFacts } from './product-facts.ts';
import { refreshProductPrices } from './product-prices.ts';
import type { ImportImage, ImportImages } from './import-images.ts';
import type { ImportSettlement } from './import-settle.ts';
import { applySizes, type SizeOutcome, type SizeToApply } from './import-sizes.ts';
import { recordset, textArray } from './import-sql.ts';
import { ImportTaxonomy } from './import-taxonomy.ts';

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
}

export interface ImportOptions {
  dryRun: boolean;
  /** Images on this origin are the shop's own (see ownImagePath). */
  shopOrigin: string;
  /** Whether units come from products' names and sizes when the file gives none. */
  inferUnits: boolean;
}

/** What an import keeps across its batches. */
export interface ImportState {
  options: ImportOptions;
  images: ImportImages;
  settlement: ImportSettlement;
  fileIdToSku: Map<string, string>;
  productSkusSeen: Set<string>;
  sizeKeysSeen: Set<string>;
  nextPosition: Map<string, number>;
  /** A dry run's products "created" by earlier (rolled back) batches, with their type. */
  createdInDryRun: Map<string, string>;
}

interface ExistingProduct {
  id: number;
  sku: string;
  slug: string;
  type: string;
  name: string;
  status: string;
  unit: string;
  featured: boolean;
  short_description: string;
  description: string;
  on_sale: boolean;
  is_new_arrival: boolean;
  trade_only: boolean;
  category_ids: number[];
  term_ids: number[];
  images: { src: string; alt: string }[];
  /** Its frost and slip ratings and sealing advice; null when none was ever entered. */
  facts: AdminFactsJson | null;
}

/** Whether two id lists hold the same ids, in any order. */
function sameIds(a: number[], b: number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/**
 * One batch of rows in one transaction: products created, updated or left alone, linked to their
 * categories, terms and images, then their sizes (applySizes).
 */
export class ImportBatch {
  private readonly touched = new Set<number>();
  private readonly relinked = new Set<number>();

  constructor(
    private readonly tx: Database,
    private readonly state: ImportState,
    private readonly problems: RowProblem[],
    private readonly counts: ImportCounts,
    private readonly createdSkus: Map<string, string>,
  ) {}

  private problem(
    row: number,
    sku: string,
    field: string,
    message: string,
    severity: RowProblem['severity'] = 'error',
  ) {
    this.problems.push({ row, sku, field, message, severity });
  }

  async apply(rows: WooRow[]): Promise<void> {
    const products = rows.filter((r): r is ProductRow => r.kind === 'product');
    const variations = rows.filter((r): r is VariationRow => r.kind === 'variation');
    const sizes: SizeToApply[] = [];
    const parents = await this.applyProducts(products, sizes);
    await this.fillParents(variations, parents, sizes);
    await applySizes(this.tx, sizes, (row, sku, field, message) =>
      this.problem(row, sku, field, message),
    );
    await refreshListingArraysOf(this.tx, [...this.relinked]);
    await refreshProductPrices(this.tx, [...this.touched]);
  }

  private count(outcome: SizeOutcome) {
    this.counts[outcome]++;
  }

  /** Products: created, updated or left as they are; answers sku → { id, type } of each. */
  private async applyProducts(rows: ProductRow[], sizes: SizeToApply[]) {
    const parents = new Map<string, { id: number; type: string }>();
    const fresh: ProductRow[] = [];
    for (const row of rows) {
      if (this.state.productSkusSeen.has(row.sku)) {
        this.problem(row.row, row.sku, 'SKU', IMPORT_MESSAGES.skuRepeated);
        continue;
      }
      this.state.productSkusSeen.add(row.sku);
      if (row.fileId !== '') this.state.fileIdToSku.set(row.fileId, row.sku);
      fresh.push(row);
    }
    if (fresh.length === 0) return parents;
    const skus = fresh.map((r) => r.sku);
    const [existingRows, sizeSkus] = await Promise.all([
      queryRows<ExistingProduct>(
        this.tx,
        sql`SELECT id, sku, slug, type, name, status, unit, featured, short_description,
            description, on_sale, is_new_arrival, trade_only,
            ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id) AS category_ids,
            ARRAY(SELECT term_id FROM product_terms WHERE product_id = p.id) AS term_ids,
            coalesce((SELECT jsonb_agg(jsonb_build_object('src', src, 'alt', alt) ORDER BY position, id)
              FROM product_images WHERE product_id = p.id), '[]'::jsonb) AS images,
            (SELECT to_jsonb(f) - 'product_id' FROM product_facts f WHERE f.product_id = p.id) AS facts
          FROM products p WHERE sku = ANY(${textArray(skus)}) FOR UPDATE`,
      ),
      queryRows<{ sku: string }>(
        this.tx,
        sql`SELECT sku FROM variations WHERE sku = ANY(${textArray(skus)})`,
      ),
    ]);
    const existing = new Map(existingRows.map((p) => [p.sku, p]));
    const taken = new Set(sizeSkus.map((r) => r.sku));
    const taxonomy = await ImportTaxonomy.load(this.tx);

    const inserts: (Record<string, unknown> & { row: ProductRow })[] = [];
    const updates: Record<string, unknown>[] = [];
    const links: {
      id: number | null;
      row: ProductRow;
      categoryIds?: number[];
      termIds: number[] | null;
      images?: ImportImage[];
      facts?: AdminFactsJson;
    }[] = [];
    for (const row of fresh) {
      if (taken.has(row.sku)) {
        this.problem(row.row, row.sku, 'SKU', IMPORT_MESSAGES.skuOfVariation);
        continue;
      }
      const before = existing.get(row.sku);
      // One at a time: a category or term new to the shop is added once.
      let categoryIds: number[] | undefined;
      if (row.categories) {
        categoryIds = [];
        for (const c of row.categories) categoryIds.push(await taxonomy.category(this.tx, c));
        categoryIds = [...new Set(categoryIds)];
      }
      let termIds: number[] | null = null;
      if (row.terms.length > 0) {
        termIds = [];
        for (const t of row.terms) {
          for (const name of t.names)
            termIds.push(await taxonomy.term(this.tx, t.attributeId, name));
        }
        termIds = [...new Set(termIds)];
      }
      const images = this.state.images.imagesOf(row, before?.images, (message) =>
        this.problem(row.row, row.sku, WOO_FIELDS.images, message, 'warning'),
      );
      // The file's facts over the shop's: a column the file lacks keeps what the shop has.
      const known = before?.facts ?? { frost_resistance: '', slip_rating: '', sealing_advice: '' };
      const facts = row.facts && { ...known, ...row.facts };
      const factsChanged = facts !== undefined && JSON.stringify(facts) !== JSON.stringify(known);
      const wanted = row.status ?? before?.status ?? 'publish';
      this.state.settlement.product(row.sku, row.row, {
        publish: row.status === undefined ? undefined : row.status === 'publish',
        unit: row.unit,
        quoted: this.state.options.inferUnits
          ? quotedSellingUnit([row.name, row.shortDescription ?? before?.short_description ?? ''])
          : null,
      });
      const fields = {
        type: row.type,
        name: row.name,
        // Publishing waits for the settlement, once every size is in: until then a product the
        // file publishes keeps its status, or is a draft when new.
        status: wanted === 'publish' ? (before?.status ?? 'draft') : wanted,
        unit: row.unit ?? before?.unit ?? DEFAULT_SELLING_UNIT,
        featured: row.featured ?? before?.featured ?? false,
        short_description: row.shortDescription ?? before?.short_description ?? '',
        description: this.description(row, before),
        on_sale: row.clearance ?? before?.on_sale ?? false,
        is_new_arrival: row.newArrival ?? before?.is_new_arrival ?? false,
        trade_only: row.tradeOnly ?? before?.trade_only ?? false,
      };
      if (!before) {
        inserts.push({ ...fields, sku: row.sku, row });
        links.push({ id: null, row, categoryIds, termIds, images, facts });
        continue;
      }
      parents.set(row.sku, { id: before.id, type: row.type });
      const changed =
        wanted !== before.status ||
        factsChanged ||
        (Object.keys(fields) as (keyof typeof fields)[]).some(
          (key) => fields[key] !== before[key],
        ) ||
        (categoryIds !== undefined && !sameIds(categoryIds, before.category_ids.map(Number))) ||
        (termIds !== null && !sameIds(termIds, before.term_ids.map(Number))) ||
        (images !== undefined &&
          JSON.stringify(images.map((i) => [i.src, i.alt])) !==
            JSON.stringify(before.images.map((i) => [i.src, i.alt])));
      if (changed) {
        updates.push({ id: before.id, ...fields });
        links.push({ id: before.id, row, categoryIds, termIds, images, facts });
      }
      this.outcomeWithSize(row, before.id, changed ? 'updated' : 'skipped', sizes);
    }

    const slugs = await this.slugsFor(inserts.map((i) => i.row));
    const placed = inserts.filter((i) => {
      if (slugs.has(i.row.sku)) return true;
      this.problem(i.row.row, i.row.sku, `Meta: _tessera_slug`, IMPORT_MESSAGES.slugTaken);
      return false;
    });
    if (placed.length > 0) {
      const created = await queryRows<{ id: number; sku: string }>(
        this.tx,
        sql`INSERT INTO products (slug, sku, name, type, status, unit, featured,
            short_description, description, on_sale, is_new_arrival, trade_only, price_pence)
          SELECT slug, sku, name, type, status, unit, featured, short_description, description,
            on_sale, is_new_arrival, trade_only, 0
          FROM ${recordset(
            placed.map(({ row, ...fields }) => ({ ...fields, slug: slugs.get(row.sku) })),
            'slug text, sku text, name text, type text, status text, unit text, featured boolean, short_description text, description text, on_sale boolean, is_new_arrival boolean, trade_only boolean',
          )}
          RETURNING id, sku`,
      );
      const ids = new Map(created.map((c) => [c.sku, c.id]));
      for (const { row } of placed) {
        const id = ids.get(row.sku)!;
        parents.set(row.sku, { id, type: row.type });
        this.createdSkus.set(row.sku, row.type);
        for (const link of links) if (link.row === row) link.id = id;
        this.outcomeWithSize(row, id, 'created', sizes);
      }
    }
    if (updates.length > 0) {
      await this.tx
        .execute(sql`UPDATE products p SET type = r.type, name = r.name, status = r.status,
          unit = r.unit, featured = r.featured, short_description = r.short_description,
          description = r.description, on_sale = r.on_sale, is_new_arrival = r.is_new_arrival,
          trade_only = r.trade_only, updated_at = now()
        FROM ${recordset(updates, 'id int, type text, name text, status text, unit text, featured boolean, short_description text, description text, on_sale boolean, is_new_arrival boolean, trade_only boolean')}
        WHERE p.id = r.id`);
    }
    const placedLinks = links.filter((l): l is typeof l & { id: number } => l.id !== null);
    await this.relink(placedLinks);
    await writeImportedFacts(
      this.tx,
      placedLinks.flatMap(({ id, facts }) => (facts ? [{ product_id: id, ...facts }] : [])),
    );
    return parents;
  }

  /** A product's outcome, which its only size (a simple product) can turn into an update. */
  private outcomeWithSize(
    row: ProductRow,
    productId: number,
    outcome: SizeOutcome,
    sizes: SizeToApply[],
  ) {
    this.touched.add(productId);
    if (!row.single) {
      this.count(outcome);
      return;
    }
    this.state.settlement.size(row.sku, row.row, row.single.option, row.single.pricePence);
    sizes.push({
      ...row.single,
      row: row.row,
      productId,
      sku: null,
      position: 0,
      onOutcome: (size) =>
        this.count(outcome === 'skipped' && size !== 'skipped' ? 'updated' : outcome),
    });
  }

  /**
   * The description as every save keeps it (sanitised); one the same as the shop's once both
   * are sanitised is left as the shop has it, so an export imported back changes nothing.
   */
  private description(row: ProductRow, before: ExistingProduct | undefined): string {
    if (row.description === undefined) return before?.description ?? '';
    const clean = sanitiseCmsHtml(row.description);
    return before && sanitiseCmsHtml(before.description) === clean ? before.description : clean;
  }

  /** Slugs for new products: the file's, else from the name, else suffixed with the SKU. */
  private async slugsFor(rows: ProductRow[]): Promise<Map<string, string>> {
    const slugs = new Map<string, string>();
    if (rows.length === 0) return slugs;
    const candidates = rows.map((r) => {
      const base = r.slug ?? slugify(r.name);
      return [base, `${base}-${slugify(r.sku)}`] as const;
    });
    const inUse = await queryRows<{ slug: string }>(
      this.tx,
      sql`SELECT slug FROM products WHERE slug = ANY(${textArray(candidates.flat())})`,
    );
    const used = new Set(inUse.map((r) => r.slug));
    rows.forEach((row, i) => {
      const slug = candidates[i]!.find((s) => s !== '' && !used.has(s));
      if (slug) {
        used.add(slug);
        slugs.set(row.sku, slug);
      }
    });
    return slugs;
  }

  /** Replaces the categories, terms and images the file gives for these products. */
  private async relink(
    links: {
      id: number;
      categoryIds?: number[];
      termIds: number[] | null;
      images?: ImportImage[];
    }[],
  ) {
    const withCategories = links.filter((l) => l.categoryIds !== undefined);
    const withTerms = links.filter((l) => l.termIds !== null);
    const withImages = links.filter((l) => l.images !== undefined);
    const replace = async (
      table: string,
      column: string,
      items: typeof links,
      values: (l: (typeof links)[number]) => number[],
    ) => {
      if (items.length === 0) return;
      await this.tx.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE product_id = ANY(${idArray(items.map((l) => l.id))})`,
      );
      const pairs = items.flatMap((l) => values(l).map((value) => ({ product_id: l.id, value })));
      if (pairs.length > 0) {
        await this.tx
          .execute(sql`INSERT INTO ${sql.identifier(table)} (product_id, ${sql.identifier(column)})
          SELECT product_id, value FROM ${recordset(pairs, 'product_id int, value int')}`);
      }
      for (const l of items) this.relinked.add(l.id);
    };
    await replace('product_categories', 'category_id', withCategories, (l) => l.categoryIds!);
    await replace('product_terms', 'term_id', withTerms, (l) => l.termIds!);
    if (withImages.length > 0) {
      await this.tx.execute(
        sql`DELETE FROM product_images WHERE product_id = ANY(${idArray(withImages.map((l) => l.id))})`,
      );
      const images = withImages.flatMap((l) =>
        l.images!.map(({ sourceUrl, ...image }, position) => ({
          product_id: l.id,
          position,
          source_url: sourceUrl,
          ...image,
        })),
      );
      if (images.length > 0) {
        await this.tx
          .execute(sql`INSERT INTO product_images (product_id, position, src, alt, source_url)
          SELECT product_id, position, src, alt, source_url
          FROM ${recordset(images, 'product_id int, position int, src text, alt text, source_url text')}`);
      }
    }
  }

  private parentSku(row: VariationRow): string | undefined {
    return 'sku' in row.parent ? row.parent.sku : this.state.fileIdToSku.get(row.parent.fileId);
  }

  /** Looks the other parents up, then queues each variation as a size of its product. */
  private async fillParents(
    rows: VariationRow[],
    parents: Map<string, { id: number; type: string }>,
    sizes: SizeToApply[],
  ) {
    const unknown = [
      ...new Set(
        rows
          .map((r) => this.parentSku(r))
          .filter((s): s is string => s !== undefined && !parents.has(s)),
      ),
    ];
    if (unknown.length > 0) {
      const found = await queryRows<{ id: number; sku: string; type: string }>(
        this.tx,
        sql`SELECT id, sku, type FROM products WHERE sku = ANY(${textArray(unknown)})`,
      );
      for (const p of found) parents.set(p.sku, { id: p.id, type: p.type });
    }
    for (const row of rows) {
      const sku = row.sku ?? '';
      const parentSku = this.parentSku(row);
      const parent = parentSku === undefined ? undefined : parents.get(parentSku);
      const dryRunParent =
        parentSku === undefined ? undefined : this.state.createdInDryRun.get(parentSku);
      const type = parent?.type ?? dryRunParent;
      if (type === undefined) {
        this.problem(row.row, sku, 'Parent', IMPORT_MESSAGES.parentUnknown);
        continue;
      }
      if (type === 'simple') {
        this.problem(row.row, sku, 'Parent', IMPORT_MESSAGES.parentNotVariable);
        continue;
      }
      const key = row.sku ?? `${parentSku}\u0000${row.option}`;
      if (
        this.state.sizeKeysSeen.has(key) ||
        (row.sku !== null && this.state.productSkusSeen.has(row.sku))
      ) {
        this.problem(row.row, sku, 'SKU', IMPORT_MESSAGES.skuRepeated);
        continue;
      }
      this.state.sizeKeysSeen.add(key);
      const position = this.state.nextPosition.get(parentSku!) ?? 0;
      this.state.nextPosition.set(parentSku!, position + 1);
      this.state.settlement.size(parentSku!, row.row, row.option, row.pricePence);
      // A parent a dry run "created" in an earlier batch is gone with its rollback: its sizes
      // would all be new.
      if (!parent) {
        this.count('created');
        continue;
      }
      this.touched.add(parent.id);
      sizes.push({
        row: row.row,
        option: row.option,
        pricePence: row.pricePence,
        regularPricePence: row.regularPricePence,
        stock: row.stock,
        madeToOrder: row.madeToOrder,
        sku: row.sku,
        productId: parent.id,
        position,
        onOutcome: (outcome) => this.count(outcome),
      });
    }
  }
}
