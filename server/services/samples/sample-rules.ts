import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { SampleRules } from '#domain/samples.ts';

/** The free-sample rules as the owner last set them (the sample_rules row). */
export async function readSampleRules(db: Database): Promise<SampleRules> {
  const [row] = await queryRows<{
    max_free_per_order: number;
    max_free_per_product: number;
    post_max_kg: number;
  }>(db, sql`SELECT * FROM sample_rules WHERE id = 1`);
  if (!row) throw new Error('sample_rules has no row: run the migrations');
  return {
    maxFreePerOrder: row.max_free_per_order,
    maxFreePerProduct: row.max_free_per_product,
    postMaxKg: row.post_max_kg,
  };
}
