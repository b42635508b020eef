import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressJson, CustomerJson, PostcodeAddressJson } from '#domain/api-types.ts';
import {
  addressSchema,
  COUNTRIES,
  postcodeSearchSchema,
  type Address,
  type AddressInput,
} from '#domain/validation.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { setCustomer } from '#app/lib/auth.ts';
import { Drawer } from '#app/components/ui/Drawer.tsx';
import { FormField, FormMessage, primaryButton, secondaryButton } from './FormField.tsx';

export type AddressKind = 'billing' | 'shipping';

export const ADDRESS_TEXTS = {
  saveFailed: 'Failed to save address. Please try again.',
  deleteFailed: 'Failed to delete address. Please try again.',
  confirmDelete: 'Are you sure you want to delete this address?',
  lookupFailed: 'Failed to find addresses. Please enter manually.',
  searching: 'Searching...',
} as const;

/** The form's fields in reading order, so the error list reads top to bottom. */
const FIELD_ORDER = [
  'first_name',
  'last_name',
  'company',
  'phone',
  'email',
  'country',
  'address_1',
  'address_2',
  'city',
  'county',
  'postcode',
] as const satisfies readonly (keyof AddressInput)[];

const DRAWER_WIDTH_PX = 560;

function blankAddress(email: string): AddressInput {
  return {
    first_name: '',
    last_name: '',
    company: '',
    phone: '',
    email,
    country: 'GB',
    postcode: '',
    address_1: '',
    address_2: '',
    city: '',
    county: '',
  };
}

async function saveAddress(kind: AddressKind, address: Address | null) {
  const { customer } = await apiFetch<{ customer: CustomerJson }>('/api/auth/update-profile', {
    method: 'PUT',
    body: { [kind]: address },
  });
  setCustomer(customer);
}

type Busy = 'saving' | 'deleting' | null;

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
      setProblem(parsed.error.issues[0]?.message ?? ADDRESS_TEXTS.lookupFailed);
      return;
    }
    setSearching(true);
    try {
      const { addresses } = await apiFetch<{ addresses: PostcodeAddressJson[] }>(
        `/api/postcode-lookup?postcode=${encodeURIComponent(parsed.data)}`,
      );
      if (addresses.length === 0) setProblem(ADDRESS_TEXTS.lookupFailed);
      setFound(addresses);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 400
          ? error.message
          : ADDRESS_TEXTS.lookupFailed,
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
        {searching ? ADDRESS_TEXTS.searching : 'Find address'}
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
 * The 'Edit Address' side drawer (spec section 2): every field, the spec's messages as one list
 * that clears as soon as the shopper edits, postcode lookup, delete, save and cancel.
 */
export function AddressDrawer({
  kind,
  address,
  email,
  onClose,
}: {
  kind: AddressKind;
  address: AddressJson | null;
  email: string;
  onClose(): void;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(addressSchema),
    reValidateMode: 'onSubmit',
    // Opened afresh each time (the page mounts it per edit), so the defaults are read once.
    defaultValues: (address as AddressInput | null) ?? blankAddress(email),
  });
  const messages = FIELD_ORDER.flatMap((field) => errors[field]?.message ?? []);

  const onSubmit = handleSubmit(async (values) => {
    setBusy('saving');
    setFailure(null);
    try {
      await saveAddress(kind, values);
      onClose();
    } catch {
      setFailure(ADDRESS_TEXTS.saveFailed);
    } finally {
      setBusy(null);
    }
  });

  async function onDelete() {
    if (!window.confirm(ADDRESS_TEXTS.confirmDelete)) return;
    setBusy('deleting');
    setFailure(null);
    try {
      await saveAddress(kind, null);
      onClose();
    } catch {
      setFailure(ADDRESS_TEXTS.deleteFailed);
    } finally {
      setBusy(null);
    }
  }

  const field = (name: (typeof FIELD_ORDER)[number]) => ({
    error: errors[name]?.message,
    ...register(name),
  });

  return (
    <Drawer
      open
      onOpenChange={(next) => {
        if (!next && busy === null) onClose();
      }}
      title="Edit Address"
      description={`Your ${kind} address`}
      widthPx={DRAWER_WIDTH_PX}
    >
      <form
        noValidate
        aria-label={`${kind === 'billing' ? 'Billing' : 'Shipping'} address`}
        onSubmit={onSubmit}
        onChange={() => {
          if (messages.length > 0) clearErrors();
          setFailure(null);
        }}
      >
        {messages.length > 0 ? (
          <ul
            role="alert"
            aria-label="Please correct the following"
            className="mb-4 list-inside list-disc rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {failure ? (
          <div className="mb-4">
            <FormMessage kind="error">{failure}</FormMessage>
          </div>
        ) : null}
        <fieldset disabled={busy !== null} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="First name"
              required
              autoComplete="given-name"
              {...field('first_name')}
            />
            <FormField
              label="Last name"
              required
              autoComplete="family-name"
              {...field('last_name')}
            />
          </div>
          <FormField
            label="Company name (optional)"
            autoComplete="organization"
            {...field('company')}
          />
          <FormField label="Phone" type="tel" required autoComplete="tel" {...field('phone')} />
          <FormField
            label="Email address"
            type="email"
            required
            autoComplete="email"
            {...field('email')}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${kind}-country`} className="text-sm font-medium">
              Country / Region<span aria-hidden="true"> *</span>
            </label>
            <select
              id={`${kind}-country`}
              aria-required
              className="rounded border border-stone-300 px-3 py-2"
              {...register('country')}
            >
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.label}
                </option>
              ))}
            </select>
          </div>
          <FormField label="Postcode" required autoComplete="postal-code" {...field('postcode')} />
          <PostcodeLookup
            enabled={watch('country') === 'GB'}
            postcode={() => getValues('postcode')}
            onChoose={(found) => {
              for (const key of ['address_1', 'address_2', 'city', 'county', 'postcode'] as const) {
                setValue(key, found[key]);
              }
              clearErrors();
            }}
          />
          <FormField
            label="Address Line 1"
            required
            autoComplete="address-line1"
            {...field('address_1')}
          />
          <FormField
            label="Address Line 2 (optional)"
            autoComplete="address-line2"
            {...field('address_2')}
          />
          <FormField
            label="Town / City"
            required
            autoComplete="address-level2"
            {...field('city')}
          />
          <FormField label="County (optional)" autoComplete="address-level1" {...field('county')} />
          <div className="flex flex-wrap gap-3 pt-2">
            <button type="submit" className={primaryButton}>
              {busy === 'saving' ? 'Saving...' : 'Save address'}
            </button>
            <button type="button" className={secondaryButton} onClick={() => onClose()}>
              Cancel
            </button>
            {address ? (
              <button
                type="button"
                className="ml-auto rounded px-3 py-2.5 text-sm font-semibold text-red-700 underline"
                onClick={onDelete}
              >
                {busy === 'deleting' ? 'Deleting...' : 'Delete address'}
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </Drawer>
  );
}
