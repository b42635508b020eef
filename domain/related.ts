// 'You may also like' on the product page (spec section 2): related products share a category
// name with the product and come first; other products fill up; the product itself and
// variation-type entries never appear.
import { CAROUSEL_MAX_ITEMS } from './catalogue.ts';

export interface RelatableProduct {
  id: number;
  type: string;
  categories: readonly { name: string }[];
}

/**
 * Related products in the spec's order, at most `max` (8 by default).
 *
 * relatedProducts({ id: 1, type: 'variable', categories: [{ name: 'Marble Tiles' }] }, [
 *   { id: 2, type: 'variable', categories: [{ name: 'Slabs' }] },
 *   { id: 1, type: 'variable', categories: [{ name: 'Marble Tiles' }] },
 *   { id: 3, type: 'variable', categories: [{ name: 'Marble Tiles' }] },
 *   { id: 4, type: 'variation', categories: [{ name: 'Marble Tiles' }] },
 * ]).map((p) => p.id) → [3, 2]
 */
export function relatedProducts<T extends RelatableProduct>(
  current: RelatableProduct,
  candidates: readonly T[],
  max: number = CAROUSEL_MAX_ITEMS,
): T[] {
  const names = new Set(current.categories.map((category) => category.name));
  const seen = new Set<number>([current.id]);
  const eligible = candidates.filter((candidate) => {
    if (candidate.type === 'variation' || seen.has(candidate.id)) return false;
    seen.add(candidate.id);
    return true;
  });
  const sharesCategory = (candidate: T) => candidate.categories.some((c) => names.has(c.name));
  return [
    ...eligible.filter(sharesCategory),
    ...eligible.filter((candidate) => !sharesCategory(candidate)),
  ].slice(0, max);
}
