import { ATTRIBUTES, MATERIAL_SLUGS, TERMS_BY_ATTRIBUTE } from '#domain/catalogue.ts';
import { slugify } from '#domain/slug.ts';
import { DEFAULT_SELLING_UNIT, type SellingUnit } from '#domain/selling-unit.ts';
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

type Material = (typeof MATERIAL_SLUGS)[number];

/** Real stone names with the colour each is known for. */
const STONES: Record<string, [name: string, colour: string][]> = {
  marble: [
    ['Carrara', 'white'],
    ['Calacatta', 'white'],
    ['Statuario', 'white'],
    ['Nero Marquina', 'black'],
    ['Emperador Dark', 'beige-brown'],
    ['Botticino', 'cream-yellow'],
    ['Verde Guatemala', 'blue-green'],
    ['Rosso Levanto', 'red-pink'],
    ['Bardiglio', 'grey'],
    ['Arabescato', 'white'],
  ],
  limestone: [
    ['Jura', 'beige-brown'],
    ['Moleanos', 'cream-yellow'],
    ['Portland', 'white'],
    ['Dijon', 'cream-yellow'],
    ['Burgundy', 'beige-brown'],
    ['Blue Lagos', 'blue-green'],
    ['Belgian Blue', 'grey'],
  ],
  travertine: [
    ['Classic', 'beige-brown'],
    ['Silver', 'grey'],
    ['Noce', 'beige-brown'],
    ['Ivory', 'cream-yellow'],
    ['Titanium', 'grey'],
    ['Rosso Persiano', 'red-pink'],
  ],
  slate: [
    ['Brazilian Black', 'black'],
    ['Welsh Blue', 'blue-green'],
    ['Rustic Multicolour', 'multi-colour'],
    ['Copper', 'red-pink'],
    ['Grey Riven', 'grey'],
  ],
  granite: [
    ['Absolute Black', 'black'],
    ['Kashmir White', 'white'],
    ['Star Galaxy', 'black'],
    ['Blue Pearl', 'blue-green'],
    ['Ruby Red', 'red-pink'],
    ['Steel Grey', 'grey'],
  ],
  sandstone: [
    ['Raj Green', 'blue-green'],
    ['Kandla Grey', 'grey'],
    ['Mint Fossil', 'cream-yellow'],
    ['Autumn Brown', 'beige-brown'],
    ['Rainbow', 'multi-colour'],
  ],
  quartzite: [
    ['Silver Grey', 'grey'],
    ['Ocean Blue', 'blue-green'],
    ['Golden', 'cream-yellow'],
  ],
  onyx: [
    ['Honey', 'cream-yellow'],
    ['White', 'white'],
    ['Green', 'blue-green'],
  ],
  terrazzo: [
    ['Venetian', 'multi-colour'],
    ['Confetti', 'multi-colour'],
    ['Palladiana', 'white'],
  ],
  clay: [
    ['Reclaimed Red', 'red-pink'],
    ['Antique White', 'white'],
    ['Smoked Grey', 'grey'],
  ],
};

interface CategoryPlan {
  slug: string;
  name: string;
  section: string;
  count: number;
  materials: Material[];
  form: string;
  sizes: string[];
  /** Priced per item rather than per m²: no samples, no m² field. */
  sundries?: boolean;
  /** What the category's prices are for, when not the m² of tiles. */
  unit?: SellingUnit;
}

const TILE_SIZES = [
  '305x305x10',
  '406x406x12',
  '600x300x10',
  '600x400x15',
  '610x406x12',
  '600x600x20',
  '900x600x20',
  '1200x600x20',
];
const ALL_STONE: Material[] = ['marble', 'limestone', 'travertine', 'slate', 'granite'];

