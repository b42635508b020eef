import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import sharp from 'sharp';
import { IMAGE_MESSAGES, UPLOAD_MAX_BYTES } from '#domain/admin-images.ts';
import { StaffBrowser } from '#tests/setup/staff-browser.ts';
import {
  editor,
  load,
  manager,
  product,
  t,
  useAdminCatalogueApp,
} from '#tests/setup/admin-catalogue-app.ts';

useAdminCatalogueApp();

describe('product images', () => {
  const png = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#d8d2c4' } })
      .png()
      .toBuffer();
  const upload = (who: StaffBrowser, body: Buffer, type: string, alt = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images?alt=${encodeURIComponent(alt)}`,
      headers: { cookie: who.cookie, 'content-type': type },
      payload: body,
    });

  it('takes JPEG, PNG, WebP, AVIF and GIF; serves them resized as WebP and AVIF', async () => {
    const base = sharp(await png());
    const files: [string, Buffer][] = [
      ['image/png', await png()],
      ['image/jpeg', await base.clone().jpeg().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/avif', await base.clone().avif().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
    ];
    let answer;
    for (const [type, body] of files) {
      answer = await upload(manager, body, type, `Sample ${type}`);
      expect(answer.statusCode, type).toBe(201);
    }
    const images = answer!.json().data.images as { src: string; alt: string }[];
    expect(images.at(-1)).toMatchObject({ alt: 'Sample image/gif' });
    const src = images.at(-1)!.src;
    expect(src).toMatch(/^\/media\/upload\/\d+-640\.webp$/);
    const served = await t.app.inject({ url: src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 640, height: 640 });
    const avif = await t.app.inject({ url: src.replace('-640.webp', '-320.avif') });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await t.app.inject({ url: src.replace('-640.', '-641.') })).statusCode).toBe(404);
    const page = (await t.app.inject({ url: `/api/products/slug/${product.slug}` })).json();
    expect(page.data.images.map((i: { src: string }) => i.src)).toContain(src);
  });

  it('refuses other types with 415, a lie about the type too, and bad alt text with 400', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.services.db,
          sql`SELECT count(*)::int AS n FROM uploaded_images`,
        )
      )[0]!.n;
    const before = await count();
    expect((await upload(manager, Buffer.from('%PDF-1.4'), 'application/pdf')).statusCode).toBe(
      415,
    );
    const lie = await upload(manager, Buffer.from('not an image at all'), 'image/png');
    expect(lie.statusCode).toBe(415);
    expect(lie.json().message).toBe(IMAGE_MESSAGES.notAnImage);
    const alt = await upload(manager, await png(), 'image/png', 'x'.repeat(201));
    expect(alt.statusCode).toBe(400);
    expect(alt.json().fields).toEqual({ alt: IMAGE_MESSAGES.altTooLong });
    expect((await upload(editor, await png(), 'image/png')).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('refuses a body over 15 MB with 413', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1024);
    expect((await upload(manager, big, 'image/png')).statusCode).toBe(413);
  });

  it('orders the images, sets alt text and removes those left out', async () => {
    const p = await load();
    const [first, second, ...rest] = p.images;
    const saved = await manager.call('PUT', `/api/admin/products/${product.id}/images`, {
      images: [
        { id: second!.id, alt: 'Laid in a kitchen' },
        { id: first!.id, alt: first!.alt },
        ...rest.slice(1).map((i) => ({ id: i.id, alt: i.alt })),
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.images.map((i: { id: number }) => i.id)).toEqual([
      second!.id,
      first!.id,
      ...rest.slice(1).map((i) => i.id),
    ]);
    expect(saved.body.data.images[0].alt).toBe('Laid in a kitchen');
    const foreign = await manager.call('PUT', `/api/admin/products/${product.id}/images`, {
      images: [{ id: 999_999, alt: '' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ 'images.0.id': IMAGE_MESSAGES.unknownImage });
  });
});
