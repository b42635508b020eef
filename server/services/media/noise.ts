// Small, dependency-free building blocks for procedural textures: a seeded PRNG, integer hashes,
// 2-D gradient noise, fractal sums of it and cellular (Worley) noise. Everything here is a pure
// function of its seed, so a texture painted with it is reproducible byte for byte.

/** mulberry32: a tiny 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, as an unsigned 32-bit integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hash of an integer lattice point and a seed, as an unsigned 32-bit integer. */
export function hash2(ix: number, iy: number, seed: number): number {
  let h = seed ^ Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const INV_2_32 = 1 / 4294967296;

/** `hash2` scaled to a float in [0, 1). */
export function hashUnit(ix: number, iy: number, seed: number): number {
  return hash2(ix, iy, seed) * INV_2_32;
}

export type Noise2D = (x: number, y: number) => number;

const GRADIENTS = 16;
const GRAD_X = new Float64Array(GRADIENTS);
const GRAD_Y = new Float64Array(GRADIENTS);
for (let i = 0; i < GRADIENTS; i++) {
  GRAD_X[i] = Math.cos((i * 2 * Math.PI) / GRADIENTS);
  GRAD_Y[i] = Math.sin((i * 2 * Math.PI) / GRADIENTS);
}

/**
 * Perlin-style gradient noise with 16 evenly spread gradients and a seeded permutation table.
 * Smooth, roughly in [-1, 1], 0 at every integer lattice point, period 256.
 */
export function gradientNoise(seed: number): Noise2D {
  const rand = mulberry32(seed);
  const p = new Uint8Array(256);
  for (let i = 0; i < 256; i++) p[i] = i;
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  const perm = new Uint8Array(512);
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255]!;
  const gx = new Float64Array(512);
  const gy = new Float64Array(512);
  for (let i = 0; i < 512; i++) {
    gx[i] = GRAD_X[perm[i]! & (GRADIENTS - 1)]!;
    gy[i] = GRAD_Y[perm[i]! & (GRADIENTS - 1)]!;
  }

  return (x, y) => {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const X = xf & 255;
    const Y = yf & 255;
    const dx = x - xf;
    const dy = y - yf;
    const u = dx * dx * dx * (dx * (dx * 6 - 15) + 10);
    const v = dy * dy * dy * (dy * (dy * 6 - 15) + 10);
    const a = perm[X]! + Y;
    const b = perm[X + 1]! + Y;
    const aa = perm[a]!;
    const ab = perm[a + 1]!;
    const ba = perm[b]!;
    const bb = perm[b + 1]!;
    const n00 = gx[aa]! * dx + gy[aa]! * dy;
    const n10 = gx[ba]! * (dx - 1) + gy[ba]! * dy;
    const n01 = gx[ab]! * dx + gy[ab]! * (dy - 1);
    const n11 = gx[bb]! * (dx - 1) + gy[bb]! * (dy - 1);
    const nx0 = n00 + u * (n10 - n00);
    const nx1 = n01 + u * (n11 - n01);
    return (nx0 + v * (nx1 - nx0)) * 1.41;
  };
}

// Each octave is rotated a little against the previous one so lattice artefacts do not line up.
const ROT_C = 0.8;
const ROT_S = 0.6;

/** Fractal sum of `octaves` octaves of `noise`, normalised to roughly [-1, 1]. */
export function fbm(noise: Noise2D, x: number, y: number, octaves: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x, y);
    norm += amp;
    const nx = (x * ROT_C - y * ROT_S) * 2.03 + 17.17;
    y = (x * ROT_S + y * ROT_C) * 2.03 + 31.41;
    x = nx;
    amp *= 0.5;
  }
  return sum / norm;
}

/** Fractal sum of |noise|: billowy "turbulence" in [0, 1]. */
export function turbulence(noise: Noise2D, x: number, y: number, octaves: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * Math.abs(noise(x, y));
    norm += amp;
    const nx = (x * ROT_C - y * ROT_S) * 2.03 + 17.17;
    y = (x * ROT_S + y * ROT_C) * 2.03 + 31.41;
    x = nx;
    amp *= 0.5;
  }
  return sum / norm;
}

/** Result of a cellular-noise lookup; reused between calls to avoid allocation. */
export interface CellSample {
  /** Distance to the nearest feature point, in cell units. */
  f1: number;
  /** Distance to the second-nearest feature point. */
  f2: number;
  /** Hash of the nearest cell, in [0, 1). */
  id: number;
  /** A second, independent hash of the nearest cell, in [0, 1). */
  id2: number;
}

/**
 * Cellular (Worley) noise on a jittered unit grid: call it, then read the returned sample.
 * Consecutive lookups in the same cell (the usual case when scanning pixels) reuse the feature
 * points of the 3 x 3 neighbourhood instead of hashing them again.
 */
export function cellNoise(seed: number): (x: number, y: number) => CellSample {
  const out: CellSample = { f1: 0, f2: 0, id: 0, id2: 0 };
  const fx = new Float64Array(9);
  const fy = new Float64Array(9);
  const fh = new Uint32Array(9);
  let lastX = NaN;
  let lastY = NaN;
  return (x, y) => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    if (ix !== lastX || iy !== lastY) {
      lastX = ix;
      lastY = iy;
      let k = 0;
      for (let cy = iy - 1; cy <= iy + 1; cy++) {
        for (let cx = ix - 1; cx <= ix + 1; cx++, k++) {
          const h = hash2(cx, cy, seed);
          fx[k] = cx + (h & 0xffff) / 65536;
          fy[k] = cy + (h >>> 16) / 65536;
          fh[k] = h;
        }
      }
    }
    let f1 = 1e9;
    let f2 = 1e9;
    let best = 0;
    for (let k = 0; k < 9; k++) {
      const dx = fx[k]! - x;
      const dy = fy[k]! - y;
      const d = dx * dx + dy * dy;
      if (d < f1) {
        f2 = f1;
        f1 = d;
        best = k;
      } else if (d < f2) {
        f2 = d;
      }
    }
    const h = fh[best]!;
    out.f1 = Math.sqrt(f1);
    out.f2 = Math.sqrt(f2);
    out.id = (Math.imul(h ^ (h >>> 13), 0x9e3779b1) >>> 0) * INV_2_32;
    out.id2 = (Math.imul(h ^ (h >>> 7), 0x85ebca6b) >>> 0) * INV_2_32;
    return out;
  };
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = x <= edge0 ? 0 : x >= edge1 ? 1 : (x - edge0) / (edge1 - edge0);
  return t * t * (3 - 2 * t);
}

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
