// One painter per stone material, each layering noise fields and stamps from texture-canvas.ts
// into the look of that stone, plus the multi-colour tint laid over the others.

import { cellNoise, fbm, gradientNoise, hashUnit, smoothstep, turbulence } from './noise.ts';
import type { Rgb } from './stone-palettes.ts';
import type { StoneMaterial } from './stone-image.ts';
import {
  addGrain,
  blend,
  field,
  fieldPair,
  pick,
  ramp3,
  shade,
  stampArc,
  stampCount,
  stampEllipse,
  stampPolygon,
  type PaintContext,
  type Painter,
} from './texture-canvas.ts';

const marble: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, px } = canvas;
  const cloud = gradientNoise(nextSeed());
  const warp = gradientNoise(nextSeed());
  const vein = gradientNoise(nextSeed());
  const fade = gradientNoise(nextSeed());
  const veinColour = pick(palette.veins, rand());
  const ghost = palette.ground[2];
  const angle = rand() * Math.PI;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const strength = 0.75 + rand() * 0.25;
  const clouds = field(canvas, 160, 160, (u, v) => fbm(cloud, u * 2.2, v * 2.2, 4));
  const fades = field(canvas, 80, 80, (u, v) => fade(u * 2.5, v * 2.5));
  // Domain-warped, stretched coordinates: veins run roughly along `angle` and meander. Where the
  // warped noise crosses zero, 1 - |noise| peaks: a thin, sinuous ridge.
  const [main, fine] = fieldPair(canvas, 240, 240, (u, v, out) => {
    const wx = u + 0.45 * turbulence(warp, u * 1.7, v * 1.7, 4);
    const wy = v + 0.45 * turbulence(warp, u * 1.7 + 7.3, v * 1.7 + 3.1, 4);
    const p = wx * ca + wy * sa;
    const q = -wx * sa + wy * ca;
    out[0] = fbm(vein, p * 1.1, q * 3.2, 4);
    out[1] = fbm(vein, p * 4.1 + 11.5, q * 9.7 + 5.5, 3);
  });
  for (let j = 0, i = 0; j < width * height; j++, i += 3) {
    ramp3(px, i, palette.ground, 0.22 + clouds[j]! * 0.45);
    const ridge = 1 - Math.abs(main[j]!);
    const along = 0.35 + 0.65 * smoothstep(-0.35, 0.35, fades[j]!);
    // Soft "ghost" veining around the main veins, then the crisp veins themselves.
    blend(px, i, ghost, smoothstep(0.8, 0.97, ridge) * 0.22 * along);
    blend(px, i, veinColour, smoothstep(0.955, 0.992, ridge) * strength * along);
    const fineRidge = 1 - Math.abs(fine[j]!);
    blend(px, i, veinColour, smoothstep(0.97, 0.996, fineRidge) * 0.35 * along * along);
  }
  addGrain(canvas, 4, nextSeed());
};

const limestone: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, unit } = canvas;
  const cloud = gradientNoise(nextSeed());
  const bed = gradientNoise(nextSeed());
  const tone = field(
    canvas,
    160,
    160,
    (u, v) => 0.2 + fbm(cloud, u * 2.5, v * 2.5, 5) * 0.22 + fbm(bed, u * 0.6, v * 7, 3) * 0.1,
  );
  for (let j = 0; j < width * height; j++) ramp3(canvas.px, j * 3, palette.ground, tone[j]!);
  addGrain(canvas, 7, nextSeed());
  const dark = palette.ground[2];
  const speckles = stampCount(canvas, 2600);
  for (let k = 0; k < speckles; k++) {
    const r = (0.0008 + rand() * rand() * 0.0035) * unit;
    const light = rand() < 0.3;
    stampEllipse(
      canvas,
      rand() * width,
      rand() * height,
      r,
      r * (0.6 + rand() * 0.4),
      light ? palette.ground[0] : dark,
      light ? 0.5 : 0.25 + rand() * 0.35,
    );
  }
  const fossils = stampCount(canvas, 40);
  for (let k = 0; k < fossils; k++) {
    const r = (0.006 + rand() * 0.016) * unit;
    const full = rand() < 0.12;
    stampArc(
      canvas,
      rand() * width,
      rand() * height,
      r,
      Math.max(0.7, r * 0.1),
      rand() * 2 * Math.PI,
      full ? 2 * Math.PI : 1 + rand() * 2.2,
      dark,
      0.22 + rand() * 0.18,
    );
  }
};

