// A mega-menu entry's chosen target: a content page, a category listing, a listing filtered by
// one attribute term (e.g. material=marble), or a product. Stored by id, so the entry follows a
// rename; an entry without one is linked by the title rules of domain/menu.ts.
import { z } from '#domain/zod.ts';
import { ATTRIBUTES, type AttributeParam } from './catalogue.ts';
import { isSlug } from './slug.ts';

/** The listing of every product, which a filtered listing without a category starts from. */
export const ALL_PRODUCTS_PATH = '/stone-collection/all-products';

export const MENU_LINK_MESSAGES = {
  page: 'The page chosen no longer exists or is not published',
  category: 'The category chosen no longer exists',
  product: 'The product chosen no longer exists',
  term: 'The filter chosen no longer exists',
  invalid: 'Choose what the entry links to',
} as const;

const targetId = z
  .number({ error: MENU_LINK_MESSAGES.invalid })
  .int({ error: MENU_LINK_MESSAGES.invalid })
  .positive({ error: MENU_LINK_MESSAGES.invalid })
  .max(2_147_483_647, { error: MENU_LINK_MESSAGES.invalid });

const FILTER_PARAMS = ATTRIBUTES.map((a) => a.param) as [AttributeParam, ...AttributeParam[]];

export const menuLinkSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('page'), id: targetId }),
    z.object({ type: z.literal('category'), id: targetId }),
    z.object({ type: z.literal('product'), id: targetId }),
    z.object({
      type: z.literal('listing'),
      /** null: every product. */
      category_id: targetId.nullable(),
      filter: z.enum(FILTER_PARAMS, { error: MENU_LINK_MESSAGES.invalid }),
      term: z.string({ error: MENU_LINK_MESSAGES.term }).refine(isSlug, {
        error: MENU_LINK_MESSAGES.term,
      }),
    }),
  ],
  { error: MENU_LINK_MESSAGES.invalid },
);
export type MenuLink = z.infer<typeof menuLinkSchema>;

/**
 * The storefront address of a target, given the current slugs of what it names.
 *
 * menuLinkHref({ type: 'page', id: 3 }, { slug: 'about-us' }) → '/about-us'
 * menuLinkHref({ type: 'category', id: 5 }, { slug: 'marble-tiles' }) → '/collections/marble-tiles'
 * menuLinkHref({ type: 'product', id: 9 }, { slug: 'carrara-600x400' }) → '/product/carrara-600x400'
 * menuLinkHref({ type: 'listing', category_id: null, filter: 'material', term: 'marble' }, {})
 *   → '/stone-collection/all-products?material=marble'
 */
export function menuLinkHref(link: MenuLink, target: { slug?: string }): string {
  switch (link.type) {
    case 'page':
      return `/${target.slug}`;
    case 'category':
      return `/collections/${target.slug}`;
    case 'product':
      return `/product/${target.slug}`;
    case 'listing': {
      const base = link.category_id === null ? ALL_PRODUCTS_PATH : `/collections/${target.slug}`;
      return `${base}?${new URLSearchParams({ [link.filter]: link.term }).toString()}`;
    }
  }
}

/** What the menu editor offers to link to (GET /api/admin/menu/targets). */
export const menuTargetsSchema = z
  .object({
    pages: z.array(z.object({ id: z.number().int(), title: z.string(), href: z.string() })),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), href: z.string() })),
    terms: z.array(z.object({ filter: z.enum(FILTER_PARAMS), slug: z.string(), name: z.string() })),
    /** Products matching ?q= (by name or SKU), at most 20. */
    products: z.array(z.object({ id: z.number().int(), name: z.string(), href: z.string() })),
  })
  .meta({ id: 'MenuTargets' });
export type MenuTargetsJson = z.infer<typeof menuTargetsSchema>;

/** A mega-menu entry as GET /api/megamenu serves it (and the back office, with its `link`). */
export interface MenuNodeShape {
  title: string;
  /** The address of the target chosen for the entry; absent: the title rules link it. */
  href?: string;
  /** The back office only: the target chosen, stored by id. */
  link?: MenuLink;
  children: MenuNodeShape[];
}

export const menuNodeSchema: z.ZodType<MenuNodeShape> = z
  .object({
    title: z.string(),
    href: z.string().optional(),
    link: menuLinkSchema.optional(),
    get children() {
      return z.array(menuNodeSchema);
    },
  })
  .meta({ id: 'MenuNode' });
