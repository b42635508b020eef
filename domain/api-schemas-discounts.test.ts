import { describe, expect, it } from 'vitest';
import {
  discountCodeForm,
  discountCodeFormSchema,
  discountCodeState,
  type DiscountCodeForm,
} from './api-schemas-discounts.ts';

const form = (over: Partial<DiscountCodeForm>): DiscountCodeForm => ({
  ...discountCodeForm(null),
  ...over,
});

describe("the owner's discount-code form", () => {
  it('checks the typed text by the API rules, with the same messages', () => {
    const result = discountCodeFormSchema.safeParse(
      form({ code: 'a b', percent: '12.5', max_uses: 'ten', product_ids: '3, x' }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      code: 'A code has 3 to 40 letters, digits, hyphens or underscores',
      percent: 'Enter a whole percentage from 1 to 100',
      max_uses: 'Enter a whole number of uses, or leave it empty for no limit',
      'product_ids.1': 'Choose products and categories from the lists',
    });
  });

  it('turns text into the API body: numbers, ids, London minutes, empty for none', () => {
    const parsed = discountCodeFormSchema.parse(
      form({
        code: 'spring-10',
        kind: 'fixed',
        percent: '10',
        amount: '5.00',
        min_spend: '50.00',
        ends_at: '2026-07-01T09:00',
        max_uses_per_customer: '1',
        category_ids: '4 7,9',
      }),
    );
    expect(parsed).toMatchObject({
      code: 'SPRING-10',
      kind: 'fixed',
      percent: null,
      amount: 500,
      min_spend: 5000,
      starts_at: null,
      ends_at: new Date('2026-07-01T08:00:00Z'),
      max_uses: null,
      max_uses_per_customer: 1,
      product_ids: [],
      category_ids: [4, 7, 9],
    });
  });

  it('says where a code stands', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const live = { active: true, starts_at: null, ends_at: null, max_uses: 10, uses: 9 };
    expect(discountCodeState(live, now)).toBe('Live');
    expect(discountCodeState({ ...live, uses: 10 }, now)).toBe('Used up');
    expect(discountCodeState({ ...live, active: false }, now)).toBe('Disabled');
    expect(discountCodeState({ ...live, starts_at: '2026-06-02T00:00:00Z' }, now)).toBe(
      'Scheduled',
    );
    expect(discountCodeState({ ...live, ends_at: '2026-06-01T12:00:00Z' }, now)).toBe('Expired');
  });
});
