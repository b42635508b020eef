import { sampleFormValues, sampleSettingsSchema } from '#domain/api-schemas-settings-rules.ts';
import { Field } from '#app/components/forms/Field.tsx';
import { SettingsSectionForm, type SettingsFormProps } from './SectionForm.tsx';

/** The free-sample rules the Samples page promises and the basket and checkout enforce. */
export function SampleSettingsForm(props: SettingsFormProps) {
  return (
    <SettingsSectionForm
      sectionKey="samples"
      label="Samples"
      schema={sampleSettingsSchema}
      toForm={sampleFormValues}
      props={props}
      savedText="Sample rules saved: baskets and checkout follow them now."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="max_free_per_order"
          label="Free samples per order"
          inputMode="numeric"
          required
        />
        <Field
          name="max_free_per_product"
          label="Free samples of one product"
          inputMode="numeric"
          required
        />
        <Field
          name="post_max_kg"
          label="Heaviest samples-only parcel sent by post (kg)"
          inputMode="numeric"
          required
        />
      </div>
    </SettingsSectionForm>
  );
}
