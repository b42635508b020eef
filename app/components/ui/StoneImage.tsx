import type { ImgHTMLAttributes } from 'react';

/** Widths the media route renders (server/services/media/stone-image.ts IMAGE_WIDTHS). */
const SRCSET_WIDTHS = [320, 640, 960, 1280] as const;
const SIZED_MEDIA = /^(\/media\/stone\/.+-)(\d{3,4})(\.[a-z]+)$/;

/**
 * A srcset for our generated media, which name their width (`…-640.webp`); other images get
 * none and load as they are.
 *
 * responsiveSrcSet('/media/stone/marble-white-17-640.webp')
 *   → '/media/stone/marble-white-17-320.webp 320w, …-640.webp 640w, …-960.webp 960w, …-1280.webp 1280w'
 * responsiveSrcSet('https://cdn.example/a.jpg') → undefined
 */
export function responsiveSrcSet(src: string): string | undefined {
  const match = SIZED_MEDIA.exec(src);
  if (!match) return undefined;
  const [, stem, , extension] = match;
  return SRCSET_WIDTHS.map((width) => `${stem}${width}${extension} ${width}w`).join(', ');
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
 * A square product image with declared dimensions (no layout shift) and a responsive srcset.
 */
export function StoneImage({ src, alt, sizes, eager = false, ...rest }: StoneImageProps) {
  return (
    <img
      src={src}
      srcSet={responsiveSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={640}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...rest}
    />
  );
}
