import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressJson } from '#domain/api-types.ts';
import {
  CHECKOUT_MESSAGES,
  checkoutSchema,
  type Checkout,
  type CheckoutQuoteJson,
  type DeliveryOptionId,
  type PaymentMethod,
  type PlacedOrderJson,
} from '#domain/checkout.ts';
import type { AddressInput } from '#domain/validation.ts';
import {
  BOOKING_MESSAGES,
  SITE_ACCESS_IDS,
  formatBookedDay,
  type SiteAccessId,
} from '#domain/booking.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { CART_QUERY_KEY } from '#app/lib/cart.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field, RadioGroup } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { AddressFields, blankAddress } from '#app/components/forms/AddressFields.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { estimateText, money } from './format.ts';
import { OrderLines, OrderTotals } from './OrderParts.tsx';
import { DeliveryBooking, daysOf } from './DeliveryBooking.tsx';
import {
  newIdempotencyKey,
  quoteKey,
  quotePostcode,
  useQuote,
  type QuoteParams,
} from './checkout-api.ts';

export const CHECKOUT_TEXTS = {
  placeOrder: 'Place order',
  placing: 'Placing your order...',
  failed: 'Your order could not be placed. Please check your connection and try again.',
  quoteFailed:
    'Prices and delivery could not be updated. Please check your connection and try again.',
  updating: 'Updating prices and delivery...',
} as const;

/** The form's values; the addresses' email is the contact email, asked once. */
export interface CheckoutFormValues {
  email: string;
  shipping: Required<AddressInput>;
  billing_same_as_shipping: boolean;
  billing: Required<AddressInput>;
  delivery_option: DeliveryOptionId | '';
  /** '' until a day is chosen. */
  delivery_date: string;
  site_access: Record<SiteAccessId, boolean>;
  delivery_instructions: string;
  payment_method: PaymentMethod;
  accept_terms: boolean;
  expected_total: string;
}

export interface CheckoutCustomer {
  email: string;
  shipping: AddressJson | null;
  billing: AddressJson | null;
}

const asFormAddress = (address: AddressJson | null, email: string): Required<AddressInput> =>
  address
    ? ({ ...blankAddress(email), ...address } as Required<AddressInput>)
    : blankAddress(email);

const sameAddress = (a: AddressJson | null, b: AddressJson | null) =>
  a === null || b === null || JSON.stringify(a) === JSON.stringify(b);

const schemaResolver = zodResolver(checkoutSchema);

/**
 * `checkoutSchema` on what the shopper typed: the contact email goes into both addresses, and the
 * billing address counts only when it is not the delivery address. Messages about the addresses'
 * email are the contact email's own, so they are left to it.
 */
const checkoutResolver: Resolver<CheckoutFormValues, unknown, Checkout> = async (
  values,
  context,
  options,
) => {
  const input = {
    ...values,
    shipping: { ...values.shipping, email: values.email },
    billing: values.billing_same_as_shipping
      ? undefined
      : { ...values.billing, email: values.email },
  };
  const result = await schemaResolver(input as never, context, options as never);
  const errors = result.errors as Record<string, Record<string, unknown> | undefined>;
  for (const key of ['shipping', 'billing']) {
    const group = errors[key];
    if (!group) continue;
    delete group.email;
    if (Object.keys(group).length === 0) delete errors[key];
  }
  return result as never;
};

type Problem = { text: string; blocksOrder?: boolean };

/** What an answer other than 201 means for the shopper. */
function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.body) {
    return { text: CHECKOUT_TEXTS.failed };
  }
  return { text: error.body.message };
}

/**
 * The checkout (one page, phone first): contact, delivery address, delivery option, billing
 * address, payment method, terms, and the order summary with Place order. Every figure is the
 * server's quote; the quote is asked again when the postcode (once valid), country or option
 * changes.
 */
