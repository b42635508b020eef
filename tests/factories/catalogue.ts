import { ATTRIBUTES, TERMS_BY_ATTRIBUTE } from '#domain/catalogue.ts';
import { slugify } from '#domain/slug.ts';
import { DEFAULT_SELLING_UNIT, type SellingUnit } from '#domain/selling-unit.ts';
import {
  type CategoryPlan,
  FINISH_WORDS,
  PLANS,
  SEED_CATEGORIES,
  STONES,
  SUNDRIES,
  SUNDRY_PRICES,
  USAGE_BY_FINISH,
} from './catalogue-plans.ts';
import { seededRandom, type Random } from './random.ts';

/** Attribute ids are the spec's (section 3): 6 material, 7 usage, 2 finish, 8 colour. */
export const MATERIAL = 6;
export const USAGE = 7;
export const FINISH = 2;
export const COLOUR = 8;

export const SEED_ATTRIBUTES = ATTRIBUTES.map(({ id, name, slug }, position) => ({
  id,
  name,
  slug,
  position,
}));

export const SEED_TERMS = ATTRIBUTES.flatMap((attribute) =>
  TERMS_BY_ATTRIBUTE[attribute.slug].map(({ slug, name }, position) => ({
    attributeId: attribute.id,
    slug,
    name,
    position,
  })),
);

const termSlugs = (attributeId: number) =>
  SEED_TERMS.filter((term) => term.attributeId === attributeId).map((term) => term.slug);

export interface SeedVariation {
  option: string;
  pricePence: number;
  /** The price before a sale, while the size is on sale (clearance sizes). */
  regularPricePence?: number | null;
  inStock: boolean;
}

export interface SeedProduct {
  slug: string;
  name: string;
  type: 'variable';
  unit: SellingUnit;
  description: string;
  shortDescription: string;
  /** What the description already advises on sealing; '' for sundries. Ratings are never seeded. */
  sealingAdvice: string;
  pricePence: number;
  regularPricePence: number | null;
  featured: boolean;
  onSale: boolean;
  isNewArrival: boolean;
  popularity: number;
  createdAt: Date;
  categories: string[];
  terms: { attributeId: number; slug: string }[];
  images: { src: string; alt: string }[];
  variations: SeedVariation[];
}

export interface SeedCatalogue {
  categories: typeof SEED_CATEGORIES;
  attributes: typeof SEED_ATTRIBUTES;
  terms: typeof SEED_TERMS;
  products: SeedProduct[];
}

export interface CatalogueOptions {
  seed?: number;
  /** Multiplies each category's product count: 1 is the demo shop, larger for benchmarks. */
  scale?: number;
  /** The "now" new arrivals are dated against, fixed so the seed is deterministic. */
  now?: Date;
}

const DAY_MS = 86_400_000;
const SEAL_BEFORE_AND_AFTER =
  'Seal before grouting and again after installation, with an impregnating sealer for natural stone.';
const ROMAN_SUFFIXES = ['II', 'III', 'IV', 'V', 'VI', 'VII'];

export function stoneImageSrc(material: string, colour: string, seed: number, width = 640): string {
  return `/media/stone/${material}-${colour}-${seed}-${width}.webp`;
}

function tileAreaPence(size: string, perM2Pence: number): number {
  const [w = 0, h = 0] = size.split('x').map(Number);
  return Math.round((w * h * perM2Pence) / 1_000_000);
}

/** Prices end in 5 or 9 pence steps like a real shop's: £39.95, £74.50. */
function shopPrice(random: Random, minPounds: number, maxPounds: number): number {
  return random.int(minPounds, maxPounds) * 100 + random.pick([0, 50, 95]);
}

function priceRange(plan: CategoryPlan): [number, number] {
  if (plan.section === 'stone-slabs' || plan.slug === 'table-tops') return [220, 640];
  if (plan.section === 'custom-stonework') return [140, 420];
  if (plan.slug === 'mosaic-tiles' || plan.section === 'design-pattern') return [65, 190];
  return [29, 149];
}

function buildVariations(random: Random, plan: CategoryPlan, perM2: number, sundryIndex: number) {
  if (plan.sundries) {
    const base = SUNDRY_PRICES[sundryIndex % SUNDRY_PRICES.length] ?? 995;
    return [
      { option: '1 Litre', pricePence: base, inStock: true },
      { option: '5 Litre', pricePence: base * 4, inStock: random.chance(0.8) },
    ];
  }
  const sizes = random
    .sample(plan.sizes, Math.min(plan.sizes.length, random.int(2, 4)))
    .sort((a, b) => plan.sizes.indexOf(a) - plan.sizes.indexOf(b));
  const variations: SeedVariation[] = sizes.map((size, index) => ({
    option: size,
    // Larger formats cost a little more per m², as they do in the trade.
    pricePence: perM2 + index * random.pick([0, 250, 500]),
    inStock: index === 0 || random.chance(0.85),
  }));
  if (random.chance(0.85)) {
    variations.unshift({ option: 'Free Sample', pricePence: 0, inStock: random.chance(0.93) });
  }
  const first = sizes[0];
  if (first && random.chance(0.5)) {
    const piece = Math.max(495, tileAreaPence(first, perM2) + 295);
    variations.push({ option: `Full Size Sample (${first})`, pricePence: piece, inStock: true });
  }
  return variations;
}

