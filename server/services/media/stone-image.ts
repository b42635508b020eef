// Deterministic natural-stone texture images, so the shop looks like a stone shop without a
// single downloaded photo. An image is named by its spec, e.g. `marble-white-17-640.webp`; the
// same name always renders to the same bytes, and StoneImageCache keeps rendered files on disk.

import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { hashString } from './noise.ts';
import { RenderAbandonedError, RenderQueue, type RenderTicket } from './render-queue.ts';
import { paintStoneTexture } from './stone-textures.ts';

export const STONE_MATERIALS = [
  'marble',
  'limestone',
  'travertine',
  'slate',
  'granite',
  'sandstone',
  'quartzite',
  'onyx',
  'terrazzo',
] as const;

/** The shop's colour term slugs. */
export const STONE_COLOURS = [
  'white',
  'black',
  'grey',
  'beige-brown',
  'cream-yellow',
  'blue-green',
  'red-pink',
  'multi-colour',
] as const;

export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export const IMAGE_FORMATS = ['webp', 'avif', 'jpg'] as const;

export type StoneMaterial = (typeof STONE_MATERIALS)[number];
export type StoneColour = (typeof STONE_COLOURS)[number];
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface StoneImageSpec {
  material: StoneMaterial;
  colour: StoneColour;
  /** Integer 0..999999; picks one stone out of the many of its kind. */
  seed: number;
  /** One of IMAGE_WIDTHS. */
  width: number;
  /** Integer 100..2400 and at most twice the width. */
  height: number;
  format: ImageFormat;
}

export const MAX_STONE_SEED = 999_999;
export const MIN_IMAGE_HEIGHT = 100;
export const MAX_IMAGE_HEIGHT = 2400;

export const STONE_IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
};

/** URL prefix the media route serves the images under. */
export const STONE_IMAGE_URL_PREFIX = '/media/stone/';

function isMaterial(value: string): value is StoneMaterial {
  return (STONE_MATERIALS as readonly string[]).includes(value);
}

function isColour(value: string): value is StoneColour {
  return (STONE_COLOURS as readonly string[]).includes(value);
}

function isFormat(value: string): value is ImageFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(value);
}

/** Whether a spec is one this module renders (all names it builds or parses are). */
export function isValidStoneImageSpec(spec: StoneImageSpec): boolean {
  return (
    isMaterial(spec.material) &&
    isColour(spec.colour) &&
    isFormat(spec.format) &&
    Number.isInteger(spec.seed) &&
    spec.seed >= 0 &&
    spec.seed <= MAX_STONE_SEED &&
    (IMAGE_WIDTHS as readonly number[]).includes(spec.width) &&
    Number.isInteger(spec.height) &&
    spec.height >= MIN_IMAGE_HEIGHT &&
    spec.height <= MAX_IMAGE_HEIGHT &&
    spec.height <= spec.width * 2
  );
}

// Numbers without leading zeros, so one image has one name (only the optional `x{height}` is
// redundant for square images; StoneImageCache stores both under the canonical name).
const NAME_PATTERN =
  /^([a-z]+)-([a-z]+(?:-[a-z]+)?)-(0|[1-9]\d{0,5})-([1-9]\d{2,3})(?:x([1-9]\d{2,3}))?\.([a-z]+)$/;

/**
 * Parses `{material}-{colour}-{seed}-{width}.{format}` (square) or
 * `{material}-{colour}-{seed}-{width}x{height}.{format}`; null for anything else.
 */
export function parseStoneImageName(name: string): StoneImageSpec | null {
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const [, material, colour, seed, width, height, format] = match;
  if (material === undefined || colour === undefined || seed === undefined) return null;
  if (width === undefined || format === undefined) return null;
  if (!isMaterial(material) || !isColour(colour) || !isFormat(format)) return null;
  const spec: StoneImageSpec = {
    material,
    colour,
    seed: Number(seed),
    width: Number(width),
    height: Number(height ?? width),
    format,
  };
  return isValidStoneImageSpec(spec) ? spec : null;
}

/** The canonical file name of a spec; square images leave out the height. */
export function stoneImageName(spec: StoneImageSpec): string {
  if (!isValidStoneImageSpec(spec)) {
    throw new RangeError(`Not a valid stone image: ${JSON.stringify(spec)}`);
  }
  const size = spec.height === spec.width ? `${spec.width}` : `${spec.width}x${spec.height}`;
  return `${spec.material}-${spec.colour}-${spec.seed}-${size}.${spec.format}`;
}

/** The URL of a stone image, e.g. `/media/stone/marble-white-17-640.webp`. Throws when invalid. */
export function stoneImagePath(
  material: StoneMaterial,
  colour: StoneColour,
  seed: number,
  width: ImageWidth = 640,
  format: ImageFormat = 'webp',
  height: number = width,
): string {
  return STONE_IMAGE_URL_PREFIX + stoneImageName({ material, colour, seed, width, height, format });
}