export function CheckoutForm({
  quote: loaderQuote,
  quoteParams,
  customer,
}: {
  quote: CheckoutQuoteJson;
  quoteParams: QuoteParams;
  customer: CheckoutCustomer | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One key per checkout attempt, kept across retries: a double click or a retry after a lost
  // answer finds the order already placed instead of placing another.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const placing = useRef(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const email = customer?.email ?? '';
  const form = useForm<CheckoutFormValues, unknown, Checkout>({
    resolver: checkoutResolver,
    reValidateMode: 'onSubmit',
    defaultValues: {
      email,
      shipping: {
        ...asFormAddress(customer?.shipping ?? null, email),
        postcode: quoteParams.postcode || (customer?.shipping?.postcode ?? ''),
      },
      billing_same_as_shipping: sameAddress(customer?.shipping ?? null, customer?.billing ?? null),
      billing: asFormAddress(customer?.billing ?? null, email),
      delivery_option: loaderQuote.delivery.selected ?? '',
      delivery_date: '',
      site_access: Object.fromEntries(SITE_ACCESS_IDS.map((id) => [id, false])) as Record<
        SiteAccessId,
        boolean
      >,
      delivery_instructions: '',
      payment_method: 'bank_transfer',
      accept_terms: false,
      expected_total: loaderQuote.totals.total.gross,
    },
  });
  const { control, setValue } = form;
  const [country, postcode, option, sameAsDelivery, paymentMethod] = useWatch({
    control,
    name: [
      'shipping.country',
      'shipping.postcode',
      'delivery_option',
      'billing_same_as_shipping',
      'payment_method',
    ],
  });
  const params: QuoteParams = {
    country,
    postcode: quotePostcode(country, postcode),
    delivery_option: option,
  };
  const quoteQuery = useQuote(params, { params: quoteParams, quote: loaderQuote });
  const quote = quoteQuery.data ?? loaderQuote;
  const updating = quoteQuery.isPlaceholderData || quoteQuery.isFetching;
  const quoteFailed = quoteQuery.isError && !updating;

  // The form follows the quote: its total is the one the order is placed at, a chosen option
  // the address does not offer falls back to the server's choice, card only when offered.
  useEffect(() => {
    setValue('expected_total', quote.totals.total.gross);
    const offered = quote.delivery.options.map((o) => o.id);
    if (quote.delivery.selected && !offered.includes(option as DeliveryOptionId)) {
      setValue('delivery_option', quote.delivery.selected);
    }
    if (!quote.payment_methods.includes(paymentMethod)) {
      setValue('payment_method', 'bank_transfer');
    }
  }, [quote, option, paymentMethod, setValue]);

  const place = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch<PlacedOrderJson>('/api/checkout/orders', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: async (placed) => {
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      // A repeated key answers the same order without its link: this session placed it.
      const link = placed.token ? `?token=${encodeURIComponent(placed.token)}` : '';
      await navigate(`/checkout/order/${encodeURIComponent(placed.data.number)}${link}`);
    },
    onError: (error) => {
      placing.current = false;
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) {
          form.setError(key as never, { type: 'server', message });
        }
        return;
      }
      const body =
        error instanceof ApiError
          ? (error.body as { code?: string; quote?: CheckoutQuoteJson } | null)
          : null;
      if (body?.code === 'price_changed' && body.quote) {
        queryClient.setQueryData(quoteKey(params), body.quote);
      } else if (body?.code === 'empty_basket' || body?.code === 'out_of_stock') {
        void queryClient.invalidateQueries({ queryKey: ['checkout-quote'] });
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      }
      setProblem(problemOf(error));
    },
  });

  const chosenOption = quote.delivery.options.find((o) => o.id === option);
  const collecting = chosenOption?.id === 'collection';
  const bookable = daysOf(chosenOption, paymentMethod);

  const onSubmit = form.handleSubmit(({ expected_total: _pence, ...order }) => {
    if (placing.current) return;
    if (bookable && !order.delivery_date) {
      const message = collecting
        ? BOOKING_MESSAGES.collectionDayRequired
        : BOOKING_MESSAGES.dayRequired;
      form.setError('delivery_date', { type: 'required', message }, { shouldFocus: true });
      return;
    }
    placing.current = true;
    setProblem(null);
    const palletDelivery = quote.delivery.method === 'pallet' && !collecting;
    place.mutate({
      ...order,
      fulfilment: collecting ? 'collection' : 'delivery',
      delivery_date: bookable ? order.delivery_date : undefined,
      // Site access is asked of a pallet lorry only: answers left from another option are not sent.
      site_access: palletDelivery ? order.site_access : {},
      // The total goes back as the pounds the shopper was shown.
      expected_total: quote.totals.total.gross,
    });
  });

  const deliverable = quote.delivery.deliverable && quote.lines.length > 0;
  const canPlace = deliverable && !updating && !quoteFailed && !place.isPending && !place.isSuccess;

  return (
    <Form
      form={form}
      errors="list"
      onSubmit={onSubmit}
      aria-label="Checkout"
      className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start"
    >
      <div className="flex min-w-0 flex-col gap-8">
        <Step title="Contact" id="checkout-contact">
          <Field name="email" label="Email address" type="email" autoComplete="email" required />
          <p className="text-sm text-stone-600">
            We send your order confirmation here.
            {customer ? null : (
              <>
                {' '}
                Have an account?{' '}
                <Link to="/auth?redirect=%2Fcheckout" className="underline">
                  Log in
                </Link>
              </>
            )}
          </p>
        </Step>

        <Step title="Delivery address" id="checkout-delivery-address">
          <fieldset className="flex flex-col gap-4">
            <legend className="sr-only">Delivery address</legend>
            <AddressFields prefix="shipping" section="shipping" withEmail={false} />
          </fieldset>
        </Step>

        <Step title="Delivery" id="checkout-delivery">
          {quote.delivery.deliverable ? (
            <>
              <RadioGroup
                name="delivery_option"
                legend="Delivery option"
                options={quote.delivery.options.map((o) => ({
                  value: o.id,
                  label: `${o.label}, ${money(o.price)}`,
                  // A booked option names its first day for the payment chosen: a bank
                  // transfer's days start after payment is due, later than the estimate's.
                  description: o.days?.[paymentMethod]?.[0]
                    ? `Book a day from ${formatBookedDay(o.days[paymentMethod][0])}`
                    : estimateText(o.estimate),
                }))}
              />
              {quote.delivery.surcharge ? (
                <p className="text-sm" data-testid="delivery-surcharge">
                  {quote.delivery.surcharge.text}
                </p>
              ) : null}
              {quote.delivery.note && !collecting ? (
                <p className="text-sm text-stone-700">{quote.delivery.note}</p>
              ) : null}
              <DeliveryBooking
                option={chosenOption}
                method={quote.delivery.method}
                collectionAddress={quote.delivery.collection_address}
              />
            </>
          ) : (
            <FormMessage kind="error">
              {quote.delivery.message ?? CHECKOUT_MESSAGES.emptyBasket}
            </FormMessage>
          )}
        </Step>

        <Step title="Billing address" id="checkout-billing">
          <CheckboxField name="billing_same_as_shipping" label="Same as delivery address" />
          {sameAsDelivery ? null : (
            <fieldset className="flex flex-col gap-4">
              <legend className="sr-only">Billing address</legend>
              <AddressFields prefix="billing" section="billing" withEmail={false} />
            </fieldset>
          )}
        </Step>

        <Step title="Payment" id="checkout-payment">
          <RadioGroup
            name="payment_method"
            legend="Payment method"
            options={quote.payment_options.map((option) => ({
              value: option.method,
              label: option.label,
              description: option.description,
            }))}
          />
        </Step>
      </div>

      <section
        aria-labelledby="checkout-summary"
        className="flex flex-col gap-4 rounded border border-stone-200 p-4 lg:sticky lg:top-4"
      >
        <h2 id="checkout-summary" className="text-xl font-semibold">
          Order summary
        </h2>
        <OrderLines lines={quote.lines} />
        <div aria-busy={updating} className="border-t border-stone-200 pt-3">
          <OrderTotals totals={quote.totals} label="Checkout totals" />
        </div>
        {updating ? <Spinner label={CHECKOUT_TEXTS.updating} /> : null}
        {quoteFailed ? <FormMessage kind="error">{CHECKOUT_TEXTS.quoteFailed}</FormMessage> : null}
        <CheckboxField
          name="accept_terms"
          label={
            <>
              I have read and agree to the{' '}
              <Link to="/terms-and-conditions" className="underline" target="_blank">
                terms and conditions
              </Link>
            </>
          }
        />
        <FormErrorList />
        {problem ? <FormMessage kind="error">{problem.text}</FormMessage> : null}
        {!quote.delivery.deliverable && quote.delivery.message ? (
          <p className="text-sm text-red-800">{quote.delivery.message}</p>
        ) : null}
        <button
          type="submit"
          className={`${primaryButton} flex items-center justify-center gap-2 py-3`}
          disabled={!canPlace}
        >
          {place.isPending || place.isSuccess ? (
            <>
              <span
                aria-hidden="true"
                className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
              />
              {CHECKOUT_TEXTS.placing}
            </>
          ) : (
            `${CHECKOUT_TEXTS.placeOrder} · ${money(quote.totals.total.gross)}`
          )}
        </button>
      </section>
    </Form>
  );
}

function Step({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
