// The order tasks' part of openapi-answers.test.ts: a note, an edit of the order placed there
// (to the same lines, so its total stands), and an order taken by phone paid through its link.
import type { Checked } from './openapi-answers-returns.ts';

export async function orderTaskAnswers<C>({
  checked,
  customer,
  staff,
  orderNumber,
  variationId,
  shipping,
}: {
  checked: Checked<C>;
  customer: C;
  staff: C;
  orderNumber: string;
  variationId: number;
  shipping: unknown;
}) {
  await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/notes`, {
    text: 'Your tiles are packed and waiting for the lorry.',
    to_customer: true,
  });
  const order = await checked(staff, 'GET', `/api/admin/orders/${orderNumber}`);
  await checked(staff, 'PUT', `/api/admin/orders/${orderNumber}`, {
    version: order.json().data.version,
    lines: [{ variation_id: variationId, pieces: 4 }],
    shipping,
  });
  const draft = await checked(staff, 'POST', '/api/admin/orders/drafts', {
    email: 'phone.order@example.co.uk',
    shipping,
    lines: [{ variation_id: variationId, pieces: 2 }],
  });
  const id = draft.json().data.id as number;
  await checked(staff, 'GET', `/api/admin/orders/drafts/${id}`);
  const sent = await checked(staff, 'POST', `/api/admin/orders/drafts/${id}/send`);
  const link = new URL(sent.json().link as string);
  const opened = await checked(customer, 'GET', `/api${link.pathname}`);
  await checked(customer, 'POST', `/api${link.pathname}`, {
    payment_method: 'bank_transfer',
    accept_terms: true,
    expected_total: opened.json().data.totals.total.gross,
  });
}
