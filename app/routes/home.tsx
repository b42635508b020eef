import { HeroCarousel } from '#app/components/home/HeroCarousel.tsx';
import { IntroBlock } from '#app/components/home/IntroBlock.tsx';
import { PromoTiles } from '#app/components/home/PromoTiles.tsx';
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

// Special Deals and Recent Posts fetch in the browser (TanStack Query): their failures stay in
// their sections and the page itself is always a 200.
export default function Home() {
  return (
    <main>
      <h1 className="sr-only">Tessera natural stone tiles, slabs and mosaics</h1>
      <HeroCarousel />
      <IntroBlock />
      <PromoTiles />
      <SpecialDeals />
      <RecentPosts />
    </main>
  );
}
