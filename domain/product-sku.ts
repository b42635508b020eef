// A product's SKU when staff give none: made from its slug, so an export always imports back.
import { SKU_MAX_LENGTH } from './admin-catalogue.ts';

/**
 * The n-th SKU to try for a product with this slug: the slug in capitals, then with -2, -3…,
 * cut to the SKU's length.
 *
 * skuFromSlug('carrara-marble', 1) → 'CARRARA-MARBLE'
 * skuFromSlug('carrara-marble', 2) → 'CARRARA-MARBLE-2'
 * skuFromSlug('a'.repeat(70), 3).length → 64 (ends in '-3')
 */
export function skuFromSlug(slug: string, n: number): string {
  const suffix = n > 1 ? `-${n}` : '';
  return slug.toUpperCase().slice(0, SKU_MAX_LENGTH - suffix.length) + suffix;
}
