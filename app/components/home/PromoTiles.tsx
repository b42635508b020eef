import { Link } from 'react-router';
import { StoneImage } from '../ui/StoneImage.tsx';

/** The promotional cards of the home page, each with 'shop now' to its listing. */
export interface PromoTile {
  title: string;
  href: string;
  image: string;
}

/** The promotional cards as first seeded: the fallback while the database cannot answer. */
export const PROMO_TILES: readonly PromoTile[] = [
  {
    title: 'New Arrivals',
    href: '/new-arrivals',
    image: '/media/stone/quartzite-grey-611-640.webp',
  },
  {
    title: 'Stone Mosaic Tiles',
    href: '/collections/stone-collection/stone-mosaic-tiles',
    image: '/media/stone/marble-multi-colour-622-640.webp',
  },
  {
    title: 'Stone Slabs',
    href: '/collections/slabs',
    image: '/media/stone/granite-black-633-640.webp',
  },
  {
    title: 'Bathroom Tiles',
    href: '/room-type-usage/bathroom',
    image: '/media/stone/marble-white-644-640.webp',
  },
  {
    title: 'Herringbone Tiles',
    href: '/collections/design-pattern-collection/herringbone-tiles',
    image: '/media/stone/limestone-beige-brown-655-640.webp',
  },
];

/** The tile grid of promotional cards, and 'shop all tiles' under it. */
export function PromoTiles({ tiles }: { tiles: readonly PromoTile[] }) {
  return (
    <section aria-labelledby="promo-heading" className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
      <h2 id="promo-heading" className="text-2xl font-semibold">
        Find your stone
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-5">
        {tiles.map((tile, i) => (
          <li
            key={`${i}:${tile.href}`}
            className={`relative overflow-hidden rounded ${i === 0 ? 'col-span-2 lg:col-span-1' : ''}`}
          >
            <StoneImage
              src={tile.image}
              alt=""
              sizes="(max-width: 1023px) 50vw, 20vw"
              className="aspect-square w-full object-cover"
            />
            <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/70 to-transparent p-4 text-white">
              <h3 className="text-lg font-semibold">{tile.title}</h3>
              <Link
                to={tile.href}
                className="mt-1 text-sm font-medium uppercase underline underline-offset-4"
              >
                shop now<span className="sr-only"> {tile.title}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-8 text-center">
        <Link
          to="/stone-collection/all-products"
          className="inline-block rounded-full border border-stone-ink px-8 py-3 text-sm font-semibold tracking-wide uppercase hover:bg-stone-100"
        >
          shop all tiles
        </Link>
      </div>
    </section>
  );
}
