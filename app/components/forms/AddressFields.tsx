import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '#app/root.tsx';
import type { PostcodeAddressJson } from '#domain/api-types.ts';
import { COUNTRIES } from '#domain/countries.ts';
import { postcodeSearchSchema, type AddressInput } from '#domain/validation.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { Field, SelectField } from './Field.tsx';
import { FormMessage } from './FormMessage.tsx';
import { secondaryButton } from './styles.ts';

export const ADDRESS_LOOKUP_TEXTS = {
  lookupFailed: 'Failed to find addresses. Please enter manually.',
  searching: 'Searching...',
} as const;

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.label }));

/** An empty address form, in the form's order; GB is the shop's country. */
export function blankAddress(email = ''): Required<AddressInput> {
  return {
    first_name: '',
    last_name: '',
    company: '',
    phone: '',
    email,
    country: 'GB',
    address_1: '',
    address_2: '',
    city: '',
    county: '',
    postcode: '',
  };
}

/** Postcode lookup (GB only): suggestions that fill the address lines. */
function PostcodeLookup({
  enabled,
  postcode,
  onChoose,
}: {
  enabled: boolean;
  postcode(): string;
  onChoose(address: PostcodeAddressJson): void;
}) {
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<PostcodeAddressJson[]>([]);

  async function search() {
    setProblem(null);
    setFound([]);
    const parsed = postcodeSearchSchema.safeParse(postcode());
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADDRESS_LOOKUP_TEXTS.lookupFailed);
      return;
    }
    setSearching(true);
    try {
      const { addresses } = await apiFetch<{ addresses: PostcodeAddressJson[] }>(
        `/api/postcode-lookup?postcode=${encodeURIComponent(parsed.data)}`,
      );
      if (addresses.length === 0) setProblem(ADDRESS_LOOKUP_TEXTS.lookupFailed);
      setFound(addresses);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 400
          ? error.message
          : ADDRESS_LOOKUP_TEXTS.lookupFailed,
      );
    } finally {
      setSearching(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={search}
        disabled={!enabled || searching}
      >
        {searching ? ADDRESS_LOOKUP_TEXTS.searching : 'Find address'}
      </button>
      {!enabled ? (
        <p className="text-sm text-stone-600">Address lookup is available for UK postcodes.</p>
      ) : null}
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {found.length > 0 ? (
        <ul aria-label="Addresses found" className="rounded border border-stone-200">
          {found.map((address) => {
            const label = [address.address_1, address.address_2, address.city]
              .filter(Boolean)
              .join(', ');
            return (
              <li key={label}>
                <button
                  type="button"
                  className="w-full border-b border-stone-100 px-3 py-2 text-left text-sm hover:bg-stone-50"
                  onClick={() => {
                    onChoose(address);
                    setFound([]);
                  }}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The address fields of spec sections 3 and 5, in the surrounding `<Form>`: names and company,
 * phone, email (unless the form asks for it once elsewhere, as the checkout does), country,
 * postcode with the GB lookup, address lines, town and county. `prefix` nests them in the form's
 * values ('shipping' → 'shipping.postcode'); the messages come from `addressSchema`.
 */
export function AddressFields({
  prefix,
  section,
  withEmail = true,
}: {
  prefix?: string;
  /** The autofill section, so browsers fill a delivery and a billing address apart. */
  section?: 'shipping' | 'billing';
  withEmail?: boolean;
}) {
  const { control, getValues, setValue, clearErrors } = useFormContext();
  const path = (field: keyof AddressInput) => (prefix ? `${prefix}.${field}` : field);
  const auto = (token: string) => (section ? `${section} ${token}` : token);
  const country: unknown = useWatch({ control, name: path('country') });
  const addressLookup = useRouteLoaderData<typeof rootLoader>('root')?.addressLookup ?? false;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name={path('first_name')}
          label="First name"
          required
          autoComplete={auto('given-name')}
        />
        <Field
          name={path('last_name')}
          label="Last name"
          required
          autoComplete={auto('family-name')}
        />
      </div>
      <Field
        name={path('company')}
        label="Company name (optional)"
        autoComplete={auto('organization')}
      />
      <Field name={path('phone')} label="Phone" type="tel" required autoComplete={auto('tel')} />
      {withEmail ? (
        <Field
          name={path('email')}
          label="Email address"
          type="email"
          required
          autoComplete={auto('email')}
        />
      ) : null}
      <SelectField
        name={path('country')}
        label="Country / Region"
        required
        autoComplete={auto('country')}
        options={COUNTRY_OPTIONS}
      />
      <Field name={path('postcode')} label="Postcode" required autoComplete={auto('postal-code')} />
      {addressLookup ? (
        <PostcodeLookup
          enabled={country === 'GB'}
          postcode={() => String(getValues(path('postcode')) ?? '')}
          onChoose={(found) => {
            for (const key of ['address_1', 'address_2', 'city', 'county', 'postcode'] as const) {
              setValue(path(key), found[key], { shouldDirty: true });
            }
            clearErrors();
          }}
        />
      ) : null}
      <Field
        name={path('address_1')}
        label="Address Line 1"
        required
        autoComplete={auto('address-line1')}
      />
      <Field
        name={path('address_2')}
        label="Address Line 2 (optional)"
        autoComplete={auto('address-line2')}
      />
      <Field
        name={path('city')}
        label="Town / City"
        required
        autoComplete={auto('address-level2')}
      />
      <Field
        name={path('county')}
        label="County (optional)"
        autoComplete={auto('address-level1')}
      />
    </div>
  );
}
