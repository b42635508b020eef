import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListingJson, ProductJson, VariationJson } from '#domain/api-types.ts';
import { formatM2 } from '#domain/area.ts';
import { variationPricing } from '#domain/cart.ts';
import {
  CALCULATOR_MESSAGES,
  LAYING_PATTERNS,
  patternWastage,
  projectQuantity,
  projectRoomSchema,
  roomArea,
  type LayingPattern,
  type ProjectQuantity,
  withWastageM2,
} from '#domain/project-calculator.ts';
import { variationOption } from '#domain/samples.ts';
import { apiFetch } from '#app/lib/api.ts';
import { useAddToCart } from '#app/lib/cart.ts';
import { useVariations } from '#app/lib/product-queries.ts';
import { useBasket } from './BasketProvider.tsx';
import { Spinner } from '../ui/Spinner.tsx';

type RoomInput = z.input<typeof projectRoomSchema>;
type Room = z.output<typeof projectRoomSchema>;

const SEARCH_RESULTS = 6;

/** Per-m² sizes in stock of a product sold by the m²: the only ones a room can be tiled with. */
function tileSizes(variations: VariationJson[] | undefined) {
  return (variations ?? []).flatMap((v) => {
    const option = variationOption(v);
    const pricing = option === null ? null : variationPricing(option, 'm2');
    return v.instock && pricing?.perM2 && pricing.areaM2 !== null
      ? [{ variation: v, option: option!, areaM2: pricing.areaM2 }]
      : [];
  });
}

/**
 * Room (length × width, or area) and laying pattern → m² with wastage → whole pieces of a
 * chosen product size, then into the basket.
 */
