// Procedural natural-stone textures, painted into an RGB float canvas with the noise helpers.
// Coordinates are normalised to the longer side of the canvas (u, v in [0, 1]) so that one spec
// paints the same picture at every resolution.

import { hashString, mulberry32 } from './noise.ts';
import { stonePalette } from './stone-palettes.ts';
import type { StoneColour, StoneMaterial } from './stone-image.ts';
import { multiTint, PAINTERS } from './stone-painters.ts';
import type { Canvas, PaintContext } from './texture-canvas.ts';

/** Paints one stone texture as packed 8-bit RGB, `width * height * 3` bytes. */
export function paintStoneTexture(
  material: StoneMaterial,
  colour: StoneColour,
  seed: number,
  width: number,
  height: number,
): Uint8Array {
  const rand = mulberry32(hashString(`${material}/${colour}/${seed}`));
  const canvas: Canvas = {
    width,
    height,
    unit: Math.max(width, height),
    px: new Float32Array(width * height * 3),
  };
  const palette = stonePalette(material, colour, rand);
  const nextSeed = () => Math.floor(rand() * 4294967296);
  const ctx: PaintContext = { canvas, palette, rand, nextSeed };
  PAINTERS[material](ctx);
  // Granite and terrazzo already mix several colours grain by grain.
  if (colour === 'multi-colour' && material !== 'granite' && material !== 'terrazzo') {
    multiTint(ctx);
  }
  // Uint8ClampedArray conversion clamps to 0..255 and rounds, natively.
  const out = new Uint8ClampedArray(canvas.px);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
