import { Link } from 'react-router';
import { bannerImage } from './stone-banner.ts';

// No film of the showroom exists yet: a still stands where the spec's looping video would play.
const INTRO_IMAGE = bannerImage({ material: 'marble', colour: 'white', seed: 5505 });

/** Who we are, in a few lines, with 'shop now' to the white stones. */
export function IntroBlock() {
  return (
    <section
      aria-labelledby="intro-heading"
      className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-14 lg:grid-cols-2 lg:px-8"
    >
      <img
        {...INTRO_IMAGE}
        sizes="(max-width: 1023px) 100vw, 50vw"
        alt="Honed white marble with soft grey veining"
        loading="lazy"
        decoding="async"
        className="aspect-[12/5] w-full rounded object-cover"
      />
      <div>
        <p className="text-sm font-medium tracking-[0.25em] text-stone-accent uppercase">
          Natural stone, chosen with care
        </p>
        <h2 id="intro-heading" className="mt-3 text-3xl font-semibold">
          Bright, quiet whites for every room
        </h2>
        <p className="mt-4 text-stone-700">
          From Carrara-style marble to pale limestone, our white stones are picked batch by batch in
          our Bristol warehouse, so what arrives on your pallet matches what you fell for.
        </p>
        <Link
          to="/colour/whites"
          className="mt-6 inline-block rounded-full bg-stone-ink px-7 py-3 text-sm font-semibold tracking-wide text-white uppercase hover:bg-stone-700"
        >
          shop now<span className="sr-only"> white stone</span>
        </Link>
      </div>
    </section>
  );
}
