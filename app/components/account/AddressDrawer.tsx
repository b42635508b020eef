import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressJson, CustomerJson } from '#domain/api-types.ts';
import { addressSchema, type Address, type AddressInput } from '#domain/validation.ts';
import { apiFetch } from '#app/lib/api.ts';
import { setCustomer } from '#app/lib/auth.ts';
import { Drawer } from '#app/components/ui/Drawer.tsx';
import { Form } from '#app/components/forms/Form.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import {
  AddressFields,
  ADDRESS_LOOKUP_TEXTS,
  blankAddress,
} from '#app/components/forms/AddressFields.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';

export type AddressKind = 'billing' | 'shipping';

export const ADDRESS_TEXTS = {
  saveFailed: 'Failed to save address. Please try again.',
  deleteFailed: 'Failed to delete address. Please try again.',
  confirmDelete: 'Are you sure you want to delete this address?',
  ...ADDRESS_LOOKUP_TEXTS,
} as const;

const DRAWER_WIDTH_PX = 560;

async function saveAddress(kind: AddressKind, address: Address | null) {
  const { customer } = await apiFetch<{ customer: CustomerJson }>('/api/auth/update-profile', {
    method: 'PUT',
    body: { [kind]: address },
  });
  setCustomer(customer);
}

type Busy = 'saving' | 'deleting' | null;

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
  const form = useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(addressSchema),
    reValidateMode: 'onSubmit',
    // Opened afresh each time (the page mounts it per edit), so the defaults are read once.
    defaultValues: (address as AddressInput | null) ?? blankAddress(email),
  });

  const onSubmit = form.handleSubmit(async (values) => {
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
      <Form
        form={form}
        errors="list"
        aria-label={`${kind === 'billing' ? 'Billing' : 'Shipping'} address`}
        onSubmit={onSubmit}
        onChange={() => setFailure(null)}
        className="flex flex-col gap-4"
      >
        <FormErrorList />
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
        <fieldset disabled={busy !== null} className="flex flex-col gap-4">
          <AddressFields section={kind} />
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
      </Form>
    </Drawer>
  );
}
