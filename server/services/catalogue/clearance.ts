import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { ClearanceJson } from '#domain/api-types.ts';
import { priceFor, type Buyer } from '#domain/price-for.ts';
import { discountPercent } from '#domain/sale-price.ts';
import { DEFAULT_SELLING_UNIT, isSellingUnit } from '#domain/selling-unit.ts';
import { priceFields } from './present.ts';

const MATERIAL_ATTRIBUTE = 6;

interface DealRow {
  id: number;
  name: string;
  slug: string;
  unit: string;
  variation_id: number;
  size: string;
  price_pence: number;
  regular_price_pence: number;
  image: string | null;
  material: string | null;
  category_ids: number[] | null;
}

/**
 * The home page's Special Deals: published products with an in-stock size whose sale runs now,
 * each with its first such size (the one the card's Add to Cart adds) at the prices the basket
 * charges `buyer` (a trade buyer's list price when lower, by priceFor). A product flagged for
 * clearance without a sale price is not a deal.
 */
export async function clearanceProducts(
  db: Database,
  limit: number,
  buyer: Buyer,
): Promise<ClearanceJson[]> {
  const rows = await queryRows<DealRow>(
    db,
    sql`SELECT p.id, p.name, p.slug, p.unit, d.id AS variation_id, d.option AS size,
        d.price_pence, d.regular_price_pence,
        (SELECT i.src FROM product_images i WHERE i.product_id = p.id
          ORDER BY i.position, i.id LIMIT 1) AS image,
        (SELECT t.name FROM product_terms pt JOIN attribute_terms t ON t.id = pt.term_id
          WHERE pt.product_id = p.id AND t.attribute_id = ${MATERIAL_ATTRIBUTE}
          ORDER BY t.position, t.id LIMIT 1) AS material,
        (SELECT array_agg(pc.category_id) FROM product_categories pc
          WHERE pc.product_id = p.id) AS category_ids
      FROM products p
      JOIN LATERAL (
        SELECT v.id, v.option, v.price_pence, v.regular_price_pence FROM variations v
        WHERE v.product_id = p.id AND v.in_stock AND v.option !~* 'sample'
          AND v.regular_price_pence > v.price_pence
        ORDER BY v.position, v.id LIMIT 1
      ) d ON true
      WHERE p.status = 'publish' AND NOT p.trade_only
      ORDER BY p.popularity DESC, p.id
      LIMIT ${limit}`,
  );
  const now = new Date();
  return rows.map((row) => {
    const charged = priceFor(
      buyer,
      {
        id: row.variation_id,
        categoryIds: row.category_ids ?? [],
        pricePence: row.price_pence,
        regularPricePence: row.regular_price_pence,
      },
      1,
      now,
    );
    const wasPence = charged.wasPence ?? row.regular_price_pence;
    const prices = priceFields(charged.pricePence, wasPence);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      price_html: prices.price_html,
      imageURL: row.image ?? '',
      material: row.material ?? '',
      variation_id: row.variation_id,
      size: row.size,
      regular_price: prices.regular_price,
      sale_price: prices.sale_price,
      discount_percent: discountPercent(wasPence, charged.pricePence),
      unit: isSellingUnit(row.unit) ? row.unit : DEFAULT_SELLING_UNIT,
    };
  });
}
