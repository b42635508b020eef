// The discount-code routes' part of openapi-answers.test.ts: staff create, edit, disable and
// enable a code; a visitor applies it to a basket and removes it.
import type { Checked } from './openapi-answers-returns.ts';

export async function discountAnswers<C>({
  checked,
  staff,
  visitor,
  size,
}: {
  checked: Checked<C>;
  staff: C;
  visitor: C;
  size: { productId: number; id: number };
}) {
  const created = await checked(staff, 'POST', '/api/admin/discount-codes', {
    code: 'OPENAPI10',
    kind: 'percent',
    percent: 10,
    max_uses: 100,
  });
  const code = created.json().data as { id: number; version: number };
  await checked(staff, 'GET', '/api/admin/discount-codes');
  await checked(staff, 'GET', `/api/admin/discount-codes/${code.id}`);
  const edited = await checked(staff, 'PUT', `/api/admin/discount-codes/${code.id}`, {
    code: 'OPENAPI10',
    kind: 'fixed',
    amount: '2.50',
    version: code.version,
  });
  await checked(visitor, 'POST', '/api/cart/add', {
    product_id: size.productId,
    variation_id: size.id,
    quantity: 1,
  });
  await checked(visitor, 'POST', '/api/cart/discount', { code: 'openapi10' });
  await checked(visitor, 'GET', '/api/checkout?country=GB&postcode=BS2%200UX');
  await checked(visitor, 'DELETE', '/api/cart/discount');
  const version = (edited.json().data as { version: number }).version;
  const disabled = await checked(staff, 'POST', `/api/admin/discount-codes/${code.id}/disable`, {
    version,
  });
  await checked(staff, 'POST', `/api/admin/discount-codes/${code.id}/enable`, {
    version: (disabled.json().data as { version: number }).version,
  });
}
