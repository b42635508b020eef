// A credit note read back as a PDF reader reads it: its number, date, the order and invoice it
// refers to, the seller, the customer, the amount split into net and VAT, and the reason.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, VAT_NUMBER } from '#domain/company.ts';
import { renderCreditNotePdf } from '#server/services/orders/credit-note-pdf.ts';
import { samplePaidOrder } from '#tests/factories/orders.ts';

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function text(buffer: Buffer): Promise<{ pages: string[]; title: unknown }> {
  const pdf = await getDocument({
    data: new Uint8Array(buffer),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    const { info } = await pdf.getMetadata();
    return { pages, title: (info as Record<string, unknown>).Title };
  } finally {
    await pdf.destroy();
  }
}

describe('renderCreditNotePdf', () => {
  it('carries the credit note number, the invoice it refers to and the amount split by VAT', async () => {
    const order = {
      ...samplePaidOrder(),
      invoice: { number: 'INV-000042', issued_at: '2026-11-26T09:00:00Z', url: '/x' },
    };
    const buffer = await renderCreditNotePdf(order, {
      number: 'CN-000007',
      issued_at: '2026-11-27T10:00:00Z',
      amount: '120.00',
      reason: 'Two cracked tiles',
      refund_ref: 're_123',
      actor: 'manager@tessera.test',
      url: '/x',
    });
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, title } = await text(buffer);
    expect(title).toBe('Credit note CN-000007');
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
