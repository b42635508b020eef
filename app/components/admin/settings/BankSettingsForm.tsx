import { bankFormValues, bankSettingsSchema } from '#domain/api-schemas-settings-identity.ts';
import { Field } from '#app/components/forms/Field.tsx';
import { SettingsSectionForm, type SettingsFormProps } from './SectionForm.tsx';

/** Where bank transfers are paid, and the days an unpaid order waits. */
export function BankSettingsForm(props: SettingsFormProps) {
  return (
    <SettingsSectionForm
      sectionKey="bank"
      label="Bank and payment"
      schema={bankSettingsSchema}
      toForm={bankFormValues}
      props={props}
      savedText="Bank details saved: bank-transfer instructions show them now; the days apply to orders placed from now."
    >
      <p className="text-sm text-stone-600">
        Customers paying by bank transfer see these details on their order page and in their order
        mail, with their order number as the reference.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="account_name" label="Account name" required className="sm:col-span-2" />
        <Field name="sort_code" label="Sort code" inputMode="numeric" required />
        <Field name="account_number" label="Account number" inputMode="numeric" required />
        <Field
          name="payment_days"
          label="Days an unpaid order waits (empty: the default)"
          inputMode="numeric"
          required
        />
      </div>
    </SettingsSectionForm>
  );
}
