import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HERO_INTERVAL_MS, cycleIndex } from '#domain/catalogue.ts';
import { HERO_IMAGE_SIZES, type HeroSlide } from './hero-slides.ts';
import { bannerImage } from './stone-banner.ts';
import { usePageLoaded } from '../../lib/page-loaded.ts';

function Slide({
  slide,
  index,
  current,
  load,
}: {
  slide: HeroSlide;
  index: number;
  current: boolean;
  /** Whether to fetch the image: the first slide's at once, the others' once the page is in. */
  load: boolean;
}) {
  const { src, srcSet, width, height } =
    'src' in slide.image
      ? { src: slide.image.src, srcSet: undefined, width: 1280, height: 533 }
      : bannerImage(slide.image);
  return (
    <div
      inert={!current}
      aria-hidden={!current}
      className={`absolute inset-0 transition-opacity duration-700 ${current ? 'opacity-100' : 'opacity-0'}`}
    >
      {/* Beneath the image: it shows until the image has arrived, with or without scripts. */}
      <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-stone-300" />
      {load && (
        <img
          src={src}
          srcSet={srcSet}
          sizes={HERO_IMAGE_SIZES}
          width={width}
          height={height}
          alt=""
          fetchPriority={index === 0 ? 'high' : 'low'}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <div className="absolute inset-0 bg-gradient-to-r from-black/60 via-black/25 to-transparent" />
      <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-6 text-white lg:px-8">
        <p className="text-sm font-medium tracking-[0.25em] uppercase">{slide.subtitle}</p>
        <h2 className="mt-3 max-w-xl text-4xl font-semibold lg:text-6xl">{slide.title}</h2>
        <p className="mt-4 max-w-md text-base lg:text-lg">{slide.description}</p>
        <Link
          to={slide.link}
          className="mt-8 self-start rounded-full bg-white px-7 py-3 text-sm font-semibold tracking-wide text-stone-ink uppercase hover:bg-stone-100"
        >
          explore now<span className="sr-only"> {slide.title}</span>
        </Link>
      </div>
    </div>
  );
}

/**
 * Four slides advancing every 10 s, wrapping around; an indicator jumps to its slide. A pause
 * button stops the movement for those who need it still.
 */
export function HeroCarousel({ slides }: { slides: readonly HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const settled = usePageLoaded();
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(
      () => setIndex((i) => cycleIndex(i, slides.length, 1)),
      HERO_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [index, paused, slides.length]);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative h-[28rem] overflow-hidden bg-stone-300 md:h-auto md:aspect-[12/5] md:max-h-[40rem]"
    >
      {slides.map((slide, i) => (
        <Slide
          key={`${i}:${slide.title}`}
          slide={slide}
          index={i}
          current={i === index}
          load={i === 0 || i === index || settled}
        />
      ))}
      <div className="absolute inset-x-0 bottom-5 flex items-center justify-center gap-3">
        {slides.map((slide, i) => (
          <button
            key={`${i}:${slide.title}`}
            type="button"
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="flex size-6 items-center justify-center"
          >
            <span
              aria-hidden="true"
              className={`block h-1.5 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-3 bg-white/60'}`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => setPaused(!paused)}
          className="ml-2 rounded-full bg-black/40 px-3 py-1 text-xs text-white"
        >
          {paused ? 'Play slideshow' : 'Pause slideshow'}
        </button>
      </div>
    </section>
  );
}
