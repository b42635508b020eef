import * as Dialog from '@radix-ui/react-dialog';
import type { KeyboardEvent } from 'react';
import { cycleIndex } from '#domain/catalogue.ts';
import type { ProductImage } from '#domain/api-types.ts';
import { StoneImage } from '../ui/StoneImage.tsx';
import { useReturnFocus } from '../ui/return-focus.ts';

export interface LightboxProps {
  images: ProductImage[];
  index: number;
  onIndexChange(index: number): void;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Full-screen images: Escape closes, the arrow keys move and wrap around (spec section 2). */
export function Lightbox({ images, index, onIndexChange, open, onOpenChange }: LightboxProps) {
  const image = images[index];
  const returnFocus = useReturnFocus();
  const move = (step: number) => onIndexChange(cycleIndex(index, images.length, step));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 p-4 outline-none"
        >
          <Dialog.Title className="text-white">
            Image {index + 1} of {images.length}
          </Dialog.Title>
          {image ? (
            <StoneImage
              key={image.id}
              src={image.src}
              alt={image.alt}
              sizes="90vmin"
              eager
              className="max-h-[80vh] w-auto max-w-full object-contain"
            />
          ) : null}
          <div className="flex gap-4">
            <button
              type="button"
              onClick={() => move(-1)}
              className="rounded bg-white px-4 py-2"
              aria-label="Previous image"
            >
              ‹
            </button>
            <Dialog.Close className="rounded bg-white px-4 py-2">Close</Dialog.Close>
            <button
              type="button"
              onClick={() => move(1)}
              className="rounded bg-white px-4 py-2"
              aria-label="Next image"
            >
              ›
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