const travertine: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, unit, px } = canvas;
  const band = gradientNoise(nextSeed());
  const swell = gradientNoise(nextSeed());
  const streak = gradientNoise(nextSeed());
  // Layers are long and thin: coarse across, fine down.
  const bands = field(canvas, 80, 640, (u, v) =>
    fbm(band, u * 1.3, v * 11 + 0.6 * fbm(swell, u * 1.2, v * 1.2, 3), 5),
  );
  const streaks = field(canvas, 40, 640, (u, v) => streak(u * 3, v * 90));
  for (let j = 0, i = 0; j < width * height; j++, i += 3) {
    ramp3(px, i, palette.ground, 0.38 + bands[j]! * 0.7);
    shade(px, i, 1 + streaks[j]! * 0.05);
  }
  addGrain(canvas, 6, nextSeed());
  // Pits: small, horizontally stretched voids that gather along the darker bands.
  const dark: Rgb = [
    palette.ground[2][0] * 0.55,
    palette.ground[2][1] * 0.52,
    palette.ground[2][2] * 0.5,
  ];
  const pits = stampCount(canvas, 520);
  let placed = 0;
  for (let attempt = 0; attempt < pits * 4 && placed < pits; attempt++) {
    const x = rand() * width;
    const y = rand() * height;
    const r = rand();
    const here = bands[Math.floor(y) * width + Math.floor(x)] ?? 0;
    if (here < -0.05 + r * 0.2 && r > 0.15) continue;
    const rx = (0.002 + rand() * rand() * 0.016) * unit;
    const ry = Math.max(0.7, rx * (0.22 + rand() * 0.25));
    stampEllipse(canvas, x, y, rx, ry, dark, 0.55 + rand() * 0.35, 0.35);
    // A lighter lip under the void, as the light catches its lower edge.
    stampEllipse(
      canvas,
      x,
      y + ry * 0.9,
      rx * 0.85,
      Math.max(0.5, ry * 0.35),
      palette.ground[0],
      0.3,
    );
    placed++;
  }
};

const slate: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, unit, px } = canvas;
  const layer = gradientNoise(nextSeed());
  const rough = gradientNoise(nextSeed());
  const tone = gradientNoise(nextSeed());
  const angle = (rand() - 0.5) * 0.6;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const steps = 2.5 + rand() * 1.5;
  const layerSeed = nextSeed();
  // Cleft surface: flat plates of rock broken off in steps with sharp edges, each plate a
  // slightly different tone, finely striated along the cleavage.
  const plates = field(
    canvas,
    240,
    240,
    (u, v) => (fbm(layer, (u * ca + v * sa) * 1.8, (-u * sa + v * ca) * 3, 5) + 1) * steps,
  );
  const striae = field(canvas, 80, 640, (u, v) => {
    const p = u * ca + v * sa;
    const q = -u * sa + v * ca;
    return fbm(rough, p * 3, q * 45, 3) * 0.35;
  });
  const tones = field(canvas, 80, 80, (u, v) => 0.55 + fbm(tone, u * 2, v * 2, 4) * 0.7);
  const heights = new Float32Array(width * height);
  const levels = new Float32Array(width * height);
  const roughSeed = nextSeed();
  for (let y = 0, j = 0; y < height; y++) {
    for (let x = 0; x < width; x++, j++) {
      const h = plates[j]!;
      const level = Math.floor(h);
      heights[j] =
        (level + smoothstep(0.82, 1, h - level)) * 1.4 +
        striae[j]! +
        (hashUnit(x, y, roughSeed) - 0.5) * 0.06 * (640 / unit);
      levels[j] = (hashUnit(level, 7, layerSeed) - 0.5) * 0.35;
    }
  }
  const k = unit / 640;
  for (let y = 0, j = 0; y < height; y++) {
    for (let x = 0; x < width; x++, j++) {
      const i = j * 3;
      const hx = heights[j + (x < width - 1 ? 1 : 0)]! - heights[j - (x > 0 ? 1 : 0)]!;
      const hy = heights[j + (y < height - 1 ? width : 0)]! - heights[j - (y > 0 ? width : 0)]!;
      ramp3(px, i, palette.ground, tones[j]! + levels[j]!);
      // Light from the upper left catches the edges of the cleft plates.
      const light = Math.max(-0.4, Math.min(0.4, (-hx - hy) * 0.8 * k));
      shade(px, i, 1 + light);
    }
  }
  addGrain(canvas, 9, nextSeed());
};

