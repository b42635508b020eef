import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deliverySettingsFormSchema,
  type DeliverySettingsForm,
  type DeliverySettingsValue,
} from '#domain/api-schemas-settings-delivery.ts';
import { postcodeRanges } from '#domain/delivery-zones.ts';
import { ApiError } from '#app/lib/api.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { failureMessage, PageHeading } from '#app/components/admin/ui.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import { changedFields, useStaleReload } from '#app/components/admin/editor-session.ts';
import { DeliveryZonesEditor } from '#app/components/admin/DeliveryZonesEditor.tsx';
import { DeliveryPreview } from '#app/components/admin/DeliveryPreview.tsx';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field, TextAreaField } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export function meta() {
  return [
    { title: 'Delivery settings | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

const URL = '/api/admin/settings/delivery';
const FORM_ID = 'delivery-settings';

interface Loaded {
  version: number;
  value: DeliverySettingsValue;
}

/** The saved settings as the form holds them: postcodes as text, empty text for none. */
function formValues(value: DeliverySettingsValue): DeliverySettingsForm {
  return {
    ...value,
    collection_address: value.collection_address ?? '',
    zones: value.zones.map((zone) => ({
      ...zone,
      prefixes: postcodeRanges(zone.prefixes),
      message: zone.message ?? '',
    })),
  };
}

/** The server's field messages (`value.zones.0.code`) put on the form's fields. */
function showServerErrors(
  form: { setError: (name: Path<DeliverySettingsForm>, error: { message: string }) => void },
  error: unknown,
): string {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      form.setError(field.replace(/^value\./, '') as Path<DeliverySettingsForm>, { message });
    }
  }
  return failureMessage(error);
}

function Prices() {
  return (
    <section aria-labelledby="prices-heading" className="flex flex-col gap-3">
      <h2 id="prices-heading" className="text-xl font-semibold">
        Parcels and pallets
      </h2>
      <p className="text-sm text-stone-600">
        Prices include VAT. Up to the parcel limit an order goes as one parcel; above it, by pallet,
        one pallet for each pallet limit of weight.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="parcel_max_kg" label="Parcel limit (kg)" inputMode="numeric" required />
        <Field name="parcel_price" label="Parcel price (£)" inputMode="decimal" required />
        <Field name="pallet_max_kg" label="Pallet limit (kg)" inputMode="numeric" required />
        <Field name="pallet_price" label="Pallet price (£, each)" inputMode="decimal" required />
        <Field
          name="free_threshold"
          label="Free delivery from (£ of goods, mainland)"
          inputMode="decimal"
          required
        />
        <Field
          name="timed_slot_price"
          label="Timed slot, added to standard (£)"
          inputMode="decimal"
          required
        />
        <Field
          name="full_size_sample_postage"
          label="Full-size sample postage (£ per order)"
          inputMode="decimal"
          required
        />
      </div>
    </section>
  );
}

function LeadTimes() {
  return (
    <section aria-labelledby="days-heading" className="flex flex-col gap-3">
      <h2 id="days-heading" className="text-xl font-semibold">
        Lead times (working days)
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <Field name="standard_min_days" label="Delivery, earliest" inputMode="numeric" />
        <Field name="standard_max_days" label="Delivery, latest" inputMode="numeric" />
        <Field name="post_min_days" label="Samples by post, earliest" inputMode="numeric" />
        <Field name="post_max_days" label="Samples by post, latest" inputMode="numeric" />
      </div>
    </section>
  );
}

function Collection() {
  return (
    <section aria-labelledby="collection-heading" className="flex flex-col gap-3">
      <h2 id="collection-heading" className="text-xl font-semibold">
        Collection
      </h2>
      <CheckboxField name="collection_offered" label="Customers may collect from our yard" />
      <TextAreaField name="collection_address" label="Collection address" rows={2} />
      <Field
        name="collection_lead_days"
        label="Working days to have an order ready to collect"
        inputMode="numeric"
      />
    </section>
  );
}

function SettingsForm({
  loaded,
  reapply,
  reload,
}: {
  loaded: Loaded;
  reapply: Partial<DeliverySettingsForm> | null;
  reload: (reapply?: Partial<DeliverySettingsForm>) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const initial = formValues(loaded.value);
  const [version, setVersion] = useState(loaded.version);
  const [message, setMessage] = useState<{
    kind: 'error' | 'success' | 'stale';
    text: string;
  } | null>(
    reapply
      ? {
          kind: 'success',
          text: 'Your changes are back on top of the saved settings: check and save',
        }
      : null,
  );
  const form = useForm<DeliverySettingsForm, unknown, DeliverySettingsValue>({
    resolver: zodResolver(deliverySettingsFormSchema),
    defaultValues: { ...initial, ...reapply },
  });
  const onSubmit = form.handleSubmit(
    async (value) => {
      setMessage(null);
      try {
        const { data } = await adminFetch<{ data: Loaded }>(URL, {
          method: 'PUT',
          body: { version, value },
        });
        queryClient.setQueryData(['admin', 'settings', 'delivery'], data);
        setVersion(data.version);
        form.reset(formValues(data.value));
        setMessage({
          kind: 'success',
          text: 'Delivery settings saved: checkout charges them now.',
        });
      } catch (error) {
        const text = showServerErrors(form, error);
        setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text });
      }
    },
    () => setMessage({ kind: 'error', text: 'Please correct the marked fields' }),
  );
  /** The values on the screen, checked, for the preview; null marks what does not pass. */
  const checked = () =>
    new Promise<DeliverySettingsValue | null>((resolve) => {
      void form.handleSubmit(
        (value) => resolve(value),
        () => resolve(null),
      )();
    });
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <Form
          form={form}
          onSubmit={onSubmit}
          id={FORM_ID}
          aria-label="Delivery settings"
          className="flex flex-col gap-8"
        >
          <FormErrorList />
          <Prices />
          <LeadTimes />
          <Collection />
          <DeliveryZonesEditor />
        </Form>
      </div>
      <div className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
        <DeliveryPreview settings={checked} />
        {message?.kind === 'stale' ? (
          <StaleSaveNotice
            noun="settings"
            message={message.text}
            onReload={() => void reload()}
            onReapply={() => void reload(changedFields(form.getValues(), initial))}
          />
        ) : message ? (
          <FormMessage kind={message.kind}>{message.text}</FormMessage>
        ) : null}
        <button type="submit" form={FORM_ID} className={`${primaryButton} self-start`}>
          Save delivery settings
        </button>
      </div>
    </div>
  );
}

/** The owner's delivery prices, limits, lead times, collection and postcode zones. */
export default function AdminDeliverySettings() {
  const settings = useQuery({
    queryKey: ['admin', 'settings', 'delivery'],
    queryFn: async () => (await adminFetch<{ data: Loaded }>(URL)).data,
  });
  const stale = useStaleReload<Partial<DeliverySettingsForm>>(() => settings.refetch());
  return (
    <div className="flex flex-col">
      <PageHeading>Delivery settings</PageHeading>
      {settings.error ? (
        <p role="alert">{failureMessage(settings.error)}</p>
      ) : !settings.data ? (
        <Spinner label="Loading the delivery settings" />
      ) : (
        <SettingsForm
          key={stale.generation}
          loaded={settings.data}
          reapply={stale.reapply}
          reload={stale.reload}
        />
      )}
    </div>
  );
}