const PLANS: CategoryPlan[] = [
  plan('marble-tiles', 'Marble Tiles', 'stone-collection', 26, ['marble'], 'Tiles', TILE_SIZES),
  plan(
    'limestone-tiles',
    'Limestone Tiles',
    'stone-collection',
    18,
    ['limestone'],
    'Tiles',
    TILE_SIZES,
  ),
  plan('mosaic-tiles', 'Mosaic Tiles', 'stone-collection', 16, ALL_STONE, 'Mosaic Tiles', [
    '305x305x10',
    '300x300x8',
  ]),
  plan(
    'travertine-tiles',
    'Travertine Tiles',
    'stone-collection',
    16,
    ['travertine'],
    'Tiles',
    TILE_SIZES,
  ),
  plan('slate-tiles', 'Slate Tiles', 'stone-collection', 12, ['slate'], 'Tiles', TILE_SIZES),
  plan(
    'stone-pavers',
    'Stone Pavers',
    'stone-collection',
    10,
    ['sandstone', 'limestone', 'granite', 'quartzite'],
    'Pavers',
    ['600x600x20', '900x600x20', '800x400x30'],
  ),
  plan('granite-tiles', 'Granite Tiles', 'stone-collection', 12, ['granite'], 'Tiles', TILE_SIZES),
  plan('clay-brick-slips', 'Clay Brick Slips', 'stone-collection', 6, ['clay'], 'Brick Slips', [
    '215x65x20',
    '240x52x20',
  ]),
  plan(
    'bookmatch-slabs',
    'Bookmatch Slabs',
    'stone-slabs',
    6,
    ['marble', 'onyx', 'quartzite'],
    'Bookmatch Slab',
    ['2800x1600x20', '3000x1800x20'],
  ),
  plan(
    'slabs',
    'Slabs',
    'stone-slabs',
    10,
    ['marble', 'granite', 'quartzite', 'terrazzo'],
    'Slab',
    ['2800x1600x20', '3000x1800x30', '3200x1900x30'],
  ),
  plan(
    'vanity-tops',
    'Vanity Tops',
    'stone-slabs',
    8,
    ['marble', 'granite', 'terrazzo'],
    'Vanity Top',
    ['1000x550x20', '1200x550x30', '1500x550x30'],
  ),
  plan(
    'off-cut-granite-quartz',
    'Off-Cut Granite & Quartz',
    'stone-slabs',
    6,
    ['granite', 'quartzite'],
    'Off-Cut',
    ['800x600x20', '1200x650x30'],
  ),
  plan(
    'window-sills',
    'Window Sills',
    'custom-stonework',
    6,
    ['marble', 'limestone', 'granite'],
    'Window Sill',
    ['1000x200x20', '1500x250x30'],
  ),
  plan(
    'mouldings-skirtings',
    'Mouldings & Skirtings',
    'custom-stonework',
    10,
    ['marble', 'limestone', 'travertine'],
    'Skirting',
    ['1200x150x20', '600x100x18', '305x50x15'],
    'linear_metre',
  ),
  plan(
    'stone-sinks',
    'Stone Sinks',
    'custom-stonework',
    8,
    ['marble', 'travertine', 'granite', 'onyx'],
    'Basin',
    ['450x350x120', '500x400x150'],
    'each',
  ),
  plan('slate-hearths', 'Slate Hearths', 'custom-stonework', 6, ['slate'], 'Hearth', [
    '1200x450x30',
    '1500x450x30',
  ]),
  plan(
    'table-tops',
    'Table Tops',
    'custom-stonework',
    6,
    ['marble', 'terrazzo', 'granite'],
    'Table Top',
    ['900x900x20', '1200x800x20'],
  ),
  plan(
    'chequerboard-tiles',
    'Chequerboard Tiles',
    'design-pattern',
    10,
    ['marble', 'limestone'],
    'Chequerboard Tiles',
    ['305x305x10', '457x457x12'],
  ),
  plan(
    'herringbone-tiles',
    'Herringbone Tiles',
    'design-pattern',
    12,
    ALL_STONE,
    'Herringbone Tiles',
    ['300x75x10', '400x100x12', '600x150x15'],
  ),
  plan(
    'hexagon-tiles',
    'Hexagon Tiles',
    'design-pattern',
    10,
    ['marble', 'terrazzo', 'limestone'],
    'Hexagon Tiles',
    ['200x230x10', '100x115x10'],
  ),
  plan(
    'metro-tiles',
    'Metro Tiles',
    'design-pattern',
    8,
    ['marble', 'limestone', 'slate'],
    'Metro Tiles',
    ['200x100x10', '300x100x10'],
  ),
  plan(
    'maxi-chequerboard-tiles',
    'Maxi Chequerboard Tiles',
    'design-pattern',
    6,
    ['marble'],
    'Maxi Chequerboard Tiles',
    ['600x600x20', '610x610x15'],
  ),
  plan(
    'octagon-cabochon-tiles',
    'Octagon & Cabochon Tiles',
    'design-pattern',
    6,
    ['marble', 'limestone'],
    'Octagon & Cabochon Tiles',
    ['300x300x10', '450x450x12'],
  ),
  plan(
    'triangle-tiles',
    'Triangle Tiles',
    'design-pattern',
    6,
    ['marble', 'terrazzo'],
    'Triangle Tiles',
    ['250x250x10', '200x200x10'],
  ),
  plan(
    'stock-clearance',
    'Stock Clearance',
    'stone-collection',
    14,
    ALL_STONE,
    'Tiles',
    TILE_SIZES,
  ),
  {
    ...plan('tiling-products', 'Tiling Products', 'stone-collection', 10, ['slate'], 'Sundries', [
      '1 Litre',
      '5 Litre',
    ]),
    sundries: true,
    // A tin of sealer or a bag of adhesive: its option names the tin, its price is the tin's.
    unit: 'each',
  },
];