const granite: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, unit, px } = canvas;
  const small = cellNoise(nextSeed());
  const large = cellNoise(nextSeed());
  const smallScale = 150 + rand() * 40;
  const largeScale = 38 + rand() * 18;
  // Mineral mix: mostly ground tones, then dark mica, light quartz and colourful feldspar.
  const minerals: Rgb[] = [
    palette.ground[0],
    palette.ground[0],
    palette.ground[1],
    palette.ground[1],
    palette.ground[2],
    pick(palette.accents, 0),
    pick(palette.accents, 0),
    pick(palette.accents, 0.3),
    pick(palette.accents, 0.55),
    pick(palette.accents, rand()),
  ];
  const phenocryst: Rgb[] = [palette.ground[1], palette.ground[0], pick(palette.accents, 0.8)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / unit;
      const v = y / unit;
      const i = (y * width + x) * 3;
      const big = large(u * largeScale, v * largeScale);
      if (big.id < 0.22 && big.f1 < 0.42) {
        const c = pick(phenocryst, big.id2);
        px[i] = c[0];
        px[i + 1] = c[1];
        px[i + 2] = c[2];
        shade(px, i, 0.92 + big.id * 0.36);
        continue;
      }
      const cell = small(u * smallScale, v * smallScale);
      const c = pick(minerals, cell.id);
      px[i] = c[0];
      px[i + 1] = c[1];
      px[i + 2] = c[2];
      // Each crystal has its own brightness; its boundary is slightly darker.
      shade(
        px,
        i,
        (0.88 + cell.id2 * 0.2) * (0.92 + 0.08 * smoothstep(0, 0.12, cell.f2 - cell.f1)),
      );
    }
  }
  addGrain(canvas, 4, nextSeed());
};

const sandstone: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, px } = canvas;
  const warp = gradientNoise(nextSeed());
  const band = gradientNoise(nextSeed());
  const iron = gradientNoise(nextSeed());
  const tilt = (rand() - 0.5) * 0.4;
  const ironColour: Rgb = [
    palette.ground[2][0] * 0.95,
    palette.ground[2][1] * 0.72,
    palette.ground[2][2] * 0.55,
  ];
  // Bedding: gently tilted, wavy layers of irregular width.
  const bedding = (u: number, v: number) =>
    (v + u * tilt) * 9 + fbm(warp, u * 1.4, v * 1.4, 4) * 1.6 + Math.sin(u * 5) * 0.3;
  const [tones, lines] = fieldPair(canvas, 320, 320, (u, v, out) => {
    const b = bedding(u, v);
    out[0] = 0.4 + fbm(band, b, 0.37, 3) * 0.9 + fbm(band, u * 3, v * 3, 3) * 0.12;
    out[1] = iron(b * 2.2, u * 0.7);
  });
  for (let j = 0, i = 0; j < width * height; j++, i += 3) {
    ramp3(px, i, palette.ground, tones[j]!);
    blend(px, i, ironColour, smoothstep(0.93, 1, 1 - Math.abs(lines[j]!)) * 0.45);
  }
  addGrain(canvas, 22, nextSeed());
  const seed = nextSeed();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = hashUnit(x, y, seed);
      if (r < 0.04) shade(px, (y * width + x) * 3, 0.82);
      else if (r > 0.985) shade(px, (y * width + x) * 3, 1.08);
    }
  }
};

