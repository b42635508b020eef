import type { StoneBanner } from './stone-banner.ts';

export interface HeroSlide {
  subtitle: string;
  title: string;
  description: string;
  /** A generated stone banner, or an image by address (1280 × 533 is its intended size). */
  image: StoneBanner | { src: string; alt: string };
  link: string;
}

/** The home page's four hero slides, linking the spec's four collections. */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    subtitle: 'Timeless elegance',
    title: 'Marble Tiles',
    description: 'Polished and honed marble for floors and walls, from quarries we know by name.',
    image: { material: 'marble', colour: 'white', seed: 1101 },
    link: '/collections/stone-collection/marble-tiles',
  },
  {
    subtitle: 'Soft, natural warmth',
    title: 'Limestone Tiles',
    description: 'Calm, even limestone that brings light into kitchens, hallways and bathrooms.',
    image: { material: 'limestone', colour: 'cream-yellow', seed: 2202 },
    link: '/collections/stone-collection/limestone-tiles',
  },
  {
    subtitle: 'A classic pattern',
    title: 'Chequerboard Tiles',
    description: 'Black and white stone laid on the diagonal, as striking now as a century ago.',
    image: { material: 'marble', colour: 'black', seed: 3303 },
    link: '/collections/design-pattern-collection/chequerboard-tiles',
  },
  {
    subtitle: 'Sun-bleached character',
    title: 'Travertine Tiles',
    description: 'Tumbled and filled travertine with the texture of old Mediterranean floors.',
    image: { material: 'travertine', colour: 'beige-brown', seed: 4404 },
    link: '/collections/stone-collection/travertine-tiles',
  },
];

/** The layout width of the hero image: the full viewport, cropped taller on phones. */
export const HERO_IMAGE_SIZES = '(max-width: 767px) 1100px, 100vw';
