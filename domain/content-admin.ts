// The back office's content: pages and posts, the mega-menu tree, the home page's hero slides and
// promotional tiles. One schema per form, shared by the form and the API, messages beside the rules.
import { z } from '#domain/zod.ts';
import { isSlug } from './slug.ts';
import { menuLinkSchema, type MenuLink } from './menu-links.ts';

export const CONTENT_STATUSES = ['draft', 'publish'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/**
 * Pages the storefront opens by a fixed slug (spec section 2): their slugs never change, or the
 * page behind the route would be lost.
 */
export const SHOP_PAGE_SLUGS = [
  'about-us',
  'faq',
  'delivery-information',
  'return-refund-policy',
  'privacy-policy',
  'terms-and-conditions',
  'contact-us',
  'sealing-and-maintenance',
  'installation',
  'reviews',
  'adhevise-grout-advise',
  'samples',
  'custom-stonework',
  'stone-project',
] as const;

/** First path segments the storefront and server answer themselves: no page may take them. */
export const RESERVED_PAGE_SLUGS = [
  'admin',
  'api',
  'auth',
  'blog',
  'checkout',
  'collections',
  'colour',
  'contact',
  'design-pattern',
  'finish',
  'media',
  'my-account',
  'new-arrivals',
  'newsletter',
  'product',
  'room-type-usage',
  'stone-collection',
  'wp-json',
] as const;

export const TITLE_MAX_LENGTH = 200;
export const SLUG_MAX_LENGTH = 100;
/** Rich text is bounded: 500 KB of HTML is a very long page. */
export const HTML_MAX_LENGTH = 500_000;
export const EXCERPT_MAX_LENGTH = 2_000;
export const MENU_MAX_DEPTH = 3;
export const MENU_MAX_NODES = 500;

export const CONTENT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `A title is at most ${TITLE_MAX_LENGTH} characters`,
  slugInvalid: 'A slug is lower-case letters and digits joined by single hyphens, e.g. about-us',
  slugTooLong: `A slug is at most ${SLUG_MAX_LENGTH} characters`,
  slugTaken: 'Another page already uses this slug',
  postSlugTaken: 'Another post already uses this slug',
  slugFixed: 'This page is opened by the shop at its slug: its slug cannot change',
  slugReserved: 'The shop already answers at this address: choose another slug',
  statusInvalid: 'Choose draft or published',
  contentTooLong: 'The text is too long',
  excerptTooLong: `An excerpt is at most ${EXCERPT_MAX_LENGTH} characters`,
  imageUrl: 'An image is a path on this shop (/media/…) or an https:// address',
  altTooLong: 'Alternative text is at most 300 characters',
  link: 'A link is a path on this shop, starting with /, or an https:// address',
  menuTitleRequired: 'Every menu entry needs a title',
  menuTooDeep: `The menu is at most ${MENU_MAX_DEPTH} levels deep`,
  menuTooLarge: `The menu holds at most ${MENU_MAX_NODES} entries`,
  slideTitleRequired: 'Every slide needs a title',
  tileTitleRequired: 'Every tile needs a title',
  slidesRequired: 'The home page needs at least one hero slide',
  imageRequired: 'Give an image',
} as const;

const title = (required: string = CONTENT_MESSAGES.titleRequired) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(TITLE_MAX_LENGTH, { error: CONTENT_MESSAGES.titleTooLong });

export const slugField = z
  .string({ error: CONTENT_MESSAGES.slugInvalid })
  .trim()
  .max(SLUG_MAX_LENGTH, { error: CONTENT_MESSAGES.slugTooLong })
  .refine(isSlug, { error: CONTENT_MESSAGES.slugInvalid });

/**
 * An image or link address staff may give: a path on this shop or an https address.
 *
 * isShopOrHttpsUrl('/media/stone/marble-white-1-640.webp') → true
 * isShopOrHttpsUrl('https://cdn.example/a.jpg') → true
 * isShopOrHttpsUrl('//evil.example/x') → false; isShopOrHttpsUrl('javascript:alert(1)') → false
 */
export function isShopOrHttpsUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const address = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, { error: message })
    .refine(isShopOrHttpsUrl, { error: message });

/** A page or post as the editor sends it; `featured_image` empty means none. */
/** The version a save was loaded at (docs/api.md, "Versions"); absent skips the check. */
const loadedVersion = z.number().int().positive().optional();

export const contentInputSchema = z.object({
  version: loadedVersion,
  title: title(),
  slug: slugField,
  status: z.enum(CONTENT_STATUSES, { error: CONTENT_MESSAGES.statusInvalid }),
  content: z
    .string({ error: CONTENT_MESSAGES.contentTooLong })
    .max(HTML_MAX_LENGTH, { error: CONTENT_MESSAGES.contentTooLong }),
  excerpt: z
    .string({ error: CONTENT_MESSAGES.excerptTooLong })
    .max(EXCERPT_MAX_LENGTH, { error: CONTENT_MESSAGES.excerptTooLong })
    .default(''),
  featured_image: z.union([z.literal(''), address(CONTENT_MESSAGES.imageUrl)]).default(''),
  featured_image_alt: z
    .string({ error: CONTENT_MESSAGES.altTooLong })
    .trim()
    .max(300, { error: CONTENT_MESSAGES.altTooLong })
    .default(''),
});
export type ContentInput = z.input<typeof contentInputSchema>;
export type ContentValues = z.output<typeof contentInputSchema>;

