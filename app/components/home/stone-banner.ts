// Wide banner images from the generated stone media (/media/stone/{material}-{colour}-{seed}-
// {width}x{height}.webp), in the widths the media route renders.

export interface StoneBanner {
  material: string;
  colour: string;
  seed: number;
}

const BANNER_WIDTHS = [640, 960, 1280, 1920] as const;
/** Banners are 12:5; heights are whole pixels. */
const BANNER_RATIO = 5 / 12;

function bannerUrl({ material, colour, seed }: StoneBanner, width: number): string {
  return `/media/stone/${material}-${colour}-${seed}-${width}x${Math.round(width * BANNER_RATIO)}.webp`;
}

/**
 * src, srcset and the intrinsic size of a banner, so the browser picks a width and reserves space.
 *
 * bannerImage({ material: 'marble', colour: 'white', seed: 1 }).src
 *   → '/media/stone/marble-white-1-1280x533.webp'
 */
export function bannerImage(banner: StoneBanner) {
  return {
    src: bannerUrl(banner, 1280),
    srcSet: BANNER_WIDTHS.map((width) => `${bannerUrl(banner, width)} ${width}w`).join(', '),
    width: 1280,
    height: Math.round(1280 * BANNER_RATIO),
  };
}
