import { useFieldArray, useFormContext } from 'react-hook-form';
import type { DeliverySettingsForm } from '#domain/api-schemas-settings-delivery.ts';
import { CheckboxField, Field, TextAreaField } from '#app/components/forms/Field.tsx';
import { RowList } from './RowList.tsx';

/**
 * The postcode zones, edited as one list: each zone's postcodes as typed text (areas, districts
 * and runs such as PH17–PH26), whether the shop delivers there, what it adds and what the shopper
 * reads. The order is the Delivery Information page's.
 */
export function DeliveryZonesEditor() {
  const { control, watch } = useFormContext<DeliverySettingsForm>();
  const zones = useFieldArray({ control, name: 'zones' });
  return (
    <section aria-labelledby="zones-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="zones-heading" className="text-xl font-semibold">
          Postcode zones
        </h2>
        <p className="text-sm text-stone-600">
          Every postcode outside these zones is priced as the UK mainland. A district (KW15) beats
          its area (KW): a postcode area or district can be in one zone only.
        </p>
      </div>
      <RowList
        rows={zones.fields}
        noun="zone"
        heading={(i) => watch(`zones.${i}.name`) || `Zone ${i + 1}`}
        move={zones.move}
        remove={zones.remove}
        add={{
          label: 'Add a zone',
          onClick: () =>
            zones.append({
              code: '',
              name: '',
              prefixes: '',
              deliverable: true,
              parcel_surcharge: '0.00',
              pallet_surcharge: '0.00',
              extra_days: 0,
              message: '',
            }),
        }}
      >
        {(i) => (
          <>
            <div className="grid gap-3 md:grid-cols-2">
              <Field name={`zones.${i}.name`} label={`Zone ${i + 1} name`} required />
              <Field
                name={`zones.${i}.code`}
                label={`Zone ${i + 1} code`}
                required
                autoCapitalize="none"
              />
            </div>
            <TextAreaField
              name={`zones.${i}.prefixes`}
              label={`Zone ${i + 1} postcodes`}
              hint="Areas (IV), districts (KW15) and runs of districts (PH17–PH26), separated by commas"
              required
            />
            <CheckboxField
              name={`zones.${i}.deliverable`}
              label={`We deliver to zone ${i + 1} (untick to refuse its postcodes at checkout)`}
            />
            <div className="grid gap-3 sm:grid-cols-3">
              <Field
                name={`zones.${i}.parcel_surcharge`}
                label={`Zone ${i + 1} parcel surcharge (£)`}
                inputMode="decimal"
              />
              <Field
                name={`zones.${i}.pallet_surcharge`}
                label={`Zone ${i + 1} pallet surcharge (£, each)`}
                inputMode="decimal"
              />
              <Field
                name={`zones.${i}.extra_days`}
                label={`Zone ${i + 1} extra working days`}
                inputMode="numeric"
              />
            </div>
            <TextAreaField
              name={`zones.${i}.message`}
              label={`Zone ${i + 1} message to shoppers`}
              hint="Shown with the price; for a refused zone, the reason checkout gives"
              rows={2}
            />
          </>
        )}
      </RowList>
    </section>
  );
}
