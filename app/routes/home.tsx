import { useLoaderData } from 'react-router';
import type { HomeJson } from '#domain/content-admin.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { HeroCarousel } from '#app/components/home/HeroCarousel.tsx';
import { HERO_SLIDES } from '#app/components/home/hero-slides.ts';
import { IntroBlock } from '#app/components/home/IntroBlock.tsx';
import { PROMO_TILES, PromoTiles } from '#app/components/home/PromoTiles.tsx';
import { RecentPosts } from '#app/components/home/RecentPosts.tsx';
import { SpecialDeals } from '#app/components/home/SpecialDeals.tsx';

export function meta() {
  return [
    { title: 'Tessera | Natural stone tiles, slabs and mosaics' },
    {
      name: 'description',
      content:
        'Marble, limestone, travertine, slate and granite tiles, slabs, mosaics and pattern tiles, priced per square metre and delivered across the UK.',
    },
  ];
}

/** As first seeded: what the page shows when the database cannot answer. */
const FALLBACK: HomeJson = { slides: [...HERO_SLIDES], tiles: [...PROMO_TILES] };

// Slides and tiles are part of the page (staff set them): a failed read falls back to the
// seeded ones, never an error page.
export async function loader({ context }: { context: PageLoadContext }): Promise<HomeJson> {
  try {
    const answer = await context.api<HomeJson>('/api/home');
    return answer.status === 200 && answer.data.slides.length > 0 ? answer.data : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

// Special Deals and Recent Posts fetch in the browser (TanStack Query): their failures stay in
// their sections and the page itself is always a 200.
export default function Home() {
  const { slides, tiles } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1 className="sr-only">Tessera natural stone tiles, slabs and mosaics</h1>
      <HeroCarousel slides={slides} />
      <IntroBlock />
      <PromoTiles tiles={tiles} />
      <SpecialDeals />
      <RecentPosts />
    </main>
  );
}