const quartzite: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, unit, px } = canvas;
  const warp = gradientNoise(nextSeed());
  const band = gradientNoise(nextSeed());
  const crystals = cellNoise(nextSeed());
  const scale = 70 + rand() * 30;
  const angle = rand() * Math.PI;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const veinColour = pick(palette.veins, rand());
  const [tones, streaks] = fieldPair(canvas, 160, 160, (u, v, out) => {
    const p = u * ca + v * sa;
    const q = -u * sa + v * ca;
    const b = q * 6 + fbm(warp, p * 1.3, q * 1.3, 4) * 1.3;
    out[0] = 0.2 + fbm(band, b, p * 0.3, 4) * 0.5;
    out[1] = band(b * 1.7 + 9, p * 0.5);
  });
  for (let y = 0, j = 0; y < height; y++) {
    for (let x = 0; x < width; x++, j++) {
      const i = j * 3;
      ramp3(px, i, palette.ground, tones[j]!);
      blend(px, i, veinColour, smoothstep(0.75, 1, 1 - Math.abs(streaks[j]!)) * 0.2);
      const cell = crystals((x / unit) * scale, (y / unit) * scale);
      // Interlocking grains: faint per-grain brightness and a glassy glint on a few facets.
      let f = 0.95 + cell.id2 * 0.1;
      if (cell.id < 0.07) f += (1 - smoothstep(0, 0.6, cell.f1)) * 0.35;
      shade(px, i, f, (1 - smoothstep(0, 0.05, cell.f2 - cell.f1)) * -6);
    }
  }
  addGrain(canvas, 6, nextSeed());
  const sparkles = stampCount(canvas, 1400);
  for (let k = 0; k < sparkles; k++) {
    const r = (0.0006 + rand() * 0.0012) * unit;
    stampEllipse(
      canvas,
      rand() * width,
      rand() * height,
      r,
      r,
      [255, 255, 252],
      0.5 + rand() * 0.5,
    );
  }
};

const onyx: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, px } = canvas;
  const warp = gradientNoise(nextSeed());
  const glow = gradientNoise(nextSeed());
  const angle = rand() * Math.PI;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const freq = 4 + rand() * 3;
  const edgeColour = pick(palette.veins, 0);
  // Strongly warped, nested bands.
  const bands = field(canvas, 213, 213, (u, v) => {
    const p = u * ca + v * sa;
    const q = -u * sa + v * ca;
    return q * freq + fbm(warp, p * 1.5, q * 1.5, 5) * 2.4;
  });
  const glows = field(canvas, 64, 64, (u, v) => fbm(glow, u * 1.3, v * 1.3, 4));
  for (let j = 0, i = 0; j < width * height; j++, i += 3) {
    const b = bands[j]!;
    // Two interfering frequencies give bands of uneven width.
    const wave = 0.6 * Math.sin(b * 2 * Math.PI) + 0.4 * Math.sin(b * 2 * Math.PI * 2.63 + 1.3);
    ramp3(px, i, palette.ground, 0.5 - wave * 0.45);
    // Translucency: back-lit zones glow lighter and more saturated.
    const g = smoothstep(-0.3, 0.7, glows[j]!);
    const grey = (px[i]! + px[i + 1]! + px[i + 2]!) / 3;
    for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! + (px[i + c]! - grey) * 0.35 * g + 38 * g;
    blend(px, i, edgeColour, smoothstep(0.975, 1, 1 - Math.abs(Math.sin(b * Math.PI))) * 0.55);
  }
  addGrain(canvas, 3, nextSeed());
};

