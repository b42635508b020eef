import sharp from 'sharp';

export type PlaceholderFormat = 'webp' | 'avif' | 'jpg';

const CONTENT_TYPES: Record<PlaceholderFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
};

const made = new Map<PlaceholderFormat, Promise<Buffer>>();

/**
 * A small plain stone-grey picture in the format asked for: what a page shows in place of an
 * image the shop is too busy to make right now (browsers draw an image answer's body whatever
 * its status), scaled to the image's box by the page.
 */
export async function placeholderImage(
  format: PlaceholderFormat,
): Promise<{ body: Buffer; contentType: string }> {
  let body = made.get(format);
  if (!body) {
    const image = sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 214, g: 211, b: 209 } },
    });
    body =
      format === 'avif'
        ? image.avif().toBuffer()
        : format === 'jpg'
          ? image.jpeg().toBuffer()
          : image.webp().toBuffer();
    made.set(format, body);
  }
  return { body: await body, contentType: CONTENT_TYPES[format] };
}