/**
 * The demo catalogue: a pure function of its options, so tests, the demo seed and the
 * benchmark generator all build the same shop.
 */
export function buildCatalogue(options: CatalogueOptions = {}): SeedCatalogue {
  const random = seededRandom(options.seed ?? 20_260_101);
  const scale = options.scale ?? 1;
  const now = options.now ?? new Date('2026-11-01T09:00:00Z');
  const usedSlugs = new Set<string>();
  const nameCounts = new Map<string, number>();
  const products: SeedProduct[] = [];
  const finishes = termSlugs(FINISH);

  for (const plan of PLANS) {
    const count = Math.max(1, Math.round(plan.count * scale));
    for (let i = 0; i < count; i++) {
      const material = plan.materials[i % plan.materials.length]!;
      const stones = STONES[material]!;
      const [stoneName, colour] = stones[(i + random.int(0, stones.length - 1)) % stones.length]!;
      const finish = plan.sundries
        ? 'honed-matt-smooth'
        : material === 'slate' || plan.slug === 'stone-pavers'
          ? random.pick([
              'brushed-rough-finish',
              'split-face',
              'tumbled-rough-edgy',
              'honed-matt-smooth',
            ])
          : finishes[(i + random.int(0, 4)) % finishes.length]!;
      const materialName = material[0]!.toUpperCase() + material.slice(1);
      const baseName = plan.sundries
        ? SUNDRIES[i % SUNDRIES.length]!
        : `${stoneName} ${FINISH_WORDS[finish]} ${materialName === stoneName ? '' : `${materialName} `}${plan.form}`;
      const base = baseName.replace(/\s+/g, ' ').trim();
      // Counting per name keeps this linear at 100k products, where names repeat a lot.
      let n = nameCounts.get(base) ?? 0;
      let name: string;
      let slug: string;
      do {
        n++;
        name = n === 1 ? base : `${base} ${ROMAN_SUFFIXES[n - 2] ?? n}`;
        slug = slugify(name);
      } while (usedSlugs.has(slug));
      nameCounts.set(base, n);
      usedSlugs.add(slug);

      const [min, max] = priceRange(plan);
      const perM2 = shopPrice(random, min, max);
      const clearance = plan.slug === 'stock-clearance';
      // Clearance sizes are on sale at their price, down from a regular price 15 % above it.
      const variations = buildVariations(random, plan, perM2, i).map((v) =>
        clearance && !/sample/i.test(v.option)
          ? { ...v, regularPricePence: Math.round((v.pricePence * 100) / 85) }
          : v,
      );
      const sizes = variations.filter((v) => !/sample/i.test(v.option));
      const fromPrice = Math.min(...sizes.map((v) => v.pricePence));
      const fromSize = sizes.find((v) => v.pricePence === fromPrice);
      const ageDays = random.int(0, 600);
      const isNewArrival = !clearance && !plan.sundries && ageDays < 45;
      const usages = plan.sundries
        ? ['bathroom', 'kitchen']
        : random.sample(USAGE_BY_FINISH[finish]!, random.int(2, 4));
      const imageCount = random.int(2, 4);
      const imageSeed = random.int(0, 999_999);
      const imageMaterial = plan.sundries ? 'slate' : material === 'clay' ? 'sandstone' : material;

      products.push({
        slug,
        name,
        type: 'variable',
        unit: plan.unit ?? DEFAULT_SELLING_UNIT,
        shortDescription: plan.sundries
          ? `${name} for natural stone, from the range we use in our own showroom.`
          : `${stoneName} ${material} with a ${FINISH_WORDS[finish]!.toLowerCase()} finish, suited to ${usages.map((u) => u.replace(/-/g, ' ')).join(', ')}.`,
        description: plan.sundries
          ? `<p>${name}. Read the label before use and test on a spare piece first.</p>`
          : `<p>${name} is cut from ${stoneName} ${material}. Natural stone varies from piece to piece and batch to batch in colour, veining and markings: order a sample to see the current batch.</p><p>Allow 10% extra for cuts and breakages. Seal before grouting and after installation.</p>`,
        sealingAdvice: plan.sundries ? '' : SEAL_BEFORE_AND_AFTER,
        pricePence: fromPrice,
        regularPricePence: fromSize?.regularPricePence ?? null,
        featured: random.chance(0.06),
        onSale: clearance,
        isNewArrival,
        popularity: random.int(0, 5000),
        createdAt: new Date(now.getTime() - ageDays * DAY_MS - random.int(0, DAY_MS - 1)),
        categories: clearance ? [plan.slug, `${material}-tiles`] : [plan.slug],
        terms: [
          { attributeId: MATERIAL, slug: material },
          { attributeId: FINISH, slug: finish },
          { attributeId: COLOUR, slug: colour },
          ...usages.map((slug) => ({ attributeId: USAGE, slug })),
        ],
        images: Array.from({ length: imageCount }, (_, n) => ({
          src: stoneImageSrc(imageMaterial, colour, imageSeed + n),
          alt: n === 0 ? name : `${name}, view ${n + 1}`,
        })),
        variations,
      });
    }
  }
  return {
    categories: SEED_CATEGORIES,
    attributes: SEED_ATTRIBUTES,
    terms: SEED_TERMS,
    products,
  };
}
