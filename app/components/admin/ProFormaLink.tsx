import type { OrderJson } from '#domain/checkout.ts';

/** The pro-forma invoice of a trade account's order awaiting its transfer, in the documents list. */
export function ProFormaLink({ order }: { order: Pick<OrderJson, 'number' | 'documents'> }) {
  if (!order.documents.some((document) => document.kind === 'pro_forma')) return null;
  return (
    <li>
      <a
        className="underline"
        href={`/api/admin/orders/${order.number}/pro-forma.pdf`}
        target="_blank"
        rel="noreferrer"
      >
        Pro-forma invoice (PDF)
      </a>
    </li>
  );
}
