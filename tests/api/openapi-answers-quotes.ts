// The quotes' part of openapi-answers.test.ts: staff list enquiries and quotes, build a quote,
// upload a drawing, edit, send, revise and send again, withdraw another; the customer opens the
// link, downloads the drawing and accepts.
import type { Checked } from './openapi-answers-returns.ts';

export async function quoteAnswers<C>({
  checked,
  customer,
  staff,
  productId,
  variationId,
  shipping,
}: {
  checked: Checked<C>;
  customer: C;
  staff: C;
  productId: number;
  variationId: number;
  shipping: unknown;
}) {
  const body = {
    address: shipping,
    deposit_percent: 30,
    manual_delivery: '60.00',
    lines: [
      {
        kind: 'bespoke',
        product_id: productId,
        thickness_mm: 30,
        length_mm: 1200,
        width_mm: 600,
        cutouts: 2,
        cutout_price: '45.00',
        pieces: 1,
        pricing: 'm2',
        unit_price: '180.00',
      },
      { kind: 'catalogue', variation_id: variationId, pieces: 2, unit_price: '40.00' },
    ],
  };
  await checked(staff, 'GET', '/api/admin/quotes/enquiries');
  const created = await checked(staff, 'POST', '/api/admin/quotes', body);
  const number = created.json().data.number as string;
  const drawing = await checked(
    staff,
    'POST',
    '/api/admin/quotes/drawings?file_name=worktop',
    Buffer.from('%PDF-1.4\n% a worktop\n'),
    { 'content-type': 'application/pdf' },
  );
  const drawingId = drawing.json().data.id as number;
  await checked(staff, 'GET', `/api/admin/quotes/drawings/${drawingId}`);
  const drawn = { ...body.lines[0], length_mm: null, width_mm: null, pricing: 'piece' };
  await checked(staff, 'PUT', `/api/admin/quotes/${number}`, {
    ...body,
    deposit_percent: 20,
    lines: [{ ...drawn, drawing_id: drawingId }, body.lines[1]],
  });
  await checked(staff, 'POST', `/api/admin/quotes/${number}/send`, {});
  await checked(staff, 'POST', `/api/admin/quotes/${number}/revise`, {});
  const sent = await checked(staff, 'POST', `/api/admin/quotes/${number}/send`, {});
  await checked(staff, 'GET', `/api/admin/quotes/${number}`);
  await checked(staff, 'GET', `/api/admin/quotes/${number}/quote.pdf`);
  await checked(staff, 'GET', '/api/admin/quotes?state=superseded');
  const link = new URL(sent.json().link as string);
  await checked(customer, 'GET', `/api/quotes/${number}${link.search}`);
  await checked(customer, 'GET', `/api/quotes/${number}/lines/0/drawing${link.search}`);
  await checked(customer, 'POST', `/api/quotes/${number}/accept${link.search}`, {
    payment_method: 'bank_transfer',
    accept_terms: true,
  });
  const other = await checked(staff, 'POST', '/api/admin/quotes', body);
  await checked(staff, 'POST', `/api/admin/quotes/${other.json().data.number}/withdraw`, {});
}
