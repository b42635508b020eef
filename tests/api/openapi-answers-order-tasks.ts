// The order tasks' part of openapi-answers.test.ts: a note, an edit of the order placed there
// (to the same lines, so its total stands), an order taken by phone paid through its link, and
// the order paid, then raised by an edit, its balance paid through its link; then a quote.
import type { Checked } from './openapi-answers-returns.ts';
import { quoteAnswers } from './openapi-answers-quotes.ts';

export async function orderTaskAnswers<C>({
  checked,
  customer,
  staff,
  orderNumber,
  variationId,
  productId,
  shipping,
}: {
  checked: Checked<C>;
  customer: C;
  staff: C;
  orderNumber: string;
  variationId: number;
  productId: number;
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
  await checked(staff, 'GET', '/api/admin/orders/sizes?q=marble');
  await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/mark-paid`, {
    amount: order.json().data.totals.total.gross,
  });
  const raised = await checked(staff, 'PUT', `/api/admin/orders/${orderNumber}`, {
    version: order.json().data.version + 1,
    lines: [{ variation_id: variationId, pieces: 6 }],
  });
  const balance = await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/balance-link`);
  const balanceLink = new URL(balance.json().link as string);
  await checked(customer, 'GET', `/api${balanceLink.pathname}`);
  await checked(customer, 'POST', `/api${balanceLink.pathname}/balance`, {
    payment_method: 'bank_transfer',
    expected_total: raised.json().balance_due,
  });
  await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/balance-received`, {
    amount: raised.json().balance_due,
  });
  await quoteAnswers({ checked, customer, staff, productId, variationId, shipping });
}
