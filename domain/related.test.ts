import { describe, expect, it } from 'vitest';
import { relatedProducts } from './related.ts';

const product = (id: number, category: string, type = 'variable') => ({
  id,
  type,
  categories: [{ name: category }],
});

describe('relatedProducts (spec section 2: You may also like)', () => {
  it('puts products of the same category names first, then others, without the current one', () => {
    const current = product(1, 'Marble Tiles');
    const list = [
      product(2, 'Slabs'),
      product(1, 'Marble Tiles'),
      product(3, 'Marble Tiles'),
      product(5, 'Slate Tiles'),
      product(6, 'Marble Tiles'),
    ];
    expect(relatedProducts(current, list).map((p) => p.id)).toEqual([3, 6, 2, 5]);
  });

  it('leaves out variations and duplicates and stops at 8', () => {
    const current = product(1, 'Slabs');
    const list = [
      product(2, 'Slabs', 'variation'),
      ...Array.from({ length: 12 }, (_, i) => product(10 + i, 'Slabs')),
      product(10, 'Slabs'),
    ];
    const related = relatedProducts(current, list);
    expect(related).toHaveLength(8);
    expect(related.map((p) => p.id)).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
  });
});
