import {
  identityFormValues,
  identitySettingsFormSchema,
} from '#domain/api-schemas-settings-identity.ts';
import { Field, TextAreaField } from '#app/components/forms/Field.tsx';
import { SettingsSectionForm, type SettingsFormProps } from './SectionForm.tsx';

/** The shop's names, registered office, numbers, contact details, hours and social links. */
export function IdentitySettingsForm(props: SettingsFormProps) {
  return (
    <SettingsSectionForm
      sectionKey="identity"
      label="Shop identity"
      schema={identitySettingsFormSchema}
      toForm={identityFormValues}
      props={props}
      savedText="Shop identity saved: the footer, contact page, mails and invoices use it now."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="trading_name" label="Trading name" required />
        <Field name="legal_name" label="Legal (registered) name" required />
        <Field name="company_number" label="Company number" required />
        <Field name="vat_number" label="VAT number" required />
        <Field name="phone" label="Phone" type="tel" required />
        <Field name="email" label="Email" type="email" required />
        <Field
          name="reply_to"
          label="Replies to the shop's mail go to (empty: the sender)"
          type="email"
          className="sm:col-span-2"
        />
      </div>
      <TextAreaField
        name="registered_office"
        label="Registered office"
        hint="One line each, as invoices print it"
        rows={5}
        required
      />
      <TextAreaField
        name="opening_hours"
        label="Opening hours"
        hint="One line each, as the footer and contact page show them"
        rows={3}
        required
      />
      <TextAreaField
        name="social_links"
        label="Social links"
        hint="One a line: the name, a space, then its https:// address"
        rows={4}
      />
    </SettingsSectionForm>
  );
}
