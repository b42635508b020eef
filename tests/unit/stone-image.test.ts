import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  STONE_COLOURS,
  STONE_MATERIALS,
  StoneImageCache,
  parseStoneImageName,
  renderStoneImage,
  stoneImageName,
  stoneImagePath,
  stoneSeed,
  type StoneImageSpec,
} from '../../server/services/media/stone-image.ts';
import { paintStoneTexture } from '../../server/services/media/stone-textures.ts';

const spec = (overrides: Partial<StoneImageSpec> = {}): StoneImageSpec => ({
  material: 'marble',
  colour: 'white',
  seed: 17,
  width: 320,
  height: 320,
  format: 'webp',
  ...overrides,
});

const specArbitrary = fc
  .record({
    material: fc.constantFrom(...STONE_MATERIALS),
    colour: fc.constantFrom(...STONE_COLOURS),
    seed: fc.integer({ min: 0, max: 999_999 }),
    width: fc.constantFrom(...IMAGE_WIDTHS),
    format: fc.constantFrom(...IMAGE_FORMATS),
    heightFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ heightFraction, ...rest }): StoneImageSpec => {
    const max = Math.min(2400, rest.width * 2);
    return { ...rest, height: 100 + Math.floor(heightFraction * (max - 100)) };
  });

describe('parseStoneImageName', () => {
  it('parses square and rectangular names, including hyphenated colours', () => {
    expect(parseStoneImageName('marble-white-17-640.webp')).toEqual({
      material: 'marble',
      colour: 'white',
      seed: 17,
      width: 640,
      height: 640,
      format: 'webp',
    });
    expect(parseStoneImageName('travertine-beige-brown-3-1920x800.avif')).toEqual({
      material: 'travertine',
      colour: 'beige-brown',
      seed: 3,
      width: 1920,
      height: 800,
      format: 'avif',
    });
    expect(parseStoneImageName('slate-multi-colour-0-320x480.jpg')).toEqual({
      material: 'slate',
      colour: 'multi-colour',
      seed: 0,
      width: 320,
      height: 480,
      format: 'jpg',
    });
  });

  it('accepts the bounds of seed and height', () => {
    expect(parseStoneImageName('onyx-red-pink-999999-320x100.jpg')?.seed).toBe(999_999);
    expect(parseStoneImageName('onyx-red-pink-1-320x640.jpg')?.height).toBe(640);
    expect(parseStoneImageName('onyx-red-pink-1-1280x2400.jpg')?.height).toBe(2400);
    expect(parseStoneImageName('onyx-red-pink-1-1920x2400.jpg')?.height).toBe(2400);
  });

  it.each([
    ['a width not in IMAGE_WIDTHS', 'marble-white-17-600.webp'],
    ['a tiny width', 'marble-white-17-32.webp'],
    ['an unknown material', 'basalt-white-17-640.webp'],
    ['an unknown colour', 'marble-purple-17-640.webp'],
    ['a colour without its second half', 'marble-beige-17-640.webp'],
    ['an unknown format', 'marble-white-17-640.png'],
    ['a format spelled differently', 'marble-white-17-640.jpeg'],
    ['upper case', 'Marble-white-17-640.webp'],
    ['upper-case extension', 'marble-white-17-640.WEBP'],
    ['path traversal', '../x'],
    ['path traversal before a valid name', '../marble-white-17-640.webp'],
    ['a directory', 'media/marble-white-17-640.webp'],
    ['an encoded traversal', '%2e%2e%2fmarble-white-17-640.webp'],
    ['a huge height', 'marble-white-17-640x99999.webp'],
    ['a height over 2400', 'marble-white-17-1920x2401.webp'],
    ['a height over twice the width', 'marble-white-17-320x641.webp'],
    ['a height under 100', 'marble-white-17-640x99.webp'],
    ['a seed over 999999', 'marble-white-1000000-640.webp'],
    ['a negative seed', 'marble-white--1-640.webp'],
    ['a fractional seed', 'marble-white-1.5-640.webp'],
    ['a seed with a leading zero', 'marble-white-017-640.webp'],
    ['a width with a leading zero', 'marble-white-17-0640.webp'],
    ['a missing seed', 'marble-white-640.webp'],
    ['two heights', 'marble-white-17-640x640x640.webp'],
    ['trailing whitespace', 'marble-white-17-640.webp '],
    ['a trailing newline', 'marble-white-17-640.webp\n'],
    ['a query string', 'marble-white-17-640.webp?x=1'],
    ['an empty name', ''],
  ])('rejects %s', (_reason, name) => {
    expect(parseStoneImageName(name)).toBeNull();
  });

  it('round-trips every valid spec through its canonical name', () => {
    fc.assert(
      fc.property(specArbitrary, (s) => {
        expect(parseStoneImageName(stoneImageName(s))).toEqual(s);
      }),
    );
  });

  it('never throws, and only accepts names that name a valid spec', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^[a-z]+-[a-z-]+-\d{1,7}-\d{2,5}(x\d{1,5})?\.[a-z]{3,4}$/),
        ),
        (name) => {
          const parsed = parseStoneImageName(name);
          if (parsed) expect(parseStoneImageName(stoneImageName(parsed))).toEqual(parsed);
        },
      ),
    );
  });
});

