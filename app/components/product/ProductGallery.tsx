import { useState, type PointerEvent } from 'react';
import { PRODUCT_THUMBNAILS_MAX } from '#domain/catalogue.ts';
import type { ProductImage } from '#domain/api-types.ts';
import { StoneImage } from '../ui/StoneImage.tsx';
import { lazyDialog } from '../ui/lazy-dialog.tsx';
import { openerProps } from '../ui/lazy-part.tsx';

const Lightbox = lazyDialog(() => import('./Lightbox.tsx').then((module) => module.Lightbox));

/**
 * The product page's images: up to four thumbnails, a main image that zooms under the pointer,
 * and a lightbox on click.
 */
export function ProductGallery({ images }: { images: ProductImage[] }) {
  const [index, setIndex] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const [zoomOrigin, setZoomOrigin] = useState<string | null>(null);
  const main = images[index];

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setZoomOrigin(`${x}% ${y}%`);
  };

  return (
    <div className="flex flex-col gap-3">
      {main ? (
        <button
          type="button"
          onClick={() => setLightboxOpen(true)}
          {...openerProps(Lightbox)}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setZoomOrigin(null)}
          aria-label={`Enlarge image ${index + 1} of ${images.length}`}
          className="block w-full cursor-zoom-in overflow-hidden rounded"
        >
          <StoneImage
            src={main.src}
            alt={main.alt}
            sizes="(min-width: 768px) 50vw, 100vw"
            eager
            // The page's largest paint: fetched ahead of scripts and the other images.
            fetchPriority="high"
            className="aspect-square w-full object-cover transition-transform duration-150"
            style={
              zoomOrigin ? { transform: 'scale(1.8)', transformOrigin: zoomOrigin } : undefined
            }
          />
        </button>
      ) : (
        <div className="aspect-square w-full rounded bg-stone-200" />
      )}
      {images.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3" aria-label="Product images">
          {images.slice(0, PRODUCT_THUMBNAILS_MAX).map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index}
                className={`block w-full overflow-hidden rounded border-2 ${i === index ? 'border-stone-ink' : 'border-transparent'}`}
              >
                <StoneImage
                  src={image.src}
                  alt=""
                  sizes="120px"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Lightbox
        images={images}
        index={index}
        onIndexChange={setIndex}
        open={lightboxOpen}
        onOpenChange={setLightboxOpen}
      />
    </div>
  );
}
