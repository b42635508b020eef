import { DEFAULT_RETURN_RULES } from '#domain/returns.ts';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_NAME,
  COMPANY_NUMBER,
  SHOP_ADDRESS,
  SHOP_EMAIL,
  SHOP_PHONE,
  VAT_NUMBER,
  PALLET_RETURN_PENCE,
} from '#domain/company.ts';
import { formatGBP } from '#domain/money.ts';
import { orderConfirmationEmail } from '#server/services/orders/confirmation-email.ts';
import {
  SAMPLE_LINES,
  SEALER_LINE,
  orderLine,
  sampleOrder,
  samplePaidOrder,
} from '#tests/factories/orders.ts';

const orderUrl = 'https://tesserastone.co.uk/orders/TS-100042?token=abc&x=1';

/** The HTML as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Both renderings, the HTML read as text, each with spaces collapsed. */
function renderings(mail: ReturnType<typeof orderConfirmationEmail>) {
  return {
    text: mail.text.replace(/\s+/g, ' '),
    html: visibleText(mail.html ?? ''),
  };
}

describe('orderConfirmationEmail', () => {
  it('goes to the shopper under the order number', () => {
    const mail = orderConfirmationEmail(sampleOrder(), { orderUrl });
    expect(mail.to).toBe('eleanor.whitfield@example.co.uk');
    expect(mail.subject).toBe('Your Tessera Stone order TS-100042');
    expect(mail.html).toBeDefined();
  });

  it('confirms every line, the goods, delivery, VAT and the total with their exact figures', () => {
    for (const rendering of Object.values(
      renderings(orderConfirmationEmail(sampleOrder(), { orderUrl })),
    )) {
      // Lines: name, size, pieces (and m² when sold by the m²), line total including VAT.
      expect(rendering).toContain('Calacatta Oro Honed Marble Tiles, 600x400x20');
      expect(rendering).toContain('46 pieces (11.040 m²) at £54.95 per m²');
      expect(rendering).toContain('£606.65');
      expect(rendering).toContain('Nero Marquina Polished Marble, Full Size Sample');
      expect(rendering).toContain('1 piece at £6.50 each');
      expect(rendering).toContain('Carrara Marble Vanity Top, cut to size, 1200x550x20');
      expect(rendering).toContain('£389.00');
      // Totals.
      expect(rendering).toMatch(/Goods:? £1,002\.15/);
      expect(rendering).toMatch(/Delivery \(Standard pallet delivery\):? £48\.00/);
      expect(rendering).toMatch(/Total price, including VAT and delivery:? £1,050\.15/);
      expect(rendering).toMatch(/VAT included at 20%:? £175\.02/);
    }
  });

  it('states the delivery arrangements: address, option, estimated dates and the kerbside note', () => {
    for (const rendering of Object.values(
      renderings(orderConfirmationEmail(sampleOrder(), { orderUrl })),
    )) {
      expect(rendering).toContain(
        'Eleanor Whitfield 14 Clifton Park Road Flat 2 Bristol BS8 3HL United Kingdom (UK)',
      );
      expect(rendering).toContain('between 27 November 2026 and 1 December 2026');
      expect(rendering).toContain('Kerbside delivery by tail-lift lorry');
      expect(rendering).toContain('Standard pallet delivery');
    }
  });

  it('gives the bank details, the order number as reference and the pay-by date for a pending bank transfer', () => {
    for (const rendering of Object.values(
      renderings(orderConfirmationEmail(sampleOrder(), { orderUrl })),
    )) {
      expect(rendering).toContain('Bank transfer');
      expect(rendering).toMatch(/Sort code:? 30-94-57/);
      expect(rendering).toMatch(/Account number:? 48215736/);
      expect(rendering).toMatch(/Account name:? Tessera Stone Ltd/);
      expect(rendering).toMatch(/Reference:? TS-100042/);
      expect(rendering).toMatch(/Pay by:? 1 December 2026/);
      expect(rendering).toContain(
        'If we have not received your payment by 1 December 2026, your order is cancelled and the stock we are holding for you is released.',
      );
    }
  });

  it('shows no bank details once the order is paid, nor for a card payment', () => {
    const orders = [
      samplePaidOrder(),
      sampleOrder({ payment_method: 'card', bank_transfer: null }),
      samplePaidOrder({ payment_method: 'card' }),
    ];
    for (const order of orders) {
      const mail = orderConfirmationEmail(order, { orderUrl });
      for (const rendering of [mail.text, mail.html ?? '']) {
        expect(rendering).not.toContain('30-94-57');
        expect(rendering).not.toContain('48215736');
        expect(rendering).not.toMatch(/Reference/);
        expect(rendering).not.toMatch(/Pay by/);
      }
    }
    const paid = renderings(
      orderConfirmationEmail(samplePaidOrder({ payment_method: 'card' }), { orderUrl }),
    );
    expect(paid.text).toMatch(/Payment method: Debit or credit card/);
    expect(paid.text).toMatch(/Payment: Paid/);
  });

  it('states the 14-day right to cancel from delivery, how to cancel, the refund and the return cost', () => {
    for (const rendering of Object.values(
      renderings(orderConfirmationEmail(sampleOrder(), { orderUrl })),
    )) {
      expect(rendering).toContain('within 14 days from the day the goods are delivered');
      expect(rendering).toContain('without giving any reason');
      expect(rendering).toContain(SHOP_EMAIL);
      expect(rendering).toContain(SHOP_PHONE);
      expect(rendering).toContain(SHOP_ADDRESS.join(', '));
      expect(rendering).toContain('within 14 days of receiving the goods back');
      expect(rendering).toContain('You bear the direct cost of returning the goods');
    }
  });

  it('states the right line by line: the made-to-order line exempt, the others cancellable', () => {
    const { text, html } = renderings(orderConfirmationEmail(sampleOrder(), { orderUrl }));
    for (const rendering of [text, html]) {
      expect(rendering).toContain('does not apply to goods made to your specification');
      expect(rendering).toMatch(
        /cannot be cancelled once ordered: -? ?Carrara Marble Vanity Top, cut to size, 1200x550x20: 1 piece/,
      );
      // Only the made-to-order line is named there.
      expect(rendering).not.toMatch(/cannot be cancelled once ordered:[^.]*Calacatta/);
      expect(rendering).toMatch(
        /This right covers these items: -? ?Calacatta Oro Honed Marble Tiles, 600x400x20: 46 pieces \(11\.040 m²\)\. You may cancel within 14 days of delivery/,
      );
      expect(rendering).toContain(
        'Nero Marquina Polished Marble, Full Size Sample: 1 piece. You may cancel within 14 days of delivery',
      );
      expect(rendering).not.toContain('1200x550x20: 1 piece. You may cancel');
      expect(rendering).toContain('1 piece at £389.00 each, made to your specification');
    }
  });

  it('states the exemption generally, and lists no lines, when nothing is made to order', () => {
    const lines = SAMPLE_LINES.filter((line) => !line.is_bespoke).map(orderLine);
    const { text, html } = renderings(orderConfirmationEmail(sampleOrder({ lines }), { orderUrl }));
    for (const rendering of [text, html]) {
      expect(rendering).toContain(
        'does not apply to goods made to your specification (Consumer Contracts Regulations 2013, regulation 28(1)(b)). Nothing in this order is made to your specification: every item may be cancelled.',
      );
      expect(rendering).not.toContain('cannot be cancelled once ordered');
      expect(rendering).not.toContain('This right covers these items');
      expect(rendering).not.toContain('Vanity Top');
    }
  });

  it('offers no right to cancel, nor the form, when every line is made to order', () => {
    const lines = SAMPLE_LINES.filter((line) => line.is_bespoke).map(orderLine);
    const { text } = renderings(orderConfirmationEmail(sampleOrder({ lines }), { orderUrl }));
    expect(text).not.toContain('You may cancel this order');
    expect(text).not.toContain('MODEL CANCELLATION FORM');
    expect(text).toContain(
      'These items are made or cut to your specification, so they cannot be cancelled once ordered: - Carrara Marble Vanity Top, cut to size, 1200x550x20: 1 piece',
    );
  });

  it('says what collecting a returned pallet costs, read from the one figure', () => {
    const { text, html } = renderings(orderConfirmationEmail(sampleOrder(), { orderUrl }));
    const cost = formatGBP(PALLET_RETURN_PENCE);
    expect(cost).toBe('£60.00');
    for (const rendering of [text, html]) {
      expect(rendering).toContain(
        `we collect it from a mainland UK address for ${cost} a pallet (including VAT), taken off your refund`,
      );
    }
    // The owner's return rules: another price, or the shop paying for the collection.
    const rules = { ...DEFAULT_RETURN_RULES, collectionPricePence: 7500 };
    expect(orderConfirmationEmail(sampleOrder(), { orderUrl }, undefined, rules).text).toContain(
      'we collect it from a mainland UK address for £75.00 a pallet (including VAT), taken off your refund;',
    );
    const shopPays = { ...rules, collectionPaidBy: 'shop' as const };
    const free = orderConfirmationEmail(sampleOrder(), { orderUrl }, undefined, shopPays).text;
    expect(free).toContain('we collect it from a mainland UK address at no charge to you;');
    expect(free).not.toContain('£75.00');
    const parcel = sampleOrder();
    parcel.delivery = { ...parcel.delivery, method: 'parcel', pallets: 0, parcels: 1 };
    const parcelText = orderConfirmationEmail(parcel, { orderUrl }).text;
    expect(parcelText).not.toContain('goes back on a pallet');
    expect(parcelText).toContain('Goods delivered by post or courier can go back the same way.');
  });

  it('carries the model cancellation form filled in with the shop and the order number', () => {
    const mail = orderConfirmationEmail(sampleOrder(), { orderUrl });
    const { text, html } = renderings(mail);
    for (const rendering of [text, html]) {
      expect(rendering).toContain(
        `(Complete and return this form only if you wish to withdraw from the contract) To ${COMPANY_NAME}, ${SHOP_ADDRESS.join(', ')}, email ${SHOP_EMAIL}: I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*], Ordered on [*]/received on [*], order number TS-100042, Name of consumer(s), Address of consumer(s), Signature of consumer(s) (only if this form is notified on paper), Date [*] Delete as appropriate.`,
      );
    }
    expect(mail.text).toContain('MODEL CANCELLATION FORM');
  });

  it('says how to complain, with the address, email and a link to the complaints page', () => {
    const mail = orderConfirmationEmail(sampleOrder(), { orderUrl });
    for (const rendering of Object.values(renderings(mail))) {
      expect(rendering).toContain(
        `If you are unhappy with your order or our service, please tell us so we can put it right: email ${SHOP_EMAIL}, call ${SHOP_PHONE}`,
      );
      expect(rendering).toContain(`write to ${COMPANY_NAME}, ${SHOP_ADDRESS.join(', ')}`);
      expect(rendering).toContain('Citizens Advice consumer helpline on 0808 223 1133');
    }
    expect(mail.text).toContain('How to complain: https://tesserastone.co.uk/complaints');
    expect(mail.html).toContain('href="https://tesserastone.co.uk/complaints"');
  });

  it('says how the contract is formed as the payment stands', () => {
    const pending = orderConfirmationEmail(sampleOrder(), { orderUrl }).text;
    expect(pending.replace(/\s+/g, ' ')).toContain(
      'This email acknowledges your order. Our contract is formed when your bank transfer reaches us by the pay-by date above',
    );
    const paid = orderConfirmationEmail(samplePaidOrder({ payment_method: 'card' }), { orderUrl });
    expect(paid.text).toContain(
      'We accepted your order when your payment reached us: this email confirms our contract.',
    );
  });

  it("states the shop's identity and links to the order", () => {
    const mail = orderConfirmationEmail(sampleOrder(), { orderUrl });
    for (const rendering of Object.values(renderings(mail))) {
      expect(rendering).toContain(COMPANY_NAME);
      expect(rendering).toContain(SHOP_ADDRESS.join(' '));
      expect(rendering).toContain(COMPANY_NUMBER);
      expect(rendering).toContain(VAT_NUMBER);
      expect(rendering).toContain(SHOP_EMAIL);
      expect(rendering).toContain(SHOP_PHONE);
    }
    expect(mail.text).toContain(orderUrl);
    expect(mail.html).toContain(`href="${orderUrl.replace('&', '&amp;')}"`);
  });

  it('escapes what shoppers typed in the HTML', () => {
    const order = sampleOrder();
    const hostile = {
      ...order.shipping_address,
      first_name: '<script>alert(1)</script>',
      company: 'Smith & "Sons" <b>',
      address_1: '<img src=x onerror=alert(2)>',
    };
    const mail = orderConfirmationEmail(
      { ...order, shipping_address: hostile, billing_address: hostile },
      { orderUrl },
    );
    const html = mail.html ?? '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Smith &amp; &quot;Sons&quot; &lt;b&gt;');
    // The plain text keeps what was typed.
    expect(mail.text).toContain('Dear <script>alert(1)</script>,');
  });
});

describe('orderConfirmationEmail with goods not sold by the m²', () => {
  it('words quantity and price in the unit each line was sold in', () => {
    const lines = [
      orderLine(SEALER_LINE),
      orderLine({
        name: 'Belfast Sink',
        size: '600x450',
        pieces: 1,
        unitPricePence: 34900,
        selling_unit: 'each',
      }),
    ];
    for (const rendering of Object.values(
      renderings(orderConfirmationEmail(sampleOrder({ lines }), { orderUrl })),
    )) {
      expect(rendering).toContain('Stone Sealer, 1 Litre');
      expect(rendering).toContain('3 litres at £12.95 per litre');
      expect(rendering).toContain('1 item at £349.00 each');
      expect(rendering).not.toContain('m²');
    }
  });
});
