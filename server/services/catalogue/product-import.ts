import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { refreshListingArraysOf } from '#db/listing-arrays.ts';
import { ATTRIBUTES } from '#domain/catalogue.ts';
import { slugify } from '#domain/slug.ts';
import {
  IMPORT_MESSAGES,
  ownImagePath,
  type ProductRow,
  type RowProblem,
  type SizeFields,
  type VariationRow,
  type WooRow,
} from '#domain/woocommerce-csv.ts';
import { sanitiseCmsHtml } from '../content/sanitise.ts';
import { idArray } from '#db/sql-arrays.ts';
import { refreshProductPrices } from './admin-catalogue.ts';

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
}

type Outcome = keyof ImportCounts;

/** A text[] of strings, sent as one JSON parameter (however many there are). */
const textArray = (items: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;

/** Rows as jsonb_to_recordset reads them: one statement writes a whole batch. */
const recordset = (rows: object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(columns)})`;

interface ExistingProduct {
  id: number;
  sku: string;
  slug: string;
  type: string;
  name: string;
  status: string;
  featured: boolean;
  short_description: string;
  description: string;
  on_sale: boolean;
  is_new_arrival: boolean;
  category_ids: number[];
  term_ids: number[];
  images: { src: string; alt: string }[];
}

interface ExistingSize {
  id: number;
  product_id: number;
  option: string;
  sku: string | null;
  price_pence: number;
  regular_price_pence: number | null;
  stock_quantity: number | null;
  position: number;
}

/** A size to write: a variation row, or a simple product's only size. */
interface SizeToApply extends SizeFields {
  /** The file's row, for the report. */
  row: number;
  productId: number;
  sku: string | null;
  position: number;
  /** Counts the size's outcome (a simple product's size counts within its product's). */
  onOutcome: (outcome: Outcome) => void;
}

/** The shop's categories and terms, looked up by slug or name while a batch is applied. */
class Taxonomy {
  private categories = new Map<string, number>();
  private terms = new Map<string, number>();

  static async load(tx: Database): Promise<Taxonomy> {
    const taxonomy = new Taxonomy();
    const [categories, terms] = await Promise.all([
      queryRows<{ id: number; slug: string; name: string }>(
        tx,
        sql`SELECT id, slug, name FROM categories`,
      ),
      queryRows<{ id: number; attribute_id: number; slug: string; name: string }>(
        tx,
        sql`SELECT id, attribute_id, slug, name FROM attribute_terms`,
      ),
    ]);
    for (const c of categories) {
      taxonomy.categories.set(`name:${c.name.toLowerCase()}`, c.id);
      taxonomy.categories.set(`slug:${c.slug}`, c.id);
    }
    for (const t of terms) {
      taxonomy.terms.set(`${t.attribute_id}:name:${t.name.toLowerCase()}`, t.id);
      taxonomy.terms.set(`${t.attribute_id}:slug:${t.slug}`, t.id);
    }
    return taxonomy;
  }

  /** The category's id; one the shop lacks is added at the end of its section. */
  async category(tx: Database, c: { name: string; slug: string; section: string }) {
    const known =
      this.categories.get(`slug:${c.slug}`) ?? this.categories.get(`name:${c.name.toLowerCase()}`);
    if (known !== undefined) return known;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO categories (name, slug, section, position)
        SELECT ${c.name}, ${c.slug}, ${c.section}, coalesce(max(position) + 1, 0) FROM categories
        RETURNING id`,
    );
    this.categories.set(`slug:${c.slug}`, row!.id);
    this.categories.set(`name:${c.name.toLowerCase()}`, row!.id);
    return row!.id;
  }

  /** The term's id; one the attribute lacks is added after its others. */
  async term(tx: Database, attributeId: number, name: string) {
    const slug = slugify(name);
    const known =
      this.terms.get(`${attributeId}:slug:${slug}`) ??
      this.terms.get(`${attributeId}:name:${name.toLowerCase()}`);
    if (known !== undefined) return known;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO attribute_terms (attribute_id, name, slug, position)
        SELECT ${attributeId}, ${name}, ${slug}, coalesce(max(position) + 1, 0)
        FROM attribute_terms WHERE attribute_id = ${attributeId}
        RETURNING id`,
    );
    this.terms.set(`${attributeId}:slug:${slug}`, row!.id);
    this.terms.set(`${attributeId}:name:${name.toLowerCase()}`, row!.id);
    return row!.id;
  }
}

/**
 * The four attributes are fixed (spec ids): an empty database gets them first, within the
 * batch's transaction so that a dry run on an empty shop checks its terms and writes nothing.
 */
async function ensureAttributes(tx: Database): Promise<void> {
  const values = sql.join(
    ATTRIBUTES.map((a, i) => sql`(${a.id}, ${a.name}, ${a.slug}, ${i})`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO attributes (id, name, slug, position) VALUES ${values}
    ON CONFLICT (id) DO NOTHING`);
}

