// The VAT invoice read back as a PDF reader reads it (pdfjs-dist, Firefox's PDF engine): each
// page's text, then the contents HMRC asks of a full VAT invoice (VAT Notice 700/21, 6.3).
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, SEEDED_IDENTITY, SHOP_ADDRESS, VAT_NUMBER } from '#domain/company.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { renderInvoicePdf } from '#server/services/orders/invoice-pdf.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { SAMPLE_LINES, SEALER_LINE, orderLine, samplePaidOrder } from '#tests/factories/orders.ts';

const invoice = {
  number: 42,
  issuedAt: new Date('2026-11-26T09:00:00Z'),
  taxPoint: new Date('2026-11-25T16:40:00Z'),
};

async function render(order: OrderJson) {
  const buffer = await renderInvoicePdf(order, invoice, SEEDED_IDENTITY);
  return { buffer, ...(await readPdf(buffer)) };
}

describe('renderInvoicePdf', () => {
  it('is a PDF titled as the invoice, by the company', async () => {
    const { buffer, info, pages } = await render(samplePaidOrder());
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(info.Title).toBe('VAT invoice INV-000042');
    expect(info.Author).toBe(COMPANY_NAME);
    expect(pages).toHaveLength(1);
  });

  it('carries the contents of a full VAT invoice', async () => {
    const [text = ''] = (await render(samplePaidOrder())).pages;
    expect(text).toContain('VAT invoice');
    // Sequential number, invoice date, tax point (the payment date), the order it belongs to.
    expect(text).toContain('Invoice number INV-000042');
    expect(text).toContain('Invoice date 26 November 2026');
    expect(text).toContain('Tax point 25 November 2026');
    expect(text).toContain('Order number TS-100042');
    // Seller: name, address, VAT registration number.
    expect(text).toContain(COMPANY_NAME);
    expect(text).toContain(SHOP_ADDRESS.join(' '));
    expect(text).toContain(`VAT registration number: ${VAT_NUMBER}`);
    expect(text).toContain('Company number: 13584207');
    // Customer: billing name, company and address.
    expect(text).toContain(
      'Eleanor Whitfield Whitfield Interiors 14 Clifton Park Road Flat 2 Bristol BS8 3HL United Kingdom (UK)',
    );
    // Each line: description, quantity, unit price without VAT, VAT rate, net, VAT, gross.
    expect(text).toContain(
      'Calacatta Oro Honed Marble Tiles 600x400x20 11.040 m² 46 pieces £45.79 per m² 20% £505.54 £101.11 £606.65',
    );
    expect(text).toContain(
      'Nero Marquina Polished Marble Full Size Sample 1 piece £5.42 each 20% £5.42 £1.08 £6.50',
    );
    expect(text).toContain(
      'Carrara Marble Vanity Top, cut to size 1200x550x20 1 piece £324.17 each 20% £324.17 £64.83 £389.00',
    );
    // Delivery is standard-rated with the goods.
    expect(text).toContain(
      'Delivery: Standard pallet delivery UK mainland 1 £40.00 each 20% £40.00 £8.00 £48.00',
    );
    // Totals: exactly the order's.
    expect(text).toContain('Total excluding VAT £875.13');
    expect(text).toContain('VAT at 20% £175.02');
    expect(text).toContain('Total including VAT £1,050.15');
    // Payment.
    expect(text).toContain('Payment method Bank transfer');
    expect(text).toContain('Paid on 25 November 2026');
  });

  it('runs a long order over several pages, repeating the table header, with every line', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => {
      const spec = SAMPLE_LINES[i % SAMPLE_LINES.length]!;
      return orderLine({ ...spec, name: `Line ${i + 1} ${spec.name}`, variation_id: i + 1 });
    });
    const { pages } = await render(samplePaidOrder({ lines }));
    expect(pages.length).toBeGreaterThan(1);

    const all = pages.join(' ');
    for (const line of lines) expect(all).toContain(line.name);
    // Each line once: 'Line 6 ' is not also matched by 'Line 60 '.
    for (let n = 1; n <= 60; n++) {
      expect(all.split(`Line ${n} `)).toHaveLength(2);
    }
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (page.includes('Line ')) {
        expect(page).toContain('Description Quantity Unit price excl. VAT VAT rate Net VAT Gross');
      }
    });
    const last = pages.at(-1) ?? '';
    // 20 × the sample's goods (£835.13 + £167.02 VAT) and one delivery (£40.00 + £8.00 VAT).
    expect(last).toContain('Total excluding VAT £16,742.60');
    expect(last).toContain('VAT at 20% £3,348.40');
    expect(last).toContain('Total including VAT £20,091.00');
  });
});

describe('renderInvoicePdf with goods not sold by the m²', () => {
  it('states each line in the unit it was sold in', async () => {
    const lines = [
      orderLine(SEALER_LINE),
      orderLine({
        name: 'Marble Skirting',
        size: '100x15',
        pieces: 4,
        unitPricePence: 2400,
        selling_unit: 'linear_metre',
      }),
      orderLine({
        name: 'Slate Coaster',
        size: '100x100',
        pieces: 1,
        unitPricePence: 600,
        selling_unit: 'piece',
      }),
    ];
    const [text = ''] = (await render(samplePaidOrder({ lines }))).pages;
    expect(text).toContain(
      'Stone Sealer 1 Litre 3 litres £10.79 per litre 20% £32.38 £6.47 £38.85',
    );
    expect(text).toContain(
      'Marble Skirting 100x15 4 linear metres £20.00 per linear metre 20% £80.00 £16.00 £96.00',
    );
    expect(text).toContain('Slate Coaster 100x100 1 piece £5.00 per piece 20% £5.00 £1.00 £6.00');
  });
});
