import { returnFormValues, returnSettingsSchema } from '#domain/api-schemas-settings-rules.ts';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { SettingsSectionForm, type SettingsFormProps } from './SectionForm.tsx';

const PAYERS = [
  { value: 'customer', label: 'The customer (taken off the refund)' },
  { value: 'shop', label: 'The shop' },
] as const;

/** The returns rules: the window, the restocking fee, the collection and damage claims. */
export function ReturnSettingsForm(props: SettingsFormProps) {
  return (
    <SettingsSectionForm
      sectionKey="returns"
      label="Returns"
      schema={returnSettingsSchema}
      toForm={returnFormValues}
      props={props}
      savedText="Returns rules saved: new return requests follow them now; requests already made keep their figures."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="window_days"
          label="Days from delivery to ask for a return"
          inputMode="numeric"
          required
        />
        <Field
          name="restocking_fee_percent"
          label="Restocking fee on a change of mind (%)"
          inputMode="numeric"
          required
        />
        <SelectField
          name="collection_paid_by"
          label="Who pays a pallet collection"
          options={PAYERS}
          required
        />
        <Field
          name="collection_price"
          label="Pallet collection price (£, VAT included)"
          inputMode="decimal"
          required
        />
        <Field
          name="damage_claim_hours"
          label="Hours from delivery to report damage"
          inputMode="numeric"
          required
        />
      </div>
    </SettingsSectionForm>
  );
}