/** Whether two id lists hold the same ids, in any order. */
function sameIds(a: number[], b: number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/**
 * Applies a WooCommerce product CSV to the catalogue, a batch of rows at a time, matching
 * products and sizes by SKU (a size without one by its product and option), so the same file
 * twice changes nothing the second time. What a batch cannot place is reported row by row;
 * the other rows go in.
 */
export class ProductImport {
  readonly counts: ImportCounts = { created: 0, updated: 0, skipped: 0 };
  private readonly fileIdToSku = new Map<string, string>();
  private readonly productSkusSeen = new Set<string>();
  private readonly sizeKeysSeen = new Set<string>();
  private readonly nextPosition = new Map<string, number>();
  /** A dry run's products "created" by earlier (rolled back) batches, with their type. */
  private readonly createdInDryRun = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly options: { dryRun: boolean; shopOrigin: string },
  ) {}

  /**
   * Applies one batch in a transaction (rolled back in a dry run); answers the problems found
   * and the products whose prices and listing arrays it changed.
   */
  async applyBatch(rows: WooRow[]): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const counts: ImportCounts = { created: 0, updated: 0, skipped: 0 };
    const createdSkus = new Map<string, string>();
    const rollback = new Error('dry run');
    try {
      await this.db.transaction(async (tx) => {
        await ensureAttributes(tx);
        const batch = new Batch(tx, this, problems, counts, createdSkus);
        await batch.apply(rows);
        if (this.options.dryRun) throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    this.counts.created += counts.created;
    this.counts.updated += counts.updated;
    this.counts.skipped += counts.skipped;
    if (this.options.dryRun)
      for (const [sku, type] of createdSkus) this.createdInDryRun.set(sku, type);
    return problems;
  }

  /** Bookkeeping across batches, for Batch. */
  state() {
    return {
      options: this.options,
      fileIdToSku: this.fileIdToSku,
      productSkusSeen: this.productSkusSeen,
      sizeKeysSeen: this.sizeKeysSeen,
      nextPosition: this.nextPosition,
      createdInDryRun: this.createdInDryRun,
    };
  }
}

/** One batch of rows in one transaction. */
class Batch {
  private readonly state: ReturnType<ProductImport['state']>;
  private readonly touched = new Set<number>();
  private readonly relinked = new Set<number>();

  constructor(
    private readonly tx: Database,
    importer: ProductImport,
    private readonly problems: RowProblem[],
    private readonly counts: ImportCounts,
    private readonly createdSkus: Map<string, string>,
  ) {
    this.state = importer.state();
  }

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
    await this.applySizes(sizes);
    await refreshListingArraysOf(this.tx, [...this.relinked]);
    await refreshProductPrices(this.tx, [...this.touched]);
  }

  private count(outcome: Outcome) {
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
        sql`SELECT id, sku, slug, type, name, status, featured, short_description, description,
            on_sale, is_new_arrival,
            ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id) AS category_ids,
            ARRAY(SELECT term_id FROM product_terms WHERE product_id = p.id) AS term_ids,
            coalesce((SELECT jsonb_agg(jsonb_build_object('src', src, 'alt', alt) ORDER BY position, id)
              FROM product_images WHERE product_id = p.id), '[]'::jsonb) AS images
          FROM products p WHERE sku = ANY(${textArray(skus)}) FOR UPDATE`,
      ),
      queryRows<{ sku: string }>(
        this.tx,
        sql`SELECT sku FROM variations WHERE sku = ANY(${textArray(skus)})`,
      ),
    ]);
    const existing = new Map(existingRows.map((p) => [p.sku, p]));
    const taken = new Set(sizeSkus.map((r) => r.sku));
    const taxonomy = await Taxonomy.load(this.tx);

    const inserts: (Record<string, unknown> & { row: ProductRow })[] = [];
    const updates: Record<string, unknown>[] = [];
    const links: {
      id: number | null;
      row: ProductRow;
      categoryIds?: number[];
      termIds: number[] | null;
      images?: { src: string; alt: string }[];
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
      const images = this.images(row, before);
      const fields = {
        type: row.type,
        name: row.name,
        status: row.status ?? before?.status ?? 'publish',
        featured: row.featured ?? before?.featured ?? false,
        short_description: row.shortDescription ?? before?.short_description ?? '',
        description: this.description(row, before),
        on_sale: row.clearance ?? before?.on_sale ?? false,
        is_new_arrival: row.newArrival ?? before?.is_new_arrival ?? false,
      };
      if (!before) {
        inserts.push({ ...fields, sku: row.sku, row });
        links.push({ id: null, row, categoryIds, termIds, images });
        continue;
      }
      parents.set(row.sku, { id: before.id, type: row.type });
      const changed =
        (Object.keys(fields) as (keyof typeof fields)[]).some(
          (key) => fields[key] !== before[key],
        ) ||
        (categoryIds !== undefined && !sameIds(categoryIds, before.category_ids.map(Number))) ||
        (termIds !== null && !sameIds(termIds, before.term_ids.map(Number))) ||
        (images !== undefined &&
          JSON.stringify(images.map((i) => i.src)) !==
            JSON.stringify(before.images.map((i) => i.src)));
      if (changed) {
        updates.push({ id: before.id, ...fields });
        links.push({ id: before.id, row, categoryIds, termIds, images });
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
        sql`INSERT INTO products (slug, sku, name, type, status, featured, short_description,
            description, on_sale, is_new_arrival, price_pence)
          SELECT slug, sku, name, type, status, featured, short_description, description, on_sale,
            is_new_arrival, 0
          FROM ${recordset(
            placed.map(({ row, ...fields }) => ({ ...fields, slug: slugs.get(row.sku) })),
            'slug text, sku text, name text, type text, status text, featured boolean, short_description text, description text, on_sale boolean, is_new_arrival boolean',
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
          featured = r.featured, short_description = r.short_description,
          description = r.description, on_sale = r.on_sale, is_new_arrival = r.is_new_arrival,
          updated_at = now()
        FROM ${recordset(updates, 'id int, type text, name text, status text, featured boolean, short_description text, description text, on_sale boolean, is_new_arrival boolean')}
        WHERE p.id = r.id`);
    }
    await this.relink(links.filter((l): l is typeof l & { id: number } => l.id !== null));
    return parents;
  }

  /** A product's outcome, which its only size (a simple product) can turn into an update. */
  private outcomeWithSize(
    row: ProductRow,
    productId: number,
    outcome: Outcome,
    sizes: SizeToApply[],
  ) {
    this.touched.add(productId);
    if (!row.single) {
      this.count(outcome);
      return;
    }
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

  /** The images to keep: the shop's own by path; another site's are reported, not fetched. */
  private images(row: ProductRow, before: ExistingProduct | undefined) {
    if (row.images === undefined) return undefined;
    const alts = new Map(before?.images.map((i) => [i.src, i.alt]));
    const kept: { src: string; alt: string }[] = [];
    for (const url of row.images) {
      const src = ownImagePath(url, this.state.options.shopOrigin);
      if (src === null)
        this.problem(
          row.row,
          row.sku,
          'Images',
          `${IMPORT_MESSAGES.imageNotFetched}: ${url}`,
          'warning',
        );
      else kept.push({ src, alt: alts.get(src) ?? row.name });
    }
    // Only other sites' images: the product keeps the ones it has.
    if (kept.length === 0 && row.images.length > 0) return undefined;
    return kept;
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
      images?: { src: string; alt: string }[];
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
        l.images!.map((image, position) => ({ product_id: l.id, position, ...image })),
      );
      if (images.length > 0) {
        await this.tx.execute(sql`INSERT INTO product_images (product_id, position, src, alt)
          SELECT product_id, position, src, alt FROM ${recordset(images, 'product_id int, position int, src text, alt text')}`);
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
      // A parent a dry run "created" in an earlier batch is gone with its rollback: its sizes
      // would all be new.
      if (!parent) {
        this.count('created');
        continue;
      }
      sizes.push({
        row: row.row,
        option: row.option,
        pricePence: row.pricePence,
        regularPricePence: row.regularPricePence,
        stock: row.stock,
        sku: row.sku,
        productId: parent.id,
        position,
        onOutcome: (outcome) => this.count(outcome),
      });
    }
  }

  /** Sizes: matched by SKU, else by product and option; inserted, updated or left alone. */
  private async applySizes(sizes: SizeToApply[]) {
    if (sizes.length === 0) return;
    const skus = sizes.flatMap((s) => (s.sku ? [s.sku] : []));
    const productIds = [...new Set(sizes.map((s) => s.productId))];
    const [existingRows, productSkus] = await Promise.all([
      queryRows<ExistingSize>(
        this.tx,
        sql`SELECT id, product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position
          FROM variations WHERE sku = ANY(${textArray(skus)}) OR product_id = ANY(${idArray(productIds)})
          FOR UPDATE`,
      ),
      queryRows<{ sku: string }>(
        this.tx,
        sql`SELECT sku FROM products WHERE sku = ANY(${textArray(skus)})`,
      ),
    ]);
    const bySku = new Map(existingRows.filter((v) => v.sku !== null).map((v) => [v.sku!, v]));
    const byOption = new Map(existingRows.map((v) => [`${v.product_id}\u0000${v.option}`, v]));
    const productSkuSet = new Set(productSkus.map((r) => r.sku));
    const inserts: object[] = [];
    const updates: object[] = [];
    for (const size of sizes) {
      if (size.sku && productSkuSet.has(size.sku)) {
        this.problem(size.row, size.sku, 'SKU', IMPORT_MESSAGES.skuOfProduct);
        continue;
      }
      const match =
        (size.sku ? bySku.get(size.sku) : undefined) ??
        byOption.get(`${size.productId}\u0000${size.option}`);
      if (match && match.product_id !== size.productId) {
        this.problem(size.row, size.sku ?? '', 'SKU', IMPORT_MESSAGES.skuOfVariation);
        continue;
      }
      const values = {
        product_id: size.productId,
        option: size.option,
        sku: size.sku ?? match?.sku ?? null,
        price_pence: size.pricePence,
        regular_price_pence: size.regularPricePence,
        stock_quantity: size.stock,
        position: size.position,
      };
      this.touched.add(size.productId);
      if (!match) {
        inserts.push(values);
        size.onOutcome('created');
        continue;
      }
      const same = (Object.keys(values) as (keyof typeof values)[]).every(
        (key) => values[key] === match[key],
      );
      if (!same) updates.push({ id: match.id, ...values });
      size.onOutcome(same ? 'skipped' : 'updated');
    }
    const columns =
      'product_id int, option text, sku text, price_pence int, regular_price_pence int, stock_quantity int, position int';
    if (updates.length > 0) {
      await this.tx.execute(sql`UPDATE variations v SET option = r.option, sku = r.sku,
          price_pence = r.price_pence, regular_price_pence = r.regular_price_pence,
          stock_quantity = r.stock_quantity, position = r.position
        FROM ${recordset(updates, `id int, ${columns}`)} WHERE v.id = r.id`);
    }
    if (inserts.length > 0) {
      await this.tx.execute(sql`INSERT INTO variations
          (product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position)
        SELECT product_id, option, sku, price_pence, regular_price_pence, stock_quantity, position
        FROM ${recordset(inserts, columns)}`);
    }
  }
}