export function ProjectCalculator({ onAdded }: { onAdded(): void }) {
  const basket = useBasket();
  const add = useAddToCart();
  const [pattern, setPattern] = useState<LayingPattern>('straight');
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [product, setProduct] = useState<ProductJson | null>(null);
  const [sizeId, setSizeId] = useState<number | null>(null);
  const [sizeMissing, setSizeMissing] = useState(false);
  const [room, setRoom] = useState<Room | null>(null);

  const form = useForm<RoomInput, unknown, Room>({
    resolver: zodResolver(projectRoomSchema),
    defaultValues: {
      mode: 'dimensions',
      length: '',
      width: '',
      wastage: String(patternWastage('straight')),
    },
  });
  const mode = form.watch('mode');
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;

  const results = useQuery({
    queryKey: ['calculator-search', term],
    queryFn: ({ signal }) =>
      apiFetch<ListingJson>(
        `/api/products?search=${encodeURIComponent(term)}&per_page=${SEARCH_RESULTS}`,
        { signal },
      ),
    enabled: term.length >= 2 && product === null,
  });
  const variations = useVariations(product?.id ?? 0, product !== null);
  // Only goods sold by the m² tile a room: a sealer's tin or a moulding has no coverage here.
  const sizes = product?.unit === 'm2' ? tileSizes(variations.data) : [];
  const size = sizes.find((s) => s.variation.id === sizeId) ?? null;
  const quantity: ProjectQuantity | null =
    room && size ? projectQuantity(roomArea(room), room.wastage, size.areaM2) : null;

  // On a phone the answer lands below the fold: bring it into view once calculated.
  const answer = useRef<HTMLElement>(null);
  useEffect(() => {
    if (room) answer.current?.scrollIntoView({ block: 'nearest' });
  }, [room]);

  const choosePattern = (next: LayingPattern) => {
    setPattern(next);
    form.setValue('wastage', String(patternWastage(next)));
  };
  const calculate = form.handleSubmit((valid) => {
    setRoom(valid);
    setSizeMissing(size === null);
  });
  const addToBasket = () => {
    if (!quantity || !size || !product) return;
    add.mutate(
      {
        product_id: product.id,
        variation_id: size.variation.id,
        quantity: quantity.pieces,
        m2_quantity: quantity.coveredM2,
        check_duplicates: true,
      },
      {
        onSuccess: () => {
          onAdded();
          basket.open();
        },
      },
    );
  };

  const field = 'w-full rounded border border-stone-400 px-3 py-2';
  const fieldError = (name: string) =>
    errors[name]?.message ? (
      <span role="alert" className="text-sm text-red-700">
        {errors[name].message}
      </span>
    ) : null;

  return (
    <form onSubmit={calculate} noValidate className="mt-4 flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Your room</legend>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" value="dimensions" {...form.register('mode')} /> Length × width
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="area" {...form.register('mode')} /> Area
          </label>
        </div>
        {mode === 'dimensions' ? (
          <div className="grid grid-cols-2 gap-3">
            <label className="flex flex-col gap-1 text-sm">
              Length (m)
              <input inputMode="decimal" className={field} {...form.register('length')} />
              {fieldError('length')}
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Width (m)
              <input inputMode="decimal" className={field} {...form.register('width')} />
              {fieldError('width')}
            </label>
          </div>
        ) : (
          <label className="flex flex-col gap-1 text-sm">
            Area (m²)
            <input inputMode="decimal" className={field} {...form.register('area')} />
            {fieldError('area')}
          </label>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Laying pattern</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {LAYING_PATTERNS.map((p) => (
            <label key={p.id} className="flex items-center gap-2">
              <input
                type="radio"
                name="pattern"
                checked={pattern === p.id}
                onChange={() => choosePattern(p.id)}
              />
              {p.label} ({p.wastagePercent}% wastage)
            </label>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm">
          Wastage (%)
          <input inputMode="decimal" className={field} {...form.register('wastage')} />
          {fieldError('wastage')}
        </label>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Product and size</legend>
        {product ? (
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="font-semibold">{product.name}</span>
            <button
              type="button"
              className="underline"
              onClick={() => {
                setProduct(null);
                setSizeId(null);
              }}
            >
              Change product
            </button>
          </div>
        ) : (
          <>
            <label className="flex flex-col gap-1 text-sm">
              Search products
              <input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className={field}
              />
            </label>
            {results.data ? (
              results.data.data.length > 0 ? (
                <ul aria-label="Matching products" className="flex flex-col gap-1">
                  {results.data.data.map((p) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setProduct(p);
                          setSizeId(null);
                        }}
                        className="w-full rounded px-2 py-1 text-left text-sm hover:bg-stone-100"
                      >
                        {p.name}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm">No products found for {term}</p>
              )
            ) : null}
          </>
        )}
        {product ? (
          variations.isPending ? (
            <Spinner label="Loading sizes" />
          ) : sizes.length > 0 ? (
            <label className="flex flex-col gap-1 text-sm">
              Size
              <select
                value={sizeId ?? ''}
                onChange={(event) => {
                  setSizeId(Number(event.target.value) || null);
                  setSizeMissing(false);
                }}
                className={field}
              >
                <option value="">Choose a size</option>
                {sizes.map((s) => (
                  <option key={s.variation.id} value={s.variation.id}>
                    {s.option} mm
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="text-sm">This product has no tile sizes in stock.</p>
          )
        ) : null}
        {sizeMissing && !size ? (
          <span role="alert" className="text-sm text-red-700">
            {CALCULATOR_MESSAGES.sizeRequired}
          </span>
        ) : null}
      </fieldset>

      <button type="submit" className="rounded bg-stone-ink px-4 py-3 font-semibold text-white">
        Calculate
      </button>

      {room ? (
        <section ref={answer} aria-label="Your project" className="rounded bg-stone-100 p-4">
          <p>
            Area: <strong>{formatM2(roomArea(room))} m²</strong>; with {room.wastage}% wastage:{' '}
            <strong>{formatM2(withWastageM2(roomArea(room), room.wastage))} m²</strong>
          </p>
          {quantity && size ? (
            <>
              <p className="mt-1">
                You need <strong>{quantity.pieces} pieces</strong> of {size.option} mm, covering{' '}
                {formatM2(quantity.coveredM2)} m².
              </p>
              <button
                type="button"
                onClick={addToBasket}
                disabled={add.isPending}
                className="mt-3 flex items-center gap-2 rounded bg-stone-ink px-4 py-2 font-semibold text-white"
              >
                {add.isPending ? <Spinner label="Adding to basket" /> : null}
                Add {quantity.pieces} pieces to basket
              </button>
            </>
          ) : null}
        </section>
      ) : null}
    </form>
  );
}