const terrazzo: Painter = ({ canvas, palette, rand, nextSeed }) => {
  const { width, height, unit } = canvas;
  const cloud = gradientNoise(nextSeed());
  const tone = field(canvas, 80, 80, (u, v) => 0.1 + fbm(cloud, u * 3, v * 3, 3) * 0.15);
  for (let j = 0; j < width * height; j++) ramp3(canvas.px, j * 3, palette.ground, tone[j]!);
  addGrain(canvas, 12, nextSeed());
  const chipColours: Rgb[] = [...palette.accents, ...palette.veins];
  const placed: { x: number; y: number; r: number }[] = [];
  const chip = (minR: number, maxR: number, count: number) => {
    for (let attempt = 0, n = 0; attempt < count * 6 && n < count; attempt++) {
      const r = (minR + rand() * rand() * (maxR - minR)) * unit;
      const x = rand() * width;
      const y = rand() * height;
      if (placed.some((c) => Math.hypot(c.x - x, c.y - y) < (c.r + r) * 0.92)) continue;
      placed.push({ x, y, r });
      const sides = 5 + Math.floor(rand() * 4);
      const rot = rand() * 2 * Math.PI;
      const stretch = 0.6 + rand() * 0.4;
      const xs: number[] = [];
      const ys: number[] = [];
      for (let s = 0; s < sides; s++) {
        const a = rot + ((s + rand() * 0.6) / sides) * 2 * Math.PI;
        const rr = r * (0.7 + rand() * 0.3);
        const lx = Math.cos(a) * rr;
        const ly = Math.sin(a) * rr * stretch;
        xs.push(x + lx * Math.cos(rot) - ly * Math.sin(rot));
        ys.push(y + lx * Math.sin(rot) + ly * Math.cos(rot));
      }
      stampPolygon(canvas, xs, ys, pick(chipColours, rand()), nextSeed());
      n++;
    }
  };
  chip(0.02, 0.045, stampCount(canvas, 40));
  chip(0.008, 0.02, stampCount(canvas, 220));
  chip(0.003, 0.008, stampCount(canvas, 900));
};

/** Rust, moss, heather and ochre casts for multi-colour stones. */
const MULTI_TINTS: readonly Rgb[] = [
  [1.2, 0.92, 0.74],
  [0.84, 1.05, 0.94],
  [1.03, 0.88, 1.1],
  [1.12, 1.04, 0.76],
];

/** Multi-colour stones: large, soft patches of two different mineral casts over the texture. */
export function multiTint({ canvas, rand, nextSeed }: PaintContext): void {
  const { width, height, px } = canvas;
  const first = Math.floor(rand() * MULTI_TINTS.length);
  const a = pick(MULTI_TINTS, first / MULTI_TINTS.length);
  const b = pick(MULTI_TINTS, ((first + 1 + Math.floor(rand() * 3)) % 4) / MULTI_TINTS.length);
  const na = gradientNoise(nextSeed());
  const nb = gradientNoise(nextSeed());
  const fas = field(canvas, 40, 40, (u, v) => smoothstep(-0.2, 0.4, fbm(na, u * 2.2, v * 2.2, 3)));
  const fbs = field(canvas, 40, 40, (u, v) => smoothstep(-0.2, 0.4, fbm(nb, u * 2.2, v * 2.2, 3)));
  for (let j = 0, i = 0; j < width * height; j++, i += 3) {
    const fa = fas[j]!;
    const fb = fbs[j]! * (1 - fa * 0.5);
    for (let c = 0; c < 3; c++) {
      px[i + c] = px[i + c]! * (1 + ((a[c]! - 1) * fa + (b[c]! - 1) * fb) * 0.45);
    }
  }
}

export const PAINTERS: Record<StoneMaterial, Painter> = {
  marble,
  limestone,
  travertine,
  slate,
  granite,
  sandstone,
  quartzite,
  onyx,
  terrazzo,
};
