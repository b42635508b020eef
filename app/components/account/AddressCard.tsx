import type { AddressJson } from '#domain/api-types.ts';
import { countryLabel } from '#domain/countries.ts';
import { secondaryButton } from '#app/components/forms/styles.ts';
import type { AddressKind } from './AddressDrawer.tsx';

const TITLES: Record<AddressKind, string> = {
  billing: 'Billing address',
  shipping: 'Shipping address',
};

/** One address card: name, city, county or '-', postcode and country, with edit or add new. */
export function AddressCard({
  kind,
  address,
  onEdit,
}: {
  kind: AddressKind;
  address: AddressJson | null;
  onEdit(): void;
}) {
  const headingId = `${kind}-address-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded border border-stone-200 p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {TITLES[kind]}
      </h2>
      {address ? (
        <address className="not-italic leading-relaxed">
          {address.first_name} {address.last_name}
          <br />
          {address.city}
          <br />
          {address.county || '-'}
          <br />
          {address.postcode}
          <br />
          {countryLabel(address.country)}
        </address>
      ) : (
        <p className="text-sm text-stone-600">You have not set up this type of address yet.</p>
      )}
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        aria-label={`${address ? 'Edit' : 'Add new'} ${TITLES[kind].toLowerCase()}`}
        onClick={onEdit}
      >
        {address ? 'Edit' : 'Add new'}
      </button>
    </section>
  );
}
