import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client.ts';
import { refreshListingArrays } from '../listing-arrays.ts';
import { variationKind } from '#domain/samples.ts';
import * as t from '../schema/index.ts';
import {
  buildCatalogue,
  stoneImageSrc,
  type CatalogueOptions,
} from '#tests/factories/catalogue.ts';
import { MEGA_MENU, type MenuNode } from './menu.ts';
import { PAGES } from './content/pages.ts';
import { POSTS } from './content/posts.ts';

const CHUNK = 1000;

async function insertChunked<T extends Record<string, unknown>>(
  db: Database,
  table: Parameters<Database['insert']>[0],
  rows: T[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(table).values(rows.slice(i, i + CHUNK) as never);
  }
}

export interface SeedCounts {
  categories: number;
  attributes: number;
  terms: number;
  products: number;
  variations: number;
  images: number;
  menuNodes: number;
  pages: number;
  posts: number;
}

/**
 * Removes catalogue and content rows (carts holding seeded products go with them), and the stock
 * history of the sizes removed: the new catalogue's sizes reuse their ids, and a size's stock is
 * the sum of its ledger rows.
 */
async function clearCatalogueAndContent(db: Database) {
  await db.execute(sql`TRUNCATE products, categories, attributes, attribute_terms, menu_nodes,
    pages, posts, media, stock_ledger RESTART IDENTITY CASCADE`);
}

export async function seedCatalogue(db: Database, options: CatalogueOptions = {}) {
  const catalogue = buildCatalogue(options);
  await insertChunked(
    db,
    t.categories,
    catalogue.categories.map((c) => ({ ...c })),
  );
  await insertChunked(
    db,
    t.attributes,
    catalogue.attributes.map((a) => ({ ...a })),
  );
  const terms = await db.insert(t.attributeTerms).values(catalogue.terms).returning();
  const termId = new Map(terms.map((term) => [`${term.attributeId}:${term.slug}`, term.id]));
  const categoryRows = await db.select().from(t.categories);
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const productIds: number[] = [];
  for (let i = 0; i < catalogue.products.length; i += CHUNK) {
    const rows = await db
      .insert(t.products)
      .values(
        catalogue.products.slice(i, i + CHUNK).map((p) => ({
          slug: p.slug,
          // SKUs are what imports and exports match rows by: the slug, upper case.
          sku: p.slug.toUpperCase(),
          name: p.name,
          type: p.type,
          unit: p.unit,
          description: p.description,
          shortDescription: p.shortDescription,
          pricePence: p.pricePence,
          regularPricePence: p.regularPricePence,
          featured: p.featured,
          onSale: p.onSale,
          isNewArrival: p.isNewArrival,
          popularity: p.popularity,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      )
      .returning({ id: t.products.id });
    productIds.push(...rows.map((r) => r.id));
  }

  const links = catalogue.products.map((p, index) => ({ p, id: productIds[index]! }));
  const productCategories = links.flatMap(({ p, id }) =>
    p.categories.map((slug) => ({ productId: id, categoryId: categoryId.get(slug)! })),
  );
  const productTerms = links.flatMap(({ p, id }) =>
    p.terms.map((term) => ({
      productId: id,
      termId: termId.get(`${term.attributeId}:${term.slug}`)!,
    })),
  );
  const images = links.flatMap(({ p, id }) =>
    p.images.map((image, position) => ({ productId: id, position, ...image })),
  );
  const variations = links.flatMap(({ p, id }) =>
    p.variations.map(({ inStock, ...v }, position) => ({
      productId: id,
      position,
      sku: `${p.slug.toUpperCase()}-${position + 1}`,
      ...v,
      stockQuantity: seedStock(v.option, inStock, id + position),
    })),
  );
  await insertChunked(db, t.productCategories, productCategories);
  await insertChunked(db, t.productTerms, productTerms);
  await insertChunked(db, t.productImages, images);
  await insertChunked(db, t.variations, variations);
  const facts = links
    .filter(({ p }) => p.sealingAdvice !== '')
    .map(({ p, id }) => ({ productId: id, sealingAdvice: p.sealingAdvice }));
  await insertChunked(db, t.productFacts, facts);
  await refreshListingArrays(db);
  return {
    categories: catalogue.categories.length,
    attributes: catalogue.attributes.length,
    terms: terms.length,
    products: productIds.length,
    variations: variations.length,
    images: images.length,
  };
}

async function seedMenu(db: Database, nodes: MenuNode[], parentId: number | null): Promise<number> {
  let count = 0;
  for (const [position, node] of nodes.entries()) {
    const [row] = await db
      .insert(t.menuNodes)
      .values({ parentId, title: node.title, position })
      .returning({ id: t.menuNodes.id });
    count += 1 + (await seedMenu(db, node.children, row!.id));
  }
  return count;
}

export async function seedContent(db: Database) {
  for (const page of PAGES) {
    await db.insert(t.pages).values({ slug: page.slug, title: page.title, contentHtml: page.html });
  }
  for (const post of POSTS) {
    const [media] = await db
      .insert(t.media)
      .values({
        sourceUrl: stoneImageSrc(post.image.material, post.image.colour, post.image.seed, 960),
        altText: post.title,
      })
      .returning({ id: t.media.id });
    await db.insert(t.posts).values({
      slug: post.slug,
      title: post.title,
      contentHtml: post.html,
      excerptHtml: `<p>${post.excerpt}</p>`,
      featuredMediaId: media!.id,
      publishedAt: new Date(post.publishedAt),
      updatedAt: new Date(post.publishedAt),
    });
  }
  return { pages: PAGES.length, posts: POSTS.length };
}

/** Replaces catalogue, menu and content with the demo shop. Customers and their data stay. */
export async function seedDemo(db: Database, options: CatalogueOptions = {}): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await clearCatalogueAndContent(txDb);
    const catalogue = await seedCatalogue(txDb, options);
    const menuNodes = await seedMenu(txDb, MEGA_MENU, null);
    const content = await seedContent(txDb);
    return { ...catalogue, menuNodes, ...content };
  });
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products) AS present`,
  );
  return !row?.present;
}

/**
 * Pieces on hand for a seeded variation: none when it is out of stock, not counted for samples,
 * and a steady spread of 40–499 pieces for sizes.
 */
function seedStock(option: string, inStock: boolean, salt: number): number | null {
  if (!inStock) return 0;
  if (variationKind(option) !== 'size') return null;
  return 40 + ((salt * 7919) % 460);
}
