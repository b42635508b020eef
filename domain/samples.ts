// Which variations are samples (spec sections 3 and 4). A variation's option text is the only
// signal: 'Free Sample (600x400x20)', '1200x600x30 Full Size Sample', '600x400x20'.

export type VariationKind = 'free-sample' | 'full-size-sample' | 'size';

/** Attribute names that carry the size option of a variation (spec section 3). */
export const SIZE_ATTRIBUTE_NAMES: readonly string[] = ['Sizemm', 'pa_sizemm'];

/**
 * True when the option marks a free sample ('free sample' in any case).
 *
 * isFreeSample('Free Sample (600x400x20)') → true
 * isFreeSample('FREE SAMPLE') → true
 * isFreeSample('free-sample') → true (the cart line's meta key)
 * isFreeSample('1200x600x30 Full Size Sample') → false
 */
export function isFreeSample(option: string): boolean {
  return /free[\s-]+sample/i.test(option);
}

/**
 * True when the option is a full-size sample ('full size sample' in any case), which is priced
 * per item and has no m² field.
 *
 * isFullSizeSample('1200x600x30 Full Size Sample') → true
 * isFullSizeSample('full-size sample') → true
 * isFullSizeSample('Free Sample') → false
 */
export function isFullSizeSample(option: string): boolean {
  return /full[\s-]+size[\s-]+sample/i.test(option);
}

/**
 * The kind of a variation, from its option text.
 *
 * variationKind('Free Sample (600x400x20)') → 'free-sample'
 * variationKind('1200x600x30 Full Size Sample') → 'full-size-sample'
 * variationKind('600x400x20') → 'size'
 */
export function variationKind(option: string): VariationKind {
  if (isFreeSample(option)) return 'free-sample';
  if (isFullSizeSample(option)) return 'full-size-sample';
  return 'size';
}

export interface VariationLike {
  instock: boolean;
  attributes: readonly { name: string; option: string }[];
}

/**
 * The size option of a variation (its 'Sizemm' or 'pa_sizemm' attribute), or null.
 *
 * variationOption({ instock: true, attributes: [{ name: 'pa_sizemm', option: '600x400' }] })
 *   → '600x400'
 * variationOption({ instock: true, attributes: [{ name: 'Colour', option: 'White' }] }) → null
 */
export function variationOption(variation: VariationLike): string | null {
  const attribute = variation.attributes.find((a) => SIZE_ATTRIBUTE_NAMES.includes(a.name));
  return attribute ? attribute.option : null;
}

/**
 * The in-stock free-sample variation of a product, or null when there is none in stock
 * (then the card's Add Sample button is disabled: 'Sample is not available').
 *
 * findAvailableFreeSample([{ instock: true, attributes: [{ name: 'Sizemm', option: 'Free Sample' }] }])
 *   → that variation
 * findAvailableFreeSample([{ instock: false, attributes: [{ name: 'Sizemm', option: 'Free Sample' }] }])
 *   → null
 */
export function findAvailableFreeSample<T extends VariationLike>(
  variations: readonly T[],
): T | null {
  return variations.find((v) => v.instock && isFreeSample(variationOption(v) ?? '')) ?? null;
}

/** The free-sample rules (the sample_rules row): what the Samples page promises. */
export interface SampleRules {
  maxFreePerOrder: number;
  maxFreePerProduct: number;
  /** A samples-only order up to this weight goes by post; above it, by courier or pallet. */
  postMaxKg: number;
}

/** A basket line as the sample rules see it: free samples are the lines added as samples. */
export interface SampleRuleLine {
  productId: number;
  isFreeSample: boolean;
  quantity: number;
}

export const SAMPLE_MESSAGES = {
  perOrder: (max: number) => `You can order up to ${max} free samples per order`,
  perProduct: (max: number) =>
    max === 1
      ? 'One free sample of each product per order'
      : `Up to ${max} free samples of each product per order`,
} as const;

/**
 * Why a basket breaks the free-sample rules, or null when it keeps them.
 *
 * freeSampleRefusal([{ productId: 1, isFreeSample: true, quantity: 2 }], { maxFreePerOrder: 5, maxFreePerProduct: 1, postMaxKg: 18 })
 *   → 'One free sample of each product per order'
 * six products with one free sample each → 'You can order up to 5 free samples per order'
 */
export function freeSampleRefusal(
  lines: readonly SampleRuleLine[],
  rules: SampleRules,
): string | null {
  const perProduct = new Map<number, number>();
  let total = 0;
  for (const line of lines) {
    if (!line.isFreeSample) continue;
    total += line.quantity;
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  }
  if ([...perProduct.values()].some((n) => n > rules.maxFreePerProduct)) {
    return SAMPLE_MESSAGES.perProduct(rules.maxFreePerProduct);
  }
  if (total > rules.maxFreePerOrder) return SAMPLE_MESSAGES.perOrder(rules.maxFreePerOrder);
  return null;
}

/**
 * The rules as the Samples page states them, from the same row the basket enforces.
 *
 * sampleRulesText({ maxFreePerOrder: 5, maxFreePerProduct: 1, postMaxKg: 18 }) → [
 *   'Up to 5 free samples per order, one of each product.',
 *   'Free samples are small cut pieces; full size samples are charged per piece.',
 *   'Samples travel by post up to 18 kg; a heavier samples order goes by courier or pallet at the delivery price.',
 * ]
 */
export function sampleRulesText(rules: SampleRules): string[] {
  const each =
    rules.maxFreePerProduct === 1
      ? 'one of each product'
      : `up to ${rules.maxFreePerProduct} of each product`;
  return [
    `Up to ${rules.maxFreePerOrder} free samples per order, ${each}.`,
    'Free samples are small cut pieces; full size samples are charged per piece.',
    `Samples travel by post up to ${rules.postMaxKg} kg; a heavier samples order goes by courier or pallet at the delivery price.`,
  ];
}
