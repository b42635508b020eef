// The demo catalogue's plan: real stone names and colours, the categories with their sizes, which
// rooms each finish suits and the sundries. catalogue.ts turns it into products.
import { MATERIAL_SLUGS } from '#domain/catalogue.ts';
import type { SellingUnit } from '#domain/selling-unit.ts';

export type Material = (typeof MATERIAL_SLUGS)[number];

/** Real stone names with the colour each is known for. */
export const STONES: Record<string, [name: string, colour: string][]> = {
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

export interface CategoryPlan {
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

export const TILE_SIZES = [
  '305x305x10',
  '406x406x12',
  '600x300x10',
  '600x400x15',
  '610x406x12',
  '600x600x20',
  '900x600x20',
  '1200x600x20',
];
export const ALL_STONE: Material[] = ['marble', 'limestone', 'travertine', 'slate', 'granite'];

export const PLANS: CategoryPlan[] = [
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

export function plan(
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
export const USAGE_BY_FINISH: Record<string, string[]> = {
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
export const FINISH_WORDS: Record<string, string> = {
  'polished-shiny-smooth': 'Polished',
  'honed-matt-smooth': 'Honed',
  'brushed-rough-finish': 'Brushed',
  'split-face': 'Split Face',
  'tumbled-rough-edgy': 'Tumbled',
};
export const SUNDRIES = [
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
export const SUNDRY_PRICES = [1495, 1895, 995, 1295, 2295, 1995, 895, 995, 1195, 2495];