describe('stoneImageName / stoneImagePath / stoneSeed', () => {
  it('builds canonical names and URLs', () => {
    expect(stoneImagePath('marble', 'white', 17)).toBe('/media/stone/marble-white-17-640.webp');
    expect(stoneImagePath('travertine', 'beige-brown', 3, 1920, 'avif', 800)).toBe(
      '/media/stone/travertine-beige-brown-3-1920x800.avif',
    );
    expect(stoneImagePath('slate', 'multi-colour', 0, 320, 'jpg', 320)).toBe(
      '/media/stone/slate-multi-colour-0-320.jpg',
    );
    expect(stoneImageName(spec({ width: 320, height: 480, format: 'jpg' }))).toBe(
      'marble-white-17-320x480.jpg',
    );
  });

  it('refuses to build a name the route would answer 404 for', () => {
    expect(() => stoneImagePath('marble', 'white', -1)).toThrow(RangeError);
    expect(() => stoneImagePath('marble', 'white', 1.5)).toThrow(RangeError);
    expect(() => stoneImagePath('marble', 'white', 1, 640, 'webp', 1281)).toThrow(RangeError);
    expect(() => stoneImageName(spec({ width: 500, height: 500 }))).toThrow(RangeError);
  });

  it('derives a stable seed in range from any text', () => {
    expect(stoneSeed('carrara-honed-tile')).toBe(stoneSeed('carrara-honed-tile'));
    expect(stoneSeed('carrara-honed-tile')).not.toBe(stoneSeed('carrara-polished-tile'));
    fc.assert(
      fc.property(fc.string(), (text) => {
        const seed = stoneSeed(text);
        expect(Number.isInteger(seed) && seed >= 0 && seed <= 999_999).toBe(true);
      }),
    );
  });
});

describe('paintStoneTexture', () => {
  const luminance = (rgb: Uint8Array) => {
    let sum = 0;
    for (let i = 0; i < rgb.length; i += 3) {
      sum += 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
    }
    return sum / (rgb.length / 3);
  };

  it('paints every material in every colour, white stones lighter than grey, grey than black', () => {
    for (const material of STONE_MATERIALS) {
      const lum: Record<string, number> = {};
      for (const colour of STONE_COLOURS) {
        const rgb = paintStoneTexture(material, colour, 5, 96, 64);
        expect(rgb.length).toBe(96 * 64 * 3);
        expect(new Set(rgb).size, `${material} ${colour} is not flat`).toBeGreaterThan(8);
        lum[colour] = luminance(rgb);
      }
      expect(lum.white, material).toBeGreaterThan(lum.grey!);
      expect(lum.grey, material).toBeGreaterThan(lum.black!);
    }
  });

  it('paints different materials differently from one seed', () => {
    const textures = STONE_MATERIALS.map((material) =>
      Buffer.from(paintStoneTexture(material, 'grey', 1, 64, 64)).toString('base64'),
    );
    expect(new Set(textures).size).toBe(STONE_MATERIALS.length);
  });
});

