// The staff customers routes' part of openapi-answers.test.ts: the list, an account, a guest
// known only by the orders they placed, and an account's data export.
import type { Database } from '#db/client.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import type { Checked } from './openapi-answers-returns.ts';

export async function customerAnswers<C>(db: Database, checked: Checked<C>, staff: C) {
  const customers = await checked(staff, 'GET', '/api/admin/customers');
  const account = customers.json().data.find((c: { id: number | null }) => c.id !== null);
  await checked(staff, 'GET', `/api/admin/customers/${account.id}`);
  const guest = await storeOrderAwaitingPayment(db, { email: 'openapi-guest@example.com' });
  await checked(staff, 'GET', `/api/admin/customers/guest?email=${guest.email}`);
  await checked(staff, 'GET', `/api/admin/customers/${account.id}/export`);
}
