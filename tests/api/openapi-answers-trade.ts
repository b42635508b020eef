// The trade routes' part of openapi-answers.test.ts: a customer uploads evidence and applies,
// staff refuse, the customer applies again and staff approve; groups and price lists.
import type { Checked } from './openapi-answers-returns.ts';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

const application = (evidenceId: number) => ({
  company: 'Answers Tiling Ltd',
  company_number: '01234567',
  vat_number: 'GB123456789',
  trade: 'tiler',
  address_line_1: '4 Quarry Lane',
  town: 'Bristol',
  postcode: 'BS2 0UX',
  evidence_id: evidenceId,
});

async function apply<C>(checked: Checked<C>, customer: C): Promise<number> {
  const evidence = await checked(customer, 'POST', '/api/trade/applications/evidence', PDF, {
    'content-type': 'application/pdf',
  });
  const sent = await checked(
    customer,
    'POST',
    '/api/trade/applications',
    application(evidence.json().data.id),
  );
  return sent.json().data.id as number;
}

export async function tradeAnswers<C>({
  checked,
  staff,
  customer,
}: {
  checked: Checked<C>;
  staff: C;
  customer: C;
}) {
  const first = await apply(checked, customer);
  await checked(customer, 'GET', '/api/trade/application');
  await checked(staff, 'GET', '/api/admin/trade/applications');
  const url = `/api/admin/trade/applications/${first}`;
  const view = await checked(staff, 'GET', url);
  await checked(staff, 'GET', `${url}/evidence`);
  await checked(staff, 'POST', `${url}/refuse`, {
    version: view.json().data.version,
    reason: 'Please send a letterhead with the company number on it.',
  });
  const second = await apply(checked, customer);
  await checked(staff, 'POST', `/api/admin/trade/applications/${second}/approve`, {
    version: 1,
  });

  const group = await checked(staff, 'POST', '/api/admin/price-lists', {
    name: 'Answers designers',
    show_ex_vat: true,
  });
  const { id, version } = group.json().data as { id: number; version: number };
  await checked(staff, 'GET', '/api/admin/price-lists');
  await checked(staff, 'GET', `/api/admin/price-lists/${id}`);
  await checked(staff, 'PUT', `/api/admin/price-lists/${id}`, {
    name: 'Answers designers',
    show_ex_vat: false,
    version,
    rules: [],
  });
}