describe('renderStoneImage', () => {
  it('is deterministic: one spec, byte-identical output, in every format', async () => {
    for (const format of IMAGE_FORMATS) {
      const s = spec({ material: 'granite', colour: 'multi-colour', seed: 42, format });
      const [a, b] = await Promise.all([renderStoneImage(s), renderStoneImage({ ...s })]);
      expect(a.equals(b), format).toBe(true);
    }
  });

  it('gives different seeds and different materials different images', async () => {
    const a = await renderStoneImage(spec({ seed: 1 }));
    const b = await renderStoneImage(spec({ seed: 2 }));
    const c = await renderStoneImage(spec({ seed: 1, material: 'onyx' }));
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(false);
  });

  it('encodes each format with its magic bytes', async () => {
    const webp = await renderStoneImage(spec({ format: 'webp' }));
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const avif = await renderStoneImage(spec({ format: 'avif' }));
    expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    const jpg = await renderStoneImage(spec({ format: 'jpg' }));
    expect([...jpg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it.each([
    ['slate', 'multi-colour', 320, 480, 'jpg', 'jpeg'],
    ['marble', 'white', 640, 640, 'avif', 'heif'],
    ['travertine', 'beige-brown', 1920, 800, 'webp', 'webp'],
    ['terrazzo', 'grey', 960, 1920, 'jpg', 'jpeg'],
  ] as const)(
    'renders %s %s at %ix%i %s',
    async (material, colour, width, height, format, kind) => {
      const body = await renderStoneImage({ material, colour, seed: 3, width, height, format });
      const meta = await sharp(body).metadata();
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(height);
      expect(meta.format).toBe(kind);
    },
  );

  it('rejects a spec outside the allowed sizes instead of rendering it', async () => {
    await expect(renderStoneImage(spec({ width: 10_000, height: 10_000 }))).rejects.toThrow(
      RangeError,
    );
    await expect(renderStoneImage(spec({ seed: -1 }))).rejects.toThrow(RangeError);
  });
});

describe('StoneImageCache', () => {
  let root: string;
  let n = 0;
  const freshDir = () => join(root, `cache-${n++}`);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'stone-image-test-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  // Lets other work queued on the event loop run: a render that should not start gets its chance.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  /** A renderer that records its calls and finishes only when released. */
  const gatedRenderer = () => {
    const calls: string[] = [];
    const gates: (() => void)[] = [];
    const render = async (s: StoneImageSpec) => {
      calls.push(stoneImageName(s));
      await new Promise<void>((resolve) => gates.push(resolve));
      return Buffer.from(`image:${stoneImageName(s)}`);
    };
    /** Waits until `count` renders have started. */
    const started = async (count: number) => {
      await expect.poll(() => calls.length).toBeGreaterThanOrEqual(count);
    };
    const release = () => gates.splice(0).forEach((open) => open());
    return { calls, render, started, release };
  };

  it('answers null for names that do not parse, touching nothing', async () => {
    const dir = freshDir();
    const cache = new StoneImageCache(dir, {
      render: () => Promise.reject(new Error('must not render')),
    });
    expect(await cache.get('../x')).toBeNull();
    expect(await cache.get('marble-white-17-600.webp')).toBeNull();
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('renders once, writes the file, and serves it from disk afterwards', async () => {
    const dir = freshDir();
    const name = 'marble-white-17-320.webp';
    const first = await new StoneImageCache(dir).get(name);
    expect(first?.contentType).toBe('image/webp');
    expect(first?.body.equals(await renderStoneImage(spec()))).toBe(true);
    expect(await readdir(dir)).toEqual([name]);
    expect((await readFile(join(dir, name))).equals(first!.body)).toBe(true);

    // A new cache (a restarted process) whose renderer fails can only answer from disk.
    const cache = new StoneImageCache(dir, {
      render: () => Promise.reject(new Error('must not render')),
    });
    const second = await cache.get(name);
    expect(second?.body.equals(first!.body)).toBe(true);
    // The square name with an explicit height is the same image, stored once.
    const explicit = await cache.get('marble-white-17-320x320.webp');
    expect(explicit?.body.equals(first!.body)).toBe(true);
    expect(await readdir(dir)).toEqual([name]);
  });

  it('keeps its directory under the cap, oldest images out first, and renders them again', async () => {
    const dir = freshDir();
    const rendered: number[] = [];
    const render = async (s: StoneImageSpec) => {
      rendered.push(s.seed);
      return Buffer.alloc(1000, s.seed);
    };
    const sizeOf = async () =>
      (
        await Promise.all((await readdir(dir)).map(async (f) => (await stat(join(dir, f))).size))
      ).reduce((sum, size) => sum + size, 0);
    // A previous process left three images; this one may keep 4,500 bytes.
    const earlier = new StoneImageCache(dir, { render });
    for (const seed of [1, 2, 3]) await earlier.get(`slate-grey-${seed}-320.webp`);
    const cache = new StoneImageCache(dir, { render, maxBytes: 4500 });
    for (const seed of [4, 5, 6, 7, 8]) await cache.get(`slate-grey-${seed}-320.webp`);
    expect(await sizeOf()).toBeLessThanOrEqual(4500);
    const kept = (await readdir(dir)).sort();
    expect(kept).toContain('slate-grey-8-320.webp');
    expect(kept).not.toContain('slate-grey-1-320.webp');
    expect((await cache.get('slate-grey-1-320.webp'))?.body).toEqual(Buffer.alloc(1000, 1));
    expect(rendered).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1]);
    expect(await sizeOf()).toBeLessThanOrEqual(4500);
  });

  it('answers with the content type of the format', async () => {
    const render = async (s: StoneImageSpec) => Buffer.from(s.format);
    const cache = new StoneImageCache(freshDir(), { render });
    expect((await cache.get('onyx-blue-green-1-320.avif'))?.contentType).toBe('image/avif');
    expect((await cache.get('onyx-blue-green-1-320.jpg'))?.contentType).toBe('image/jpeg');
  });

  it('shares one render between concurrent requests for one image', async () => {
    const dir = freshDir();
    const renderer = gatedRenderer();
    const cache = new StoneImageCache(dir, { render: renderer.render });
    const pending = [
      cache.get('granite-black-5-640.jpg'),
      cache.get('granite-black-5-640.jpg'),
      cache.get('granite-black-5-640x640.jpg'),
      cache.get('granite-black-5-640.jpg'),
    ];
    await renderer.started(1);
    for (let i = 0; i < 5; i++) await tick();
    renderer.release();
    const results = await Promise.all(pending);
    expect(renderer.calls).toEqual(['granite-black-5-640.jpg']);
    for (const result of results) {
      expect(result?.body.toString()).toBe('image:granite-black-5-640.jpg');
    }
    expect(await readdir(dir)).toEqual(['granite-black-5-640.jpg']);
    // Once settled, a later request is served from disk, not rendered again.
    await cache.get('granite-black-5-640.jpg');
    expect(renderer.calls).toHaveLength(1);
  });

  it('limits how many renders run at once', async () => {
    const renderer = gatedRenderer();
    const cache = new StoneImageCache(freshDir(), {
      render: renderer.render,
      maxConcurrentRenders: 1,
    });
    const a = cache.get('slate-grey-1-320.webp');
    const b = cache.get('slate-grey-2-320.webp');
    await renderer.started(1);
    for (let i = 0; i < 5; i++) await tick();
    // Whichever found its file missing first renders; the other waits for it to finish.
    expect(renderer.calls).toHaveLength(1);
    renderer.release();
    await renderer.started(2);
    renderer.release();
    await Promise.all([a, b]);
    expect([...renderer.calls].sort()).toEqual(['slate-grey-1-320.webp', 'slate-grey-2-320.webp']);
  });

  it('forgets a failed render so the next request tries again', async () => {
    const dir = freshDir();
    let calls = 0;
    const cache = new StoneImageCache(dir, {
      render: async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
        return Buffer.from('ok');
      },
    });
    await expect(cache.get('sandstone-red-pink-9-320.webp')).rejects.toThrow('boom');
    expect((await cache.get('sandstone-red-pink-9-320.webp'))?.body.toString()).toBe('ok');
    expect(calls).toBe(2);
    expect(await readdir(dir)).toEqual(['sandstone-red-pink-9-320.webp']);
  });

  it('still serves the image when the cache directory cannot be used', async () => {
    const notADir = join(root, `file-${n++}`);
    await writeFile(notADir, 'in the way');
    const errors: string[] = [];
    const cache = new StoneImageCache(notADir, {
      render: async () => Buffer.from('pixels'),
      onCacheError: (_error, name) => errors.push(name),
    });
    expect((await cache.get('quartzite-cream-yellow-4-320.webp'))?.body.toString()).toBe('pixels');
    // Reported twice: the read and the write both fail.
    expect(errors).toEqual([
      'quartzite-cream-yellow-4-320.webp',
      'quartzite-cream-yellow-4-320.webp',
    ]);
  });

  it('never leaves a temporary file behind after writing', async () => {
    const dir = freshDir();
    const cache = new StoneImageCache(dir, { render: async () => Buffer.from('x') });
    await Promise.all(
      ['limestone-white-1-320.webp', 'limestone-white-2-320.webp', 'limestone-white-3-320.jpg'].map(
        (name) => cache.get(name),
      ),
    );
    expect((await readdir(dir)).sort()).toEqual([
      'limestone-white-1-320.webp',
      'limestone-white-2-320.webp',
      'limestone-white-3-320.jpg',
    ]);
  });
});
