import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import type { ProductImage } from '#domain/api-types.ts';
import { StoneImage } from '../ui/StoneImage.tsx';

/** A swipeable image gallery with one dot per image (the quick view's gallery). */
export function DotsGallery({ images, sizes }: { images: ProductImage[]; sizes: string }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  return (
    <div>
      <div className="overflow-hidden rounded" ref={viewportRef}>
        <div className="flex">
          {images.map((image, index) => (
            <div key={image.id} className="min-w-0 shrink-0 grow-0 basis-full">
              <StoneImage
                src={image.src}
                alt={image.alt}
                sizes={sizes}
                eager={index === 0}
                className="aspect-square w-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      {images.length > 1 ? (
        <div className="mt-2 flex justify-center" role="group" aria-label="Images">
          {/* Each dot is drawn 12 px wide in a 24 px target (WCAG 2.5.8). */}
          {images.map((image, index) => (
            <button
              key={image.id}
              type="button"
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-current={index === selected}
              onClick={() => embla?.scrollTo(index)}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`size-3 rounded-full ${index === selected ? 'bg-stone-ink' : 'bg-stone-300'}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
