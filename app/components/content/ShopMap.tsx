import { lazy, Suspense, useEffect, useState } from 'react';
import { SHOP_LOCATION } from '#domain/company.ts';
import { useShop } from '#app/lib/shop.ts';
import { ConsentGate, providerOf } from './ConsentGate.tsx';

// Leaflet touches `window` when imported: load it in the browser only, after hydration.
const LeafletMap = lazy(() => import('./LeafletMap.tsx'));

const OPENSTREETMAP_LINK = `https://www.openstreetmap.org/?mlat=${SHOP_LOCATION.lat}&mlon=${SHOP_LOCATION.lng}#map=16/${SHOP_LOCATION.lat}/${SHOP_LOCATION.lng}`;

function AddressCard() {
  const shop = useShop();
  return (
    <address className="not-italic">
      <p className="font-semibold text-stone-ink">{shop.trading_name}</p>
      {shop.registered_office.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <a href={`tel:${shop.phone.replaceAll(' ', '')}`} className="mt-2 block">
        {shop.phone}
      </a>
      <a href={`mailto:${shop.email}`} className="block">
        {shop.email}
      </a>
      <a
        href={OPENSTREETMAP_LINK}
        className="mt-2 inline-block text-stone-accent underline underline-offset-2"
        rel="noopener noreferrer"
        target="_blank"
      >
        Open in OpenStreetMap
      </a>
    </address>
  );
}

/**
 * The showroom on a map with a marker, beside its address, once the shopper allows the map (its
 * tiles come from another company). Without a tile source the map area says so and the address
 * stays; tiles that fail to load leave the marker on a blank map.
 */
export function ShopMap({ tileUrl }: { tileUrl: string | undefined }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section aria-labelledby="find-us" className="mt-10 grid gap-6 md:grid-cols-[2fr_1fr]">
      <h2 id="find-us" className="sr-only">
        Find us
      </h2>
      <div
        role="region"
        aria-label="Map of our showroom"
        className="h-72 overflow-hidden rounded border border-stone-200 bg-stone-100 md:h-96"
      >
        {tileUrl ? (
          <ConsentGate label="map" provider={providerOf(tileUrl)}>
            {() =>
              mounted ? (
                <Suspense fallback={null}>
                  <LeafletMap tileUrl={tileUrl} />
                </Suspense>
              ) : null
            }
          </ConsentGate>
        ) : (
          <p className="flex h-full items-center justify-center p-6 text-center text-stone-600">
            The map is not available right now. Our address is beside it.
          </p>
        )}
      </div>
      <AddressCard />
    </section>
  );
}
