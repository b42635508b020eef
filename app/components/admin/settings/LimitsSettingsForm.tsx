import {
  limitsFormValues,
  limitsSettingsSchema,
  RATE_LIMIT_LABELS,
  SHOPPER_RATE_LIMITS,
  snakeOf,
} from '#domain/api-schemas-settings-limits.ts';
import { Field } from '#app/components/forms/Field.tsx';
import { SettingsSectionForm, type SettingsFormProps } from './SectionForm.tsx';

/** Holding caps of unpaid orders and the shopper rate limits, under the server's ceilings. */
export function LimitsSettingsForm(props: SettingsFormProps) {
  return (
    <SettingsSectionForm
      sectionKey="limits"
      label="Limits"
      schema={limitsSettingsSchema}
      toForm={limitsFormValues}
      props={props}
      savedText="Limits saved: checkout, enquiries and the newsletter follow them now."
    >
      <p className="text-sm text-stone-600">
        Unpaid orders keep stone off sale until they are paid or expire. Each limit may be lowered;
        the server&apos;s configuration sets how high it may go.
      </p>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Unpaid orders</legend>
        <Field
          name="holding.order_max_pieces_per_size"
          label="Pieces of one size in an order"
          inputMode="numeric"
          required
        />
        <Field
          name="holding.order_max"
          label="Value of an order (£)"
          inputMode="decimal"
          required
        />
        <Field
          name="holding.unpaid_orders_per_buyer"
          label="Unpaid orders per buyer"
          inputMode="numeric"
          required
        />
        <Field
          name="holding.unpaid_per_buyer"
          label="Value of a buyer's unpaid orders (£)"
          inputMode="decimal"
          required
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Requests in each counting window</legend>
        {SHOPPER_RATE_LIMITS.map((name) => (
          <Field
            key={name}
            name={`rates.${snakeOf(name)}`}
            label={RATE_LIMIT_LABELS[name]}
            inputMode="numeric"
            required
          />
        ))}
      </fieldset>
    </SettingsSectionForm>
  );
}
