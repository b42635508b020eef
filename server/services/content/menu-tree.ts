import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { attributeTerms, categories, menuNodes, pages, products } from '#db/schema/index.ts';
import { findAttribute } from '#domain/catalogue.ts';
import type { MenuNodeShape } from '#domain/api-schemas.ts';
import type { MenuTreeNode } from '#domain/content-admin.ts';
import {
  MENU_LINK_MESSAGES,
  menuLinkHref,
  menuLinkSchema,
  type MenuLink,
  type MenuTargetsJson,
} from '#domain/menu-links.ts';
import { badRequest } from '../../http/errors.ts';

/** A target as stored: the link and its address when it was saved. */
type StoredLink = MenuLink & { path: string };

/** The current slugs of the targets links name: pages published, categories, products. */
async function currentSlugs(db: Database, links: readonly MenuLink[]) {
  const ids = (type: 'page' | 'category' | 'product') =>
    links.flatMap((link) =>
      link.type === type
        ? [link.id]
        : type === 'category' && link.type === 'listing' && link.category_id !== null
          ? [link.category_id]
          : [],
    );
  const [pageIds, categoryIds, productIds] = [ids('page'), ids('category'), ids('product')];
  const [pageRows, categoryRows, productRows] = await Promise.all([
    pageIds.length === 0
      ? []
      : db
          .select({ id: pages.id, slug: pages.slug })
          .from(pages)
          .where(and(inArray(pages.id, pageIds), eq(pages.status, 'publish'))),
    categoryIds.length === 0
      ? []
      : db
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(inArray(categories.id, categoryIds)),
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, slug: products.slug, tradeOnly: products.tradeOnly })
          .from(products)
          .where(inArray(products.id, productIds)),
  ]);
  const map = (rows: { id: number; slug: string }[]) =>
    new Map(rows.map((row) => [row.id, row.slug]));
  return {
    page: map(pageRows),
    category: map(categoryRows),
    product: map(productRows),
    tradeOnly: new Set(productRows.filter((row) => row.tradeOnly).map((row) => row.id)),
  };
}

type Slugs = Awaited<ReturnType<typeof currentSlugs>>;

/** The slug a link's target has now, or undefined when it is gone. */
function slugOf(link: MenuLink, slugs: Slugs): string | null | undefined {
  if (link.type === 'listing') {
    return link.category_id === null ? null : slugs.category.get(link.category_id);
  }
  return slugs[link.type].get(link.id);
}

/**
 * Where an entry with a stored link leads now: its target's current address (a rename is
 * followed). A page unpublished or gone leaves the entry to the title rules (undefined), as a
 * page leaves no redirect behind; a deleted category or product leaves the address it had, which
 * redirects (301) to where the shop moved it.
 */
function hrefOf(stored: StoredLink, slugs: Slugs): string | undefined {
  const slug = slugOf(stored, slugs);
  if (slug !== undefined) return menuLinkHref(stored, { slug: slug ?? undefined });
  return stored.type === 'page' ? undefined : stored.path;
}

const parsed = (value: unknown): StoredLink | null => {
  const link = menuLinkSchema.safeParse(value);
  const path = (value as { path?: unknown } | null)?.path;
  return link.success && typeof path === 'string' ? { ...link.data, path } : null;
};

/**
 * The mega-menu tree, each entry with the address of its chosen target (`href`), and for the back
 * office (`withLinks`) the target itself. For `retail` buyers an entry whose target is a
 * trade-only product is left out, with what hangs under it, as the product is to them.
 */
export async function readMenuTree(
  db: Database,
  { withLinks = false, retail = false }: { withLinks?: boolean; retail?: boolean } = {},
): Promise<MenuNodeShape[]> {
  const rows = await db
    .select()
    .from(menuNodes)
    .orderBy(asc(menuNodes.position), asc(menuNodes.id));
  const links = new Map(
    rows.flatMap((row) => {
      const link = parsed(row.link);
      return link ? [[row.id, link] as const] : [];
    }),
  );
  const slugs = await currentSlugs(db, [...links.values()]);
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const hidden = (link: StoredLink | undefined) =>
    retail && link?.type === 'product' && slugs.tradeOnly.has(link.id);
  const build = (parentId: number | null): MenuNodeShape[] =>
    (children.get(parentId) ?? [])
      .filter((row) => !hidden(links.get(row.id)))
      .map((row) => {
        const stored = links.get(row.id);
        const href = stored ? hrefOf(stored, slugs) : undefined;
        const { path: _path, ...link } = stored ?? { path: '' };
        return {
          title: row.title,
          ...(href === undefined ? {} : { href }),
          ...(withLinks && stored ? { link: link as MenuLink } : {}),
          children: build(row.id),
        };
      });
  return build(null);
}

