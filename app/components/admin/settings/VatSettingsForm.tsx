import { useFieldArray, useFormContext } from 'react-hook-form';
import {
  vatFormValues,
  vatSettingsSchema,
  type VatSettingsForm as VatForm,
  type VatSettingsValue,
} from '#domain/api-schemas-settings-rules.ts';
import { londonDay } from '#domain/dashboard.ts';
import { Field } from '#app/components/forms/Field.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';
import { SettingsSectionForm, type SettingsFormProps } from './SectionForm.tsx';

/**
 * The rates, oldest first: the first `inForce` (those in force when loaded) read only, those
 * scheduled editable, and a new one added.
 */
function VatRates({ inForce: inForceCount, today }: { inForce: number; today: string }) {
  const { control } = useFormContext<VatForm>();
  const rates = useFieldArray({ control, name: 'rates' });
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {rates.fields.map((field, index) => {
          const inForce = index < inForceCount;
          return (
            <li key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <Field
                name={`rates.${index}.effective_from`}
                label={`Rate ${index + 1} takes effect on`}
                type="date"
                readOnly={inForce}
                required
              />
              <Field
                name={`rates.${index}.percent`}
                label={`Rate ${index + 1} (%)`}
                inputMode="decimal"
                readOnly={inForce}
                required
              />
              {inForce ? (
                <span className="pb-2 text-sm text-stone-600">In force</span>
              ) : (
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => rates.remove(index)}
                >
                  Remove rate {index + 1}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={() => rates.append({ effective_from: today, percent: '' })}
      >
        Schedule a new rate
      </button>
    </div>
  );
}

/** VAT rates by the day each takes effect: an invoice uses the rate of its tax point. */
export function VatSettingsForm(props: SettingsFormProps) {
  const today = londonDay(new Date());
  const loaded = (props.section.value as VatSettingsValue).rates;
  const inForce = loaded.filter((rate) => rate.effective_from <= today).length;
  return (
    <SettingsSectionForm
      sectionKey="vat"
      label="VAT rates"
      schema={vatSettingsSchema}
      toForm={vatFormValues}
      props={props}
      savedText="VAT rates saved: invoices with a tax point from each day use its rate."
    >
      <p className="text-sm text-stone-600">
        Prices stay as they are (VAT included); a new rate changes how much of each price is VAT. An
        invoice uses the rate in force on its tax point, the day the payment arrives. A rate in
        force cannot be changed: schedule a new one from today or a later day.
      </p>
      <VatRates inForce={inForce} today={today} />
    </SettingsSectionForm>
  );
}