function plan(
  slug: string,
  name: string,
  section: string,
  count: number,
  materials: Material[],
  form: string,
  sizes: string[],
  unit?: SellingUnit,
): CategoryPlan {
  return { slug, name, section, count, materials, form, sizes, unit };
}

export const SEED_CATEGORIES = PLANS.map(({ slug, name, section }, position) => ({
  slug,
  name,
  section,
  position,
}));

/** Which rooms each finish suits: honest advice, so the filters make sense to a shopper. */
const USAGE_BY_FINISH: Record<string, string[]> = {
  'polished-shiny-smooth': [
    'kitchen',
    'kitchen-splashback',
    'bathroom',
    'living-room',
    'living-room-floor',
  ],
  'honed-matt-smooth': ['kitchen', 'bathroom', 'bathroom-floor', 'living-room-floor', 'wet-room'],
  'brushed-rough-finish': ['bathroom-floor', 'wet-room', 'outdoor', 'pool', 'kitchen'],
  'split-face': ['living-room', 'kitchen-splashback', 'outdoor'],
  'tumbled-rough-edgy': ['outdoor', 'pool', 'wet-room', 'bathroom-floor', 'kitchen-splashback'],
};
const FINISH_WORDS: Record<string, string> = {
  'polished-shiny-smooth': 'Polished',
  'honed-matt-smooth': 'Honed',
  'brushed-rough-finish': 'Brushed',
  'split-face': 'Split Face',
  'tumbled-rough-edgy': 'Tumbled',
};
const SUNDRIES = [
  'Impregnating Stone Sealer',
  'Colour Enhancing Sealer',
  'pH Neutral Stone Cleaner',
  'Intensive Grout Haze Remover',
  'White Flexible S1 Tile Adhesive',
  'Rapid Set Grey Tile Adhesive',
  'Fine Joint Grout Ivory',
  'Wide Joint Grout Grey',
  'Stone Grout Sealer',
  'Anti-Slip Floor Treatment',
];
const SUNDRY_PRICES = [1495, 1895, 995, 1295, 2295, 1995, 895, 995, 1195, 2495];

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
