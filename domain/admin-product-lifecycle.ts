// What becomes of a product at the end of its life in the catalogue: archived (withdrawn from sale,
// kept for its orders), duplicated (a draft to start a similar product from), or deleted (only
// while no order names it: an order keeps its own copy of each line, but staff and reports follow
// a line back to its product).
import { z } from '#domain/zod.ts';

export const LIFECYCLE_MESSAGES = {
  ordered: (orders: number) =>
    `This product is on ${orders} ${orders === 1 ? 'order' : 'orders'}, so it cannot be deleted: archive it instead to take it out of the shop`,
  deleted: (name: string) => `Deleted ${name}`,
  archived: (name: string) => `Archived ${name}: it is hidden from the shop`,
  unarchived: (name: string) => `Restored ${name} as a draft: publish it when it is ready`,
  duplicated: (name: string) => `Made ${name}, a draft copy`,
  gone: 'This product is no longer sold',
} as const;

/** The copy's slug and name: "-copy" after the slug (then "-copy-2" …), "(copy)" after the name. */
export function copySlug(slug: string, attempt: number): string {
  const tail = attempt <= 1 ? '-copy' : `-copy-${attempt}`;
  return `${slug.slice(0, 200 - tail.length)}${tail}`;
}
export const copyName = (name: string) => `${name.slice(0, 193)} (copy)`;

/** Archive or unarchive: the version the editor or list loaded, so a stale click is refused. */
export const archiveSchema = z.object({
  archived: z.boolean({ error: 'Say whether the product is archived (true) or not (false)' }),
  version: z.number().int().positive().optional(),
});
export type ArchiveInput = z.output<typeof archiveSchema>;

/** DELETE's query: the version the member saw (optional for API clients). */
export const deleteProductQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
});

export const productDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** The product page's answer for an archived product: 410, with where to look instead. */
export const productGoneSchema = z.object({
  code: z.literal('gone'),
  message: z.string(),
  error: z.string(),
  name: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type ProductGone = z.output<typeof productGoneSchema>;

export const CATEGORY_DELETE_MESSAGES = {
  targetRequired: 'Choose the category its old address and products move to',
  targetSelf: 'Choose another category than the one being deleted',
  targetUnknown: 'Choose a category from the list',
  hasChildren: (names: string[]) =>
    `These categories belong under it: ${names.join(', ')}. Move them to another section first`,
} as const;

/** DELETE /api/admin/categories/:id?target=…&version=…: where its address and products go. */
export const categoryDeleteQuery = z.object({
  target: z.coerce
    .number({ error: CATEGORY_DELETE_MESSAGES.targetRequired })
    .int({ error: CATEGORY_DELETE_MESSAGES.targetRequired })
    .positive({ error: CATEGORY_DELETE_MESSAGES.targetRequired })
    .max(2_147_483_647, { error: CATEGORY_DELETE_MESSAGES.targetUnknown }),
  version: z.coerce.number().int().positive().optional(),
});

export const categoryDeletedSchema = z.object({
  id: z.number().int(),
  deleted: z.literal(true),
  /** The category its old address now leads to, and that its products were moved into. */
  target: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  moved_products: z.number().int(),
});
export type CategoryDeleted = z.output<typeof categoryDeletedSchema>;
