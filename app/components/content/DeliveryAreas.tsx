import { useQuery } from '@tanstack/react-query';
import type { DeliveryAreaJson } from '#domain/api-schemas-delivery.ts';
import { apiFetch } from '#app/lib/api.ts';
import { money } from '../checkout/format.ts';

export const AREAS_HEADING = 'Delivery prices by area';

function daysText(area: DeliveryAreaJson): string {
  if (area.min_days === null || area.max_days === null) return '';
  return `${area.min_days}–${area.max_days} working days`;
}

function priceText(price: string | null, surcharge: string): string {
  if (price === null) return '';
  return surcharge === '0.00'
    ? money(price)
    : `${money(price)} (incl. ${money(surcharge)} surcharge)`;
}

/**
 * The Delivery Information page's table of areas, from the zones and prices checkout charges by
 * (GET /api/delivery/areas), so the page and the checkout cannot disagree.
 */
export function DeliveryAreas() {
  const areas = useQuery({
    queryKey: ['delivery-areas'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: DeliveryAreaJson[] }>('/api/delivery/areas', { signal })).data,
    staleTime: 300_000,
  });
  if (!areas.data) return null;
  return (
    <section aria-labelledby="delivery-areas" className="mt-8">
      <h2 id="delivery-areas" className="text-lg font-semibold">
        {AREAS_HEADING}
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        Prices include VAT. A parcel is an order up to the parcel weight (most samples and tiling
        products); heavier orders travel on pallets, priced per pallet.
      </p>
      {/* On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too. */}
      <div
        className="mt-3 overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Delivery prices by area, table"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Area</th>
              <th scope="col">Postcodes</th>
              <th scope="col">Parcel</th>
              <th scope="col">Per pallet</th>
              <th scope="col">Delivery time</th>
            </tr>
          </thead>
          <tbody>
            {areas.data.map((area) => (
              <tr key={area.code} className="border-t border-stone-200 align-top">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {area.name}
                </th>
                <td className="py-2 pr-3">{area.postcodes}</td>
                {area.deliverable ? (
                  <>
                    <td className="py-2 pr-3">{priceText(area.parcel, area.parcel_surcharge)}</td>
                    <td className="py-2 pr-3">
                      {priceText(area.pallet, area.pallet_surcharge)}
                      {area.free_from ? `; free on orders over ${money(area.free_from)}` : ''}
                    </td>
                    <td className="py-2">{daysText(area)}</td>
                  </>
                ) : (
                  <td colSpan={3} className="py-2">
                    {area.message}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
