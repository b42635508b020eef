import { describe, expect, it } from 'vitest';
import { SKU_PATTERN } from './admin-catalogue.ts';
import { skuFromSlug } from './product-sku.ts';

describe('skuFromSlug', () => {
  it('makes the slug a SKU in capitals, then numbers it', () => {
    expect(skuFromSlug('carrara-marble', 1)).toBe('CARRARA-MARBLE');
    expect(skuFromSlug('carrara-marble', 2)).toBe('CARRARA-MARBLE-2');
  });

  it('keeps a long slug within the SKU length, suffix included', () => {
    const sku = skuFromSlug('a'.repeat(70), 13);
    expect(sku).toHaveLength(64);
    expect(sku.endsWith('-13')).toBe(true);
    expect(SKU_PATTERN.test(sku)).toBe(true);
  });
});
