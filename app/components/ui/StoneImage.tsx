import type { ImgHTMLAttributes } from 'react';

/**
 * Widths offered for a product image, all rendered by the media route
 * (server/services/media/stone-image.ts IMAGE_WIDTHS). A stone is painted at most 640 px across
 * (TEXTURE_MAX_SIDE there): a wider file would add bytes but no detail, so the browser scales the
 * 640 one instead.
 */
const SRCSET_WIDTHS = [320, 480, 640] as const;
const SIZED_MEDIA = /^(\/media\/(?:stone|upload)\/.+-)(\d{3,4})\.webp$/;

/**
 * The srcsets of one of our generated or uploaded images, which name their width (`…-640.webp`), in WebP
 * and in AVIF (half the bytes for the grainy stones); other images get none and load as they are.
 *
 * responsiveSources('/media/stone/marble-white-17-640.webp')?.webp
 *   → '/media/stone/marble-white-17-320.webp 320w, …-480.webp 480w, …-640.webp 640w'
 * responsiveSources('https://cdn.example/a.jpg') → null
 */
export function responsiveSources(src: string): { webp: string; avif: string } | null {
  const stem = SIZED_MEDIA.exec(src)?.[1];
  if (!stem) return null;
  const srcSet = (extension: string) =>
    SRCSET_WIDTHS.map((width) => `${stem}${width}.${extension} ${width}w`).join(', ');
  return { webp: srcSet('webp'), avif: srcSet('avif') };
}

export interface StoneImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height'
> {
  src: string;
  alt: string;
  /** The layout width the image is shown at, as a `sizes` value. */
  sizes: string;
  /** Images above the fold load at once; the rest wait until they come near the viewport. */
  eager?: boolean;
}

/**
 * A square product image with declared dimensions (no layout shift) and responsive sources: AVIF
 * where the browser takes it, WebP otherwise.
 */
export function StoneImage({ src, alt, sizes, eager = false, ...rest }: StoneImageProps) {
  const sources = responsiveSources(src);
  const image = (
    <img
      src={src}
      srcSet={sources?.webp}
      sizes={sizes}
      alt={alt}
      width={640}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      // The page's largest image is painted with the first frame it can be; others need not wait.
      decoding={rest.fetchPriority === 'high' ? 'auto' : 'async'}
      {...rest}
    />
  );
  if (!sources) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      {image}
    </picture>
  );
}
