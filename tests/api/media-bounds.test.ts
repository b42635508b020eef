import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { IMAGE_MESSAGES } from '#domain/admin-images.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;

beforeAll(async () => {
  // One image made at a time and none waiting: a second new image is refused at once.
  t = await createTestApp({
    config: { MEDIA_RENDER_CONCURRENCY: '1', MEDIA_RENDER_QUEUE: '0' },
  });
  ({ manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

/**
 * A PNG whose header claims a picture of width × height pixels, as a decompression bomb's does:
 * a tiny PNG with its header rewritten (and its checksum made again).
 */
async function claimingPixels(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4)...
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const uploadedImages = async () =>
  (
    await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM uploaded_images`,
    )
  )[0]!.n;

describe('an image upload is bounded before it is decoded', () => {
  it('refuses a PNG that says it has 16000 × 16000 pixels with 422, storing nothing', async () => {
    const bomb = await claimingPixels(16_000, 16_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(16_000);
    const before = await uploadedImages();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/1/images',
      headers: { cookie: manager.cookie, 'content-type': 'image/png' },
      payload: bomb,
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      code: 'image_too_large',
      message: IMAGE_MESSAGES.tooManyPixels(16_000, 16_000),
    });
    expect(await uploadedImages()).toBe(before);
  });

  it('takes a large photo within the bound, and serves it resized', async () => {
    const photo = await sharp({
      create: { width: 8192, height: 6144, channels: 3, background: '#6b5e4f' },
    })
      .jpeg()
      .toBuffer();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/1/images?alt=Laid%20floor',
      headers: { cookie: manager.cookie, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const src = answer.json().data.images.at(-1).src as string;
    const served = await t.app.inject({ url: src.replace('-640.', '-320.') });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
  });

  it('never decodes an original over the bound stored before the bound existed', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.app.services.db,
      sql`INSERT INTO uploaded_images (sha256, content_type, width, height, bytes)
        VALUES ('old-bomb', 'image/png', 16000, 16000, ${Buffer.from('not decoded')})
        RETURNING id`,
    );
    const answer = await t.app.inject({ url: `/media/upload/${row!.id}-640.webp` });
    expect(answer.statusCode).toBe(404);
  });
});

describe('images made on request wait in a bounded queue', () => {
  it('answers an image the queue has no room for at once: 503, Retry-After, a placeholder', async () => {
    const names = [1, 2, 3].map((n) => `/media/stone/granite-grey-${700_000 + n}-1920.webp`);
    const answers = await Promise.all(names.map((url) => t.app.inject({ url })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 503, 503]);
    for (const refused of answers.filter((a) => a.statusCode === 503)) {
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers['content-type']).toBe('image/webp');
      expect(await sharp(refused.rawPayload).metadata()).toMatchObject({ format: 'webp' });
    }
    const made = answers.find((a) => a.statusCode === 200)!;
    expect(made.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(made.rawPayload).metadata()).toMatchObject({ width: 1920 });
    // A refused image is made in the background once the queue is idle: asked again, it is there.
    const refused = names.filter((_, i) => answers[i]!.statusCode === 503);
    await expect
      .poll(
        async () =>
          Promise.all(refused.map(async (url) => (await t.app.inject({ url })).statusCode)),
        { timeout: 60_000, interval: 200 },
      )
      .toEqual([200, 200]);
  });

  it('serves an image already made from its cache, whatever the queue holds', async () => {
    const url = '/media/stone/marble-white-800001-320.avif';
    await expect
      .poll(async () => (await t.app.inject({ url })).statusCode, { timeout: 60_000 })
      .toBe(200);
    const [cached, fresh] = await Promise.all([
      t.app.inject({ url }),
      t.app.inject({ url: '/media/stone/marble-white-800002-1920.avif' }),
      t.app.inject({ url: '/media/stone/marble-white-800003-1920.avif' }),
    ]);
    expect(cached.statusCode).toBe(200);
    expect([200, 503]).toContain(fresh.statusCode);
  });
});
