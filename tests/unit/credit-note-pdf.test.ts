// A credit note read back as a PDF reader reads it: its number, date, the order and invoice it
// refers to, the seller, the customer, the amount split into net and VAT, and the reason.
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, SEEDED_IDENTITY, VAT_NUMBER } from '#domain/company.ts';
import { renderCreditNotePdf } from '#server/services/orders/credit-note-pdf.ts';
import { samplePaidOrder } from '#tests/factories/orders.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';

describe('renderCreditNotePdf', () => {
  it('carries the credit note number, the invoice it refers to and the amount split by VAT', async () => {
    const order = {
      ...samplePaidOrder(),
      invoice: { number: 'INV-000042', issued_at: '2026-11-26T09:00:00Z', url: '/x', due_on: null },
    };
    const buffer = await renderCreditNotePdf(
      order,
      {
        number: 'CN-000007',
        issued_at: '2026-11-27T10:00:00Z',
        amount: '120.00',
        reason: 'Two cracked tiles',
        refund_ref: 're_123',
        vat_percent: 20,
        cancels_invoice: null,
        actor: 'manager@tessera.test',
        url: '/x',
      },
      SEEDED_IDENTITY,
    );
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, info } = await readPdf(buffer);
    expect(info.Title).toBe('Credit note CN-000007');
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    for (const piece of [
      'Credit note',
      'CN-000007',
      '27 November 2026',
      order.number,
      'INV-000042',
      COMPANY_NAME,
      VAT_NUMBER,
      order.billing_address.last_name,
      'Refund: Two cracked tiles',
      '£100.00',
      '£20.00',
      '£120.00',
      'Stripe refund re_123',
    ]) {
      expect(page).toContain(piece);
    }
  });
});
