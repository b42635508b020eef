// The returns routes' part of openapi-answers.test.ts: a damage return of the order placed there,
// from request to refund, through every returns route.
import type { LightMyRequestResponse as Response } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '#db/client.ts';

/** Calls a route as `client` and checks its answer against the document. */
export type Checked<C> = (
  client: C,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<Response>;

export async function returnAnswers<C>({
  db,
  checked,
  customer,
  staff,
  orderNumber,
}: {
  db: Database;
  checked: Checked<C>;
  customer: C;
  staff: C;
  orderNumber: string;
}) {
  await db.execute(
    sql`UPDATE orders SET status = 'delivered', delivered_at = now() WHERE number = ${orderNumber}`,
  );
  const base = `/api/orders/${orderNumber}/returns`;
  await checked(customer, 'GET', base);
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#b95' } })
    .png()
    .toBuffer();
  const photo = await checked(customer, 'POST', `${base}/photos`, png, {
    'content-type': 'image/png',
  });
  const request = {
    lines: [{ line: 0, pieces: 4 }],
    reason: 'damaged',
    damage_on_delivery_note: true,
    photos: [photo.json().data.id],
  };
  await checked(customer, 'POST', `${base}/preview`, request);
  const refused = await checked(customer, 'POST', base, request);
  await checked(staff, 'POST', `/api/admin/returns/${refused.json().data.number}/refuse`, {
    version: 1,
    reason: 'No damage on the photo',
  });
  const again = await checked(customer, 'POST', `${base}/photos`, png, {
    'content-type': 'image/png',
  });
  const asked = await checked(customer, 'POST', base, {
    ...request,
    photos: [again.json().data.id],
  });
  const url = `/api/admin/returns/${asked.json().data.number}`;
  await checked(staff, 'GET', '/api/admin/returns');
  await checked(staff, 'GET', url);
  await checked(staff, 'GET', `${url}/photos/1`);
  await checked(staff, 'POST', `${url}/approve`, { version: 1 });
  await checked(staff, 'POST', `${url}/book`, { version: 2, date: '2026-12-01' });
  await checked(staff, 'POST', `${url}/receive`, { version: 3 });
  await checked(staff, 'POST', `${url}/refund`, { version: 4 });
}
