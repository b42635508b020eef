import type { StoneColour, StoneMaterial } from './stone-image.ts';

export type Rgb = readonly [number, number, number];

export interface StonePalette {
  /** Ground tones from light to dark; textures blend between them. */
  ground: readonly [Rgb, Rgb, Rgb];
  /** Contrast colours for veins, lines and band edges. */
  veins: readonly Rgb[];
  /** Speckle and chip colours (granite crystals, terrazzo aggregate, fossils). */
  accents: readonly Rgb[];
}

const PALETTES: Record<StoneColour, StonePalette> = {
  white: {
    ground: [
      [244, 243, 239],
      [226, 225, 221],
      [196, 196, 194],
    ],
    veins: [
      [112, 114, 120],
      [150, 152, 156],
      [182, 150, 94],
    ],
    accents: [
      [48, 48, 50],
      [150, 150, 152],
      [212, 208, 200],
      [96, 94, 92],
    ],
  },
  black: {
    ground: [
      [66, 66, 70],
      [42, 42, 45],
      [22, 22, 25],
    ],
    veins: [
      [234, 231, 224],
      [200, 200, 198],
      [198, 160, 96],
    ],
    accents: [
      [120, 120, 122],
      [210, 208, 202],
      [14, 14, 16],
      [88, 92, 98],
    ],
  },
  grey: {
    ground: [
      [184, 184, 182],
      [148, 149, 149],
      [104, 106, 108],
    ],
    veins: [
      [238, 237, 234],
      [66, 68, 72],
      [210, 210, 206],
    ],
    accents: [
      [42, 42, 46],
      [226, 226, 222],
      [122, 124, 128],
      [170, 160, 150],
    ],
  },
  'beige-brown': {
    ground: [
      [222, 204, 176],
      [192, 166, 130],
      [140, 108, 76],
    ],
    veins: [
      [116, 84, 56],
      [242, 232, 214],
      [160, 120, 82],
    ],
    accents: [
      [92, 64, 44],
      [238, 226, 204],
      [176, 132, 90],
      [60, 52, 48],
    ],
  },
  'cream-yellow': {
    ground: [
      [242, 230, 196],
      [228, 208, 158],
      [196, 168, 110],
    ],
    veins: [
      [178, 136, 74],
      [250, 244, 226],
      [128, 104, 76],
    ],
    accents: [
      [160, 118, 62],
      [250, 246, 232],
      [206, 170, 96],
      [112, 96, 78],
    ],
  },
  'blue-green': {
    ground: [
      [118, 156, 150],
      [70, 112, 110],
      [34, 66, 70],
    ],
    veins: [
      [222, 236, 230],
      [24, 44, 48],
      [160, 196, 186],
    ],
    accents: [
      [20, 44, 50],
      [196, 222, 214],
      [62, 104, 132],
      [96, 140, 100],
    ],
  },
  'red-pink': {
    ground: [
      [226, 178, 166],
      [192, 124, 112],
      [132, 64, 60],
    ],
    veins: [
      [244, 232, 226],
      [100, 40, 40],
      [214, 170, 160],
    ],
    accents: [
      [96, 36, 36],
      [246, 226, 220],
      [170, 84, 76],
      [64, 56, 58],
    ],
  },
  'multi-colour': {
    ground: [
      [212, 180, 140],
      [156, 128, 118],
      [104, 108, 96],
    ],
    veins: [
      [238, 228, 212],
      [90, 58, 48],
      [178, 128, 80],
    ],
    accents: [
      [164, 84, 52],
      [84, 118, 96],
      [226, 200, 120],
      [110, 92, 124],
      [40, 40, 44],
      [238, 232, 222],
    ],
  },
};

function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function saturate(c: Rgb, amount: number): Rgb {
  const grey = (c[0] + c[1] + c[2]) / 3;
  return [
    grey + (c[0] - grey) * amount,
    grey + (c[1] - grey) * amount,
    grey + (c[2] - grey) * amount,
  ];
}

function mapPalette(p: StonePalette, f: (c: Rgb) => Rgb): StonePalette {
  return {
    ground: [f(p.ground[0]), f(p.ground[1]), f(p.ground[2])],
    veins: p.veins.map(f),
    accents: p.accents.map(f),
  };
}

const CHARCOAL: Rgb = [28, 30, 33];

/**
 * The palette for one stone: the colour term's base palette, adjusted for how the material
 * usually looks in that colour, then nudged a little per seed so stones of one kind still vary.
 */
export function stonePalette(
  material: StoneMaterial,
  colour: StoneColour,
  rand: () => number,
): StonePalette {
  let palette = PALETTES[colour];
  if (material === 'slate') {
    // Slate is a dark, dull rock whatever its colour name: pull every tone towards charcoal.
    const pull = colour === 'white' ? 0.3 : colour === 'black' ? 0.15 : 0.42;
    palette = mapPalette(palette, (c) => mixRgb(saturate(c, 0.7), CHARCOAL, pull));
  } else if (material === 'onyx') {
    palette = mapPalette(palette, (c) => saturate(c, 1.25));
  } else if (material === 'limestone' || material === 'sandstone') {
    palette = mapPalette(palette, (c) => saturate(c, 0.9));
  }
  const tint: Rgb = [
    1 + (rand() - 0.5) * 0.06,
    1 + (rand() - 0.5) * 0.05,
    1 + (rand() - 0.5) * 0.06,
  ];
  const light = 1 + (rand() - 0.5) * 0.08;
  return mapPalette(palette, (c) => [
    Math.min(255, c[0] * tint[0] * light),
    Math.min(255, c[1] * tint[1] * light),
    Math.min(255, c[2] * tint[2] * light),
  ]);
}
