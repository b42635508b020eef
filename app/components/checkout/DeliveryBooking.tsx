import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  DELIVERY_INSTRUCTIONS_MAX,
  SITE_ACCESS_QUESTIONS,
  formatBookedDay,
} from '#domain/booking.ts';
import type { DeliveryOptionJson, PaymentMethod } from '#domain/checkout.ts';
import { CheckboxField, RadioGroup, TextAreaField } from '#app/components/forms/Field.tsx';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mon 7 Dec': a day tile's text; the full date is what a screen reader hears. */
function shortDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAY[day.getUTCDay()]} ${day.getUTCDate()} ${MONTH[day.getUTCMonth()]}`;
}

/** The days the chosen option can be booked for, paid the chosen way; null for a parcel. */
export function daysOf(
  option: DeliveryOptionJson | undefined,
  paymentMethod: PaymentMethod,
): string[] | null {
  return option?.days?.[paymentMethod] ?? null;
}

/**
 * The booking part of the checkout's delivery step: a day for a pallet or a collection, the
 * site-access questions a pallet lorry needs answered, and the driver's instructions.
 */
export function DeliveryBooking({
  option,
  method,
  collectionAddress,
}: {
  option: DeliveryOptionJson | undefined;
  method: 'post' | 'parcel' | 'pallet' | null;
  collectionAddress: string | null;
}) {
  const { control, setValue } = useFormContext();
  const [paymentMethod, chosen] = useWatch({
    control,
    name: ['payment_method', 'delivery_date'],
  }) as [PaymentMethod, string];
  const days = daysOf(option, paymentMethod);
  const collecting = option?.id === 'collection';

  // The earliest day is chosen until the shopper picks another, as the API books it when no day
  // is sent; a day the option no longer offers moves to the earliest one offered.
  const first = days?.[0] ?? '';
  const offered = chosen !== '' && days?.includes(chosen) === true;
  useEffect(() => {
    if (!offered && chosen !== first) setValue('delivery_date', first);
  }, [offered, chosen, first, setValue]);

  return (
    <div className="flex flex-col gap-4">
      {collecting && collectionAddress ? (
        <p className="text-sm">
          Collect from: <span className="font-medium">{collectionAddress}</span>
        </p>
      ) : null}
      {days ? (
        <>
          <RadioGroup
            name="delivery_date"
            legend={collecting ? 'Collection day' : 'Delivery day'}
            compact
            options={days.map((day) => ({
              value: day,
              label: (
                <>
                  <span aria-hidden="true">{shortDay(day)}</span>
                  <span className="sr-only">{formatBookedDay(day)}</span>
                </>
              ),
            }))}
          />
          {paymentMethod === 'bank_transfer' ? (
            <p className="text-sm text-stone-600">
              Paying by bank transfer: we {collecting ? 'prepare' : 'send'} your order once your
              payment arrives, so the days start after the day payment is due. Paying by card opens
              earlier days.
            </p>
          ) : null}
        </>
      ) : null}
      {method === 'pallet' && !collecting ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">
            Site access (tick any that apply to your address)
          </legend>
          {SITE_ACCESS_QUESTIONS.map((question) => (
            <CheckboxField
              key={question.id}
              name={`site_access.${question.id}`}
              label={question.label}
            />
          ))}
        </fieldset>
      ) : null}
      <TextAreaField
        name="delivery_instructions"
        label={collecting ? 'Note for our yard' : 'Delivery instructions'}
        hint={`Gate codes, where to leave it, who to ask for: up to ${DELIVERY_INSTRUCTIONS_MAX} characters.`}
        maxLength={DELIVERY_INSTRUCTIONS_MAX}
      />
    </div>
  );
}