/** A page or post in the back office's lists. */
export const adminContentSummarySchema = z
  .object({
    id: z.number().int(),
    type: z.enum(['page', 'post']),
    slug: z.string(),
    title: z.string(),
    status: z.enum(CONTENT_STATUSES),
    /** Where the storefront shows it. */
    link: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminContentSummary' });
export type AdminContentSummary = z.infer<typeof adminContentSummarySchema>;

/** A page or post as the back office edits it. */
export const adminContentSchema = adminContentSummarySchema
  .extend({
    /** The stored HTML: sanitised on save, exactly what `content.rendered` serves. */
    content: z.string(),
    excerpt: z.string(),
    featured_image: z.string(),
    featured_image_alt: z.string(),
    /** Posts only: when it went out. */
    published_at: z.string().optional(),
    /** Pages only: the shop opens this page at its slug, so the slug is fixed. */
    fixed_slug: z.boolean().optional(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminContent' });
export type AdminContentJson = z.infer<typeof adminContentSchema>;

/** Images in use as featured images, to pick from. */
export const mediaLibrarySchema = z.array(z.object({ url: z.string(), alt: z.string() }));

/**
 * The mega-menu as staff edit it: titles in order, nested; an entry links to the target chosen
 * for it, or else by the title rules (domain/menu.ts).
 */
export interface MenuTreeNode {
  title: string;
  link?: MenuLink | null;
  children: MenuTreeNode[];
}

function depthOf(nodes: readonly MenuTreeNode[]): number {
  return nodes.reduce((deepest, node) => Math.max(deepest, 1 + depthOf(node.children)), 0);
}

function countOf(nodes: readonly MenuTreeNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countOf(node.children), 0);
}

const menuNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    title: title(CONTENT_MESSAGES.menuTitleRequired).max(100, {
      error: CONTENT_MESSAGES.menuTitleRequired,
    }),
    link: menuLinkSchema.nullish(),
    children: z.array(menuNode).max(MENU_MAX_NODES, { error: CONTENT_MESSAGES.menuTooLarge }),
  }),
);

export const menuInputSchema = z.object({
  version: loadedVersion,
  tree: z
    .array(menuNode)
    .refine((tree) => countOf(tree) <= MENU_MAX_NODES, { error: CONTENT_MESSAGES.menuTooLarge })
    .refine((tree) => depthOf(tree) <= MENU_MAX_DEPTH, { error: CONTENT_MESSAGES.menuTooDeep }),
});

/** A hero slide's image: a generated stone banner, or an image by address. */
export const slideImageSchema = z.union([
  z.object({
    material: z.string().regex(/^[a-z-]{1,40}$/, { error: CONTENT_MESSAGES.imageRequired }),
    colour: z.string().regex(/^[a-z-]{1,40}$/, { error: CONTENT_MESSAGES.imageRequired }),
    seed: z.number().int().min(0).max(1_000_000),
  }),
  z.object({
    src: address(CONTENT_MESSAGES.imageUrl),
    alt: z.string().trim().max(300, { error: CONTENT_MESSAGES.altTooLong }).default(''),
  }),
]);
export type SlideImage = z.output<typeof slideImageSchema>;

export const heroSlideSchema = z.object({
  subtitle: z.string().trim().max(100),
  title: title(CONTENT_MESSAGES.slideTitleRequired).max(100),
  description: z.string().trim().max(300),
  image: slideImageSchema,
  link: address(CONTENT_MESSAGES.link),
});

export const promoTileSchema = z.object({
  title: title(CONTENT_MESSAGES.tileTitleRequired).max(100),
  href: address(CONTENT_MESSAGES.link),
  image: address(CONTENT_MESSAGES.imageUrl),
});

export const homeInputSchema = z.object({
  version: loadedVersion,
  slides: z.array(heroSlideSchema).min(1, { error: CONTENT_MESSAGES.slidesRequired }).max(10),
  tiles: z.array(promoTileSchema).max(12),
});
export type HomeInput = z.input<typeof homeInputSchema>;

export type HeroSlideJson = z.output<typeof heroSlideSchema>;
export type PromoTileJson = z.output<typeof promoTileSchema>;

/** GET /api/home: what the home page shows from the database. */
export const homeSchema = z
  .object({
    slides: z.array(
      z.object({
        subtitle: z.string(),
        title: z.string(),
        description: z.string(),
        image: z.union([
          z.object({ material: z.string(), colour: z.string(), seed: z.number().int() }),
          z.object({ src: z.string(), alt: z.string() }),
        ]),
        link: z.string(),
      }),
    ),
    tiles: z.array(z.object({ title: z.string(), href: z.string(), image: z.string() })),
  })
  .meta({ id: 'Home' });
export interface HomeJson {
  slides: HeroSlideJson[];
  tiles: PromoTileJson[];
}
