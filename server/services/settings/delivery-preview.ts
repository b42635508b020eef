import { RETAIL_BUYER, type Buyer } from '#domain/price-for.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { DELIVERY_ESTIMATE_MESSAGES } from '#domain/api-schemas-delivery.ts';
import type {
  DeliveryPreviewInput,
  DeliveryPreviewJson,
} from '#domain/api-schemas-settings-delivery.ts';
import { normaliseUkPostcode } from '#domain/postcode.ts';
import { badRequest } from '../../http/errors.ts';
import type { BuyerService } from '../buyers/buyers.ts';
import type { BookingTerms } from '../orders/booking.ts';
import { estimateJson, lineJson, priceBasket, readLines, rulesOf } from '../orders/pricing.ts';
import { vatPercentNow } from '../orders/vat-now.ts';
import { readSampleRules } from '../samples/sample-rules.ts';

/** Pieces of the default sample basket's tile: about 2.4 m², a pallet's weight of most stone. */
export const SAMPLE_BASKET_PIECES = 10;

/**
 * The default sample basket: SAMPLE_BASKET_PIECES of the first tile size on sale (the lowest
 * product and variation ids with a width × height × thickness option), so the preview shows a
 * real product until the owner picks the pieces.
 */
async function sampleBasket(db: Database): Promise<{ variationId: number; pieces: number }[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT v.id FROM variations v JOIN products p ON p.id = v.product_id
      WHERE p.status = 'publish' AND v.price_pence > 0 AND v.option ~ '^\\d+x\\d+x\\d+$'
      ORDER BY p.id, v.id LIMIT 1`,
  );
  return rows.map((row) => ({ variationId: row.id, pieces: SAMPLE_BASKET_PIECES }));
}

/** The buyer the preview prices for: the customer named (400 when there is none), else retail. */
async function previewBuyer(
  db: Database,
  buyers: Pick<BuyerService, 'forCustomer'>,
  customerId: number | undefined,
): Promise<Buyer> {
  if (customerId === undefined) return RETAIL_BUYER;
  const [customer] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM customers WHERE id = ${customerId}`,
  );
  if (!customer) {
    throw badRequest(DELIVERY_PREVIEW_NO_CUSTOMER, { customer_id: DELIVERY_PREVIEW_NO_CUSTOMER });
  }
  return buyers.forCustomer(customerId);
}

const DELIVERY_PREVIEW_NO_CUSTOMER = 'There is no customer with this id';

/**
 * POST /api/admin/settings/delivery/preview: a sample basket priced for a postcode with delivery
 * settings not saved yet, by the same readLines and priceBasket checkout quotes with, so what the
 * preview shows is what checkout charges once the settings are saved: at retail, or at the
 * prices of the customer named (a trade buyer's basket may cross the free-delivery threshold
 * later).
 */
export async function previewDelivery(
  db: Database,
  input: DeliveryPreviewInput,
  terms: BookingTerms,
  buyers: Pick<BuyerService, 'forCustomer'>,
): Promise<DeliveryPreviewJson> {
  const postcode = normaliseUkPostcode(input.postcode) ?? input.postcode;
  const wanted =
    input.lines?.map((l) => ({ variationId: l.variation_id, pieces: l.quantity })) ??
    (await sampleBasket(db));
  const buyer = await previewBuyer(db, buyers, input.customer_id);
  const [lines, samples, vatPercent] = await Promise.all([
    readLines(db, wanted, buyer),
    readSampleRules(db),
    vatPercentNow(db),
  ]);
  const missing = lines.findIndex((line) => line === null);
  if (missing >= 0) {
    throw badRequest(DELIVERY_ESTIMATE_MESSAGES.unknownVariation, {
      [`lines.${missing}.variation_id`]: DELIVERY_ESTIMATE_MESSAGES.unknownVariation,
    });
  }
  const found = lines.filter((line) => line !== null);
  const rules = rulesOf(input.value, samples, vatPercent);
  const basket = priceBasket(found, rules, { country: 'GB', postcode }, undefined);
  return {
    ...estimateJson(postcode, basket, new Date(), terms),
    lines: basket.lines.map(lineJson),
  };
}
