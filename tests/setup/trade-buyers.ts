// Shoppers signed in through the API: a retail customer, and a member of the Trade group.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ApiShopper } from './api-shopper.ts';

/** A newly registered customer, signed in: a retail shopper. */
export async function signedIn(app: FastifyInstance, email: string): Promise<ApiShopper> {
  const shopper = new ApiShopper(app);
  const { status } = await shopper.call('POST', '/api/auth/register', {
    email,
    password: 'granite-setts-9',
  });
  expect(status).toBeLessThan(300);
  return shopper;
}

/** A newly registered customer put in the Trade group, signed in. */
export async function tradeBuyer(app: FastifyInstance, email: string): Promise<ApiShopper> {
  const shopper = await signedIn(app, email);
  await app.services.db.execute(
    sql`UPDATE customers SET group_id = (SELECT id FROM customer_groups WHERE name = 'Trade')
        WHERE email = ${email}`,
  );
  await app.changes.publish('prices');
  return shopper;
}
