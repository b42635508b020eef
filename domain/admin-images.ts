// Product images staff upload: the types, sizes and pixels taken, the alt text, and where the
// storefront serves each width.
import { z } from '#domain/zod.ts';
import { versionField } from './admin-catalogue.ts';
import { single } from './catalogue-query.ts';

/** The image types staff may upload; the shop serves them resized as WebP and AVIF. */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/**
 * Pixels (width × height) an image may have, read from its header before anything decodes it: a
 * 1 MB PNG can claim 16000 × 16000 pixels and a gigabyte once decoded. 50 binary megapixels take
 * an 8192 × 6144 photo.
 */
export const UPLOAD_MAX_PIXELS = 50 * 1024 * 1024;
export const IMAGE_ALT_MAX_LENGTH = 200;
/** Widths an uploaded image is served at (square crops, like the generated stones). */
export const UPLOAD_WIDTHS = [320, 480, 640, 960, 1280] as const;

export const IMAGE_MESSAGES = {
  altTooLong: `Alt text must be at most ${IMAGE_ALT_MAX_LENGTH} characters`,
  notAnImage: 'The file is not a JPEG, PNG, WebP, AVIF or GIF image we can read',
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width} × ${height} pixels: at most ${UPLOAD_MAX_PIXELS / 1024 / 1024} megapixels (e.g. 8192 × 6144). Scale it down and upload it again`,
  unknownImage: 'This image no longer belongs to the product: reload it',
} as const;

const altText = z
  .string({ error: IMAGE_MESSAGES.altTooLong })
  .trim()
  .max(IMAGE_ALT_MAX_LENGTH, { error: IMAGE_MESSAGES.altTooLong });

/** POST /api/admin/products/:id/images?alt=…: the image is the request body. */
export const imageUploadQuery = z.object({ alt: single(altText).default('') });

/** PUT /api/admin/products/:id/images: the images in their order with their alt text. */
export const productImagesSchema = z.object({
  version: versionField,
  images: z
    .array(z.object({ id: z.number().int().positive(), alt: altText }))
    .max(30, { error: 'At most 30 images per product' }),
});
export type ProductImagesInput = z.input<typeof productImagesSchema>;

/**
 * The storefront address of an uploaded image at a width (WebP by default).
 *
 * uploadedImageUrl(7) → '/media/upload/7-640.webp'
 * uploadedImageUrl(7, 320, 'avif') → '/media/upload/7-320.avif'
 */
export function uploadedImageUrl(
  id: number,
  width = 640,
  format: 'webp' | 'avif' = 'webp',
): string {
  return `/media/upload/${id}-${width}.${format}`;
}

/**
 * An uploaded image for a page or a banner: `width` wide, its own shape kept (never enlarged).
 *
 * contentImageUrl(7, 960) → '/media/upload/7-960w.webp'
 */
export const contentImageUrl = (id: number, width: number = CONTENT_IMAGE_WIDTH): string =>
  `/media/upload/${id}-${width}w.webp`;

/** The width a content image's `src` names; the srcset offers every width. */
export const CONTENT_IMAGE_WIDTH = 960;

/**
 * Every width of an uploaded content image, for `srcset`.
 *
 * contentImageSrcset(7) → '/media/upload/7-320w.webp 320w, …, /media/upload/7-1280w.webp 1280w'
 */
export const contentImageSrcset = (id: number): string =>
  UPLOAD_WIDTHS.map((width) => `${contentImageUrl(id, width)} ${width}w`).join(', ');

/** Whether an address is one of the shop's uploaded images (any width, square or not). */
export const isUploadedImageUrl = (src: string): boolean =>
  /^\/media\/upload\/\d{1,9}-\d{3,4}w?\.(webp|avif)$/.test(src);

/** POST /api/admin/content/images?alt=…: alt text is required for an image in a page. */
export const contentImageQuery = z.object({
  alt: single(
    z
      .string({ error: 'Describe the image for those who cannot see it' })
      .trim()
      .min(1, { error: 'Describe the image for those who cannot see it' })
      .max(IMAGE_ALT_MAX_LENGTH, { error: IMAGE_MESSAGES.altTooLong }),
  ),
});

/** An uploaded content image: where it is served and how to offer its widths. */
export const contentImageSchema = z
  .object({
    id: z.number().int(),
    src: z.string(),
    srcset: z.string(),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ContentImage' });
export type ContentImageJson = z.infer<typeof contentImageSchema>;
