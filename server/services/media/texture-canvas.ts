// The canvas every stone painter draws on and the drawing tools they share: colour blends,
// stamps (ellipses, arcs, chips), smooth noise fields evaluated on a coarse grid, and grain.
// Coordinates are normalised to the longer side of the canvas (u, v in [0, 1]).

import { clamp01, hashUnit, smoothstep } from './noise.ts';
import type { Rgb, StonePalette } from './stone-palettes.ts';

export interface Canvas {
  width: number;
  height: number;
  /** Length of the longer side: one unit of u/v. */
  unit: number;
  /** RGB, 0..255, row-major. */
  px: Float32Array;
}

export interface PaintContext {
  canvas: Canvas;
  palette: StonePalette;
  rand: () => number;
  /** A fresh seed for each noise field a painter needs. */
  nextSeed: () => number;
}

export type Painter = (ctx: PaintContext) => void;

export function pick<T>(items: readonly T[], r: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(r * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Piecewise-linear blend through three tones for t in [0, 1]. */
export function ramp3(
  out: Float32Array,
  i: number,
  tones: readonly [Rgb, Rgb, Rgb],
  t: number,
): void {
  const tc = clamp01(t) * 2;
  const a = tc < 1 ? tones[0] : tones[1];
  const b = tc < 1 ? tones[1] : tones[2];
  const f = tc < 1 ? tc : tc - 1;
  out[i] = a[0] + (b[0] - a[0]) * f;
  out[i + 1] = a[1] + (b[1] - a[1]) * f;
  out[i + 2] = a[2] + (b[2] - a[2]) * f;
}

export function blend(out: Float32Array, i: number, c: Rgb, alpha: number): void {
  if (alpha <= 0) return;
  const a = alpha > 1 ? 1 : alpha;
  out[i] = out[i]! + (c[0] - out[i]!) * a;
  out[i + 1] = out[i + 1]! + (c[1] - out[i + 1]!) * a;
  out[i + 2] = out[i + 2]! + (c[2] - out[i + 2]!) * a;
}

export function shade(out: Float32Array, i: number, factor: number, add = 0): void {
  out[i] = out[i]! * factor + add;
  out[i + 1] = out[i + 1]! * factor + add;
  out[i + 2] = out[i + 2]! * factor + add;
}

/** Number of stamps for a density given per unit area (unit = longer side). */
export function stampCount(canvas: Canvas, perUnitArea: number): number {
  return Math.round((perUnitArea * canvas.width * canvas.height) / (canvas.unit * canvas.unit));
}

/** Soft elliptical stamp: colour blended in with alpha falling off towards the rim. */
export function stampEllipse(
  canvas: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colour: Rgb,
  alpha: number,
  hardness = 0.5,
): void {
  const { width, height, px } = canvas;
  const x0 = Math.max(0, Math.floor(cx - rx - 1));
  const x1 = Math.min(width - 1, Math.ceil(cx + rx + 1));
  const y0 = Math.max(0, Math.floor(cy - ry - 1));
  const y1 = Math.min(height - 1, Math.ceil(cy + ry + 1));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - cx) / (rx + 0.5);
      const dy = (y + 0.5 - cy) / (ry + 0.5);
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d >= 1) continue;
      blend(px, (y * width + x) * 3, colour, alpha * (1 - smoothstep(hardness, 1, d)));
    }
  }
}

/** A fragment of a ring (a shell section in limestone). */
export function stampArc(
  canvas: Canvas,
  cx: number,
  cy: number,
  r: number,
  thickness: number,
  start: number,
  span: number,
  colour: Rgb,
  alpha: number,
): void {
  const { width, height, px } = canvas;
  const reach = r + thickness + 1;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const x1 = Math.min(width - 1, Math.ceil(cx + reach));
  const y0 = Math.max(0, Math.floor(cy - reach));
  const y1 = Math.min(height - 1, Math.ceil(cy + reach));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const d = Math.abs(Math.sqrt(dx * dx + dy * dy) - r);
      if (d > thickness) continue;
      let a = Math.atan2(dy, dx) - start;
      a -= Math.floor(a / (2 * Math.PI)) * 2 * Math.PI;
      if (a > span) continue;
      const edge = Math.min(a, span - a) / Math.max(1e-6, span * 0.15);
      blend(px, (y * width + x) * 3, colour, alpha * (1 - d / thickness) * Math.min(1, edge));
    }
  }
}