/**
 * The links of a tree as they will be stored, each with its address now; a target that does not
 * exist is a 400 naming the entry (`tree.0.children.1.link`).
 */
export async function storedMenuLinks(
  db: Database,
  tree: readonly MenuTreeNode[],
): Promise<Map<MenuTreeNode, StoredLink>> {
  const all: { node: MenuTreeNode; link: MenuLink; field: string; name: string }[] = [];
  const walk = (nodes: readonly MenuTreeNode[], field: string, name: string) =>
    nodes.forEach((node, i) => {
      const here = `${name}${name ? '.' : ''}${i + 1}`;
      if (node.link) all.push({ node, link: node.link, field: `${field}.${i}.link`, name: here });
      walk(node.children, `${field}.${i}.children`, here);
    });
  walk(tree, 'tree', '');
  const slugs = await currentSlugs(
    db,
    all.map((entry) => entry.link),
  );
  const result = new Map<MenuTreeNode, StoredLink>();
  for (const { node, link, field, name } of all) {
    const slug = slugOf(link, slugs);
    const missing =
      slug === undefined
        ? MENU_LINK_MESSAGES[link.type === 'listing' ? 'category' : link.type]
        : link.type === 'listing' && !(await termExists(db, link))
          ? MENU_LINK_MESSAGES.term
          : null;
    if (missing) {
      const message = `Menu entry ${name}: ${missing}`;
      throw badRequest(message, { [field]: message });
    }
    result.set(node, { ...link, path: menuLinkHref(link, { slug: slug ?? undefined }) });
  }
  return result;
}

async function termExists(db: Database, link: Extract<MenuLink, { type: 'listing' }>) {
  const attribute = findAttribute(link.filter);
  if (!attribute) return false;
  const [row] = await db
    .select({ id: attributeTerms.id })
    .from(attributeTerms)
    .where(and(eq(attributeTerms.attributeId, attribute.id), eq(attributeTerms.slug, link.term)));
  return row !== undefined;
}

/** What the menu editor offers: published pages, categories, filter terms, products matching q. */
export async function menuTargets(db: Database, q: string): Promise<MenuTargetsJson> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [pageRows, categoryRows, termRows, productRows] = await Promise.all([
    db
      .select({ id: pages.id, title: pages.title, slug: pages.slug })
      .from(pages)
      .where(eq(pages.status, 'publish'))
      .orderBy(asc(pages.title)),
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.name)),
    db
      .select({
        attributeId: attributeTerms.attributeId,
        slug: attributeTerms.slug,
        name: attributeTerms.name,
      })
      .from(attributeTerms)
      .orderBy(
        asc(attributeTerms.attributeId),
        asc(attributeTerms.position),
        asc(attributeTerms.name),
      ),
    q.trim() === ''
      ? []
      : db
          .select({ id: products.id, name: products.name, slug: products.slug })
          .from(products)
          .where(or(ilike(products.name, pattern), ilike(products.sku, pattern)))
          .orderBy(asc(products.name))
          .limit(20),
  ]);
  return {
    pages: pageRows.map((p) => ({ id: p.id, title: p.title, href: `/${p.slug}` })),
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      href: `/collections/${c.slug}`,
    })),
    terms: termRows.flatMap((t) => {
      const attribute = findAttribute(t.attributeId);
      return attribute ? [{ filter: attribute.param, slug: t.slug, name: t.name }] : [];
    }),
    products: productRows.map((p) => ({ id: p.id, name: p.name, href: `/product/${p.slug}` })),
  };
}