/** A stable seed in 0..999999 for any text, e.g. a product slug, so each product gets its stone. */
export function stoneSeed(text: string): number {
  return hashString(text) % (MAX_STONE_SEED + 1);
}

/** Textures are painted at most this size on their longer side; sharp scales them up. */
export const TEXTURE_MAX_SIDE = 640;

const LARGE_IMAGE_PIXELS = 1_000_000;

/** Paints a texture as packed RGB: paintStoneTexture here, or on a painting thread. */
export type TexturePainter = (
  material: StoneMaterial,
  colour: StoneColour,
  seed: number,
  width: number,
  height: number,
) => Uint8Array | Promise<Uint8Array>;

/**
 * Renders a stone image. A pure function of the spec: the same spec gives byte-identical output
 * (with the same sharp/libvips build), wherever the texture is painted. The picture depends only
 * on material, colour and seed, so every width, height and format of one stone shows the same
 * stone.
 */
export async function renderStoneImage(
  spec: StoneImageSpec,
  paint: TexturePainter = paintStoneTexture,
): Promise<Buffer> {
  if (!isValidStoneImageSpec(spec)) {
    throw new RangeError(`Not a valid stone image: ${JSON.stringify(spec)}`);
  }
  const { width, height } = spec;
  const scale = Math.min(1, TEXTURE_MAX_SIDE / Math.max(width, height));
  const textureWidth = Math.max(1, Math.round(width * scale));
  const textureHeight = Math.max(1, Math.round(height * scale));
  const rgb = await paint(spec.material, spec.colour, spec.seed, textureWidth, textureHeight);
  let image = sharp(rgb, { raw: { width: textureWidth, height: textureHeight, channels: 3 } });
  if (textureWidth !== width || textureHeight !== height) {
    image = image.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  }
  // Above a megapixel a lower encoder effort halves the time for a few percent more bytes
  // (measured: a 1920 px WebP 400-560 ms at effort 4, 230-380 ms at effort 2).
  const large = width * height > LARGE_IMAGE_PIXELS;
  switch (spec.format) {
    case 'webp':
      return image.webp({ quality: 78, effort: large ? 2 : 4 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 50, effort: large ? 1 : 2 }).toBuffer();
    case 'jpg':
      return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}

export type StoneImageRenderer = (spec: StoneImageSpec) => Promise<Buffer>;

export interface StoneImageCacheOptions {
  /** Renders a spec; defaults to renderStoneImage (tests inject a counting one). */
  render?: StoneImageRenderer;
  /** Where renders wait their turn (shared with the uploads' resizing); defaults to one of its own. */
  queue?: RenderQueue;
  /** Renders running at once in a queue of its own; further renders wait. Defaults to 2. */
  maxConcurrentRenders?: number;
  /**
   * Called when the cache directory cannot be read or written (full or read-only disk, wrong
   * permissions); the image is still rendered and served. Defaults to ignoring the failure.
   */
  onCacheError?: (error: unknown, name: string) => void;
  /**
   * Bytes the directory may hold; past them the oldest files are removed (down to 80%), so
   * requests for ever new stones cannot fill the disk. Defaults to 512 MiB.
   */
  maxBytes?: number;
}

/** What pruning leaves of the cap, so that it does not run again at the next write. */
const PRUNE_TO = 0.8;

export interface StoneImageFile {
  body: Buffer;
  contentType: string;
}

/** One load of an image shared by every request for it, and how many still wait for it. */
interface SharedLoad {
  load: Promise<Buffer>;
  waiters: number;
  abandon: AbortController;
}

/**
 * Rendered stone images on disk, in `dir` (e.g. `${dataDir}/media-cache`). A cached file is
 * served from disk; concurrent requests for one image share one render; files are written to a
 * temporary name and renamed, so a killed process never leaves a half-written image behind (at
 * worst a stray `*.tmp` file, which is never served). The directory is kept under `maxBytes`,
 * oldest files out first.
 */
export class StoneImageCache {
  readonly dir: string;
  readonly #render: StoneImageRenderer;
  readonly #queue: RenderQueue;
  readonly #onCacheError: (error: unknown, name: string) => void;
  readonly #inFlight = new Map<string, SharedLoad>();
  #dirReady: Promise<unknown> | undefined;
  readonly #maxBytes: number;
  /** What the directory holds, as of the last scan plus what this process wrote since. */
  #bytes: Promise<number> | undefined;
  #pruning: Promise<void> | undefined;

  constructor(dir: string, options: StoneImageCacheOptions = {}) {
    this.dir = dir;
    this.#maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
    this.#render = options.render ?? renderStoneImage;
    this.#queue =
      options.queue ??
      new RenderQueue({
        concurrency: Math.max(1, options.maxConcurrentRenders ?? 2),
        maxWaiting: Infinity,
        maxWaitMs: Infinity,
        maxBackground: 0,
      });
    this.#onCacheError = options.onCacheError ?? (() => {});
  }

  /**
   * The image for a file name, or null when the name is not a valid stone image name. A render
   * waits its turn in the queue under the ticket's client; it throws RenderQueueFullError when
   * the queue is full, and is dropped when every request waiting for it has gone (its signal).
   */
  async get(
    name: string,
    ticket: Omit<RenderTicket, 'cost'> = { client: '' },
  ): Promise<StoneImageFile | null> {
    const spec = parseStoneImageName(name);
    if (!spec) return null;
    if (ticket.signal?.aborted) throw new RenderAbandonedError();
    const canonical = stoneImageName(spec);
    const contentType = STONE_IMAGE_CONTENT_TYPES[spec.format];
    // Nobody waits for a background render: requests never join it, nor it them.
    if (ticket.background) return { body: await this.#load(canonical, spec, ticket), contentType };
    let shared = this.#inFlight.get(canonical);
    // A load every earlier request abandoned is not joined: this request starts its own.
    if (!shared || shared.abandon.signal.aborted) {
      const abandon = new AbortController();
      const load = this.#load(canonical, spec, { ...ticket, signal: abandon.signal });
      shared = { load, waiters: 0, abandon };
      this.#inFlight.set(canonical, shared);
      const done = shared;
      void load.then(
        () => this.#forget(canonical, done),
        () => this.#forget(canonical, done),
      );
    }
    const current = shared;
    current.waiters++;
    // The render is dropped only when every request for this image went away before it started.
    const leave = () => {
      if (--current.waiters === 0) current.abandon.abort();
    };
    ticket.signal?.addEventListener('abort', leave, { once: true });
    try {
      return { body: await current.load, contentType };
    } finally {
      ticket.signal?.removeEventListener('abort', leave);
    }
  }

  #forget(name: string, load: SharedLoad): void {
    if (this.#inFlight.get(name) === load) this.#inFlight.delete(name);
  }

  async #load(
    name: string,
    spec: StoneImageSpec,
    ticket: Omit<RenderTicket, 'cost'>,
  ): Promise<Buffer> {
    const file = join(this.dir, name);
    try {
      return await readFile(file);
    } catch (error) {
      // A miss is ENOENT; anything else (an unreadable directory) is reported, then rendered.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.#onCacheError(error, name);
    }
    const body = await this.#queue.run(() => this.#render(spec), {
      ...ticket,
      cost: spec.width * spec.height,
    });
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      this.#dirReady ??= mkdir(this.dir, { recursive: true });
      await this.#dirReady;
      await writeFile(temp, body);
      await rename(temp, file);
      await this.#wrote(body.length);
    } catch (error) {
      this.#dirReady = undefined;
      await rm(temp, { force: true }).catch(() => {});
      this.#onCacheError(error, name);
    }
    return body;
  }

  /** Counts a written file and prunes once the directory holds more than allowed. */
  async #wrote(bytes: number): Promise<void> {
    const before = this.#bytes ?? this.#scan().then(({ total }) => total - bytes);
    this.#bytes = before.then((total) => total + bytes);
    try {
      if ((await this.#bytes) > this.#maxBytes) await (this.#pruning ??= this.#prune());
    } catch (error) {
      // Unknown again: the next write scans afresh.
      this.#bytes = undefined;
      throw error;
    }
  }

  /** The cached files, oldest first, and their total size. */
  async #scan(): Promise<{ files: { path: string; size: number; age: number }[]; total: number }> {
    const names = (await readdir(this.dir)).filter((name) => !name.endsWith('.tmp'));
    const files = (
      await Promise.all(
        names.map(async (name) => {
          const path = join(this.dir, name);
          // Another instance sharing the directory may have removed it meanwhile.
          const info = await stat(path).catch(() => null);
          return info ? { path, size: info.size, age: info.mtimeMs } : null;
        }),
      )
    ).filter((file) => file !== null);
    files.sort((a, b) => a.age - b.age);
    return { files, total: files.reduce((sum, file) => sum + file.size, 0) };
  }

  async #prune(): Promise<void> {
    try {
      const { files, total: scanned } = await this.#scan();
      let total = scanned;
      for (const file of files) {
        if (total <= this.#maxBytes * PRUNE_TO) break;
        await rm(file.path, { force: true });
        total -= file.size;
      }
      this.#bytes = Promise.resolve(total);
    } finally {
      this.#pruning = undefined;
    }
  }
}