/** Irregular polygon: a terrazzo chip. */
export function stampPolygon(
  canvas: Canvas,
  xs: number[],
  ys: number[],
  colour: Rgb,
  seed: number,
): void {
  const { width, height, px } = canvas;
  const n = xs.length;
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const pxx = x + 0.5;
      let inside = false;
      for (let a = 0, b = n - 1; a < n; b = a++) {
        const ya = ys[a]!;
        const yb = ys[b]!;
        if (ya > py !== yb > py) {
          const xa = xs[a]!;
          const xb = xs[b]!;
          if (pxx < ((xb - xa) * (py - ya)) / (yb - ya) + xa) inside = !inside;
        }
      }
      if (!inside) continue;
      const i = (y * width + x) * 3;
      const grain = 0.94 + hashUnit(x, y, seed) * 0.1;
      px[i] = colour[0] * grain;
      px[i + 1] = colour[1] * grain;
      px[i + 2] = colour[2] * grain;
    }
  }
}

/**
 * Smooth scalar fields over the canvas, evaluated together on a coarse grid (`cellsX` by `cellsY`
 * grid steps per unit) and bilinearly interpolated to every pixel. Noise is the expensive part of
 * a texture; its low-frequency parts do not need evaluating at every pixel, and non-linear shaping
 * (ridges, thresholds, terraces) is applied per pixel afterwards so edges stay crisp. `fn` writes
 * the value of each of the `count` fields at (u, v) into `out`.
 */
function fields(
  canvas: Canvas,
  cellsX: number,
  cellsY: number,
  count: number,
  fn: (u: number, v: number, out: Float64Array) => void,
): Float32Array[] {
  const { width, height, unit } = canvas;
  const stepX = Math.max(1, Math.round(unit / cellsX));
  const stepY = Math.max(1, Math.round(unit / cellsY));
  const gw = Math.ceil((width - 1) / stepX) + 2;
  const gh = Math.ceil((height - 1) / stepY) + 2;
  const grids = Array.from({ length: count }, () => new Float32Array(gw * gh));
  const values = new Float64Array(count);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      fn((gx * stepX) / unit, (gy * stepY) / unit, values);
      for (let c = 0; c < count; c++) grids[c]![gy * gw + gx] = values[c]!;
    }
  }
  const x0s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    x0s[x] = Math.floor(x / stepX);
    txs[x] = x / stepX - x0s[x]!;
  }
  return grids.map((grid) => {
    const out = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      const y0 = Math.floor(y / stepY);
      const ty = y / stepY - y0;
      const row0 = y0 * gw;
      const row1 = row0 + gw;
      for (let x = 0; x < width; x++) {
        const gx = x0s[x]!;
        const tx = txs[x]!;
        const a = grid[row0 + gx]! + (grid[row0 + gx + 1]! - grid[row0 + gx]!) * tx;
        const b = grid[row1 + gx]! + (grid[row1 + gx + 1]! - grid[row1 + gx]!) * tx;
        out[y * width + x] = a + (b - a) * ty;
      }
    }
    return out;
  });
}

/** Two smooth fields sharing their set-up work (e.g. a domain warp); see `fields`. */
export function fieldPair(
  canvas: Canvas,
  cellsX: number,
  cellsY: number,
  fn: (u: number, v: number, out: Float64Array) => void,
): [Float32Array, Float32Array] {
  const [a, b] = fields(canvas, cellsX, cellsY, 2, fn);
  if (!a || !b) throw new Error('unreachable');
  return [a, b];
}

/** One smooth field; see `fields`. */
export function field(
  canvas: Canvas,
  cellsX: number,
  cellsY: number,
  fn: (u: number, v: number) => number,
): Float32Array {
  const [out] = fields(canvas, cellsX, cellsY, 1, (u, v, values) => {
    values[0] = fn(u, v);
  });
  if (!out) throw new Error('unreachable');
  return out;
}

/** Fine per-pixel grain so large flat areas do not look synthetic (and do not band). */
export function addGrain(canvas: Canvas, amount: number, seed: number): void {
  const { width, height, px } = canvas;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      shade(px, (y * width + x) * 3, 1, (hashUnit(x, y, seed) - 0.5) * amount);
    }
  }
}

// ---------------------------------------------------------------------------------------------
