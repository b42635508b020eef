/**
 * The legal copy about how an order becomes a contract, the right to cancel and complaints:
 * the seed's pages use it, and migration 0020 put the same paragraphs into the pages of shops
 * seeded before (replacing the old paragraphs only where staff had not edited them).
 */
import { COMPANY_NAME, PALLET_RETURN_PENCE, SHOP_ADDRESS, SHOP_EMAIL } from '#domain/company.ts';
import {
  CANCELLATION_DAYS,
  COMPLAINTS_TEXT,
  MADE_TO_ORDER_LABEL,
  modelCancellationForm,
} from '#domain/consumer-rights.ts';
import { formatGBP } from '#domain/money.ts';

const ADDRESS_INLINE = SHOP_ADDRESS.join(', ');

/** Terms section 2, as the checkout works: acknowledged at once, formed on payment. */
export const TERMS_CONTRACT_HTML = `<p>When you place an order, we email you straight away with what you ordered, the total price, the delivery arrangements and your right to cancel. If your order has something to pay, that email acknowledges it: the contract between us is formed when your payment reaches us, that is when your card payment is confirmed or when your bank transfer arrives by the pay-by date the email gives. Until then we hold the stock for you; if the payment is not completed in time, the order is cancelled, the stock is released and you owe nothing. An order with nothing to pay, such as free samples, is accepted when you place it, and the email confirms our contract.</p>
<p>If, after your payment has reached us, we find we cannot supply an item (for example because the last of the stock fails our quality check), we will tell you straight away and refund that item in full.</p>`;

/** Terms section 4: when payment is due, for each way of paying the checkout offers. */
export const TERMS_PAYMENT_HTML = `<p>Prices are shown in pounds sterling and include VAT at the current rate of 20%. Delivery charges are shown and confirmed at checkout. Payment is due in full when you place your order: by card at checkout, or by bank transfer by the pay-by date your order email gives. If a price on our website was obviously wrong, we will tell you, and you may pay the correct price or cancel for a full refund.</p>`;

/** Terms section 7: only what is made to the customer's specification is exempt. */
export const TERMS_CANCEL_HTML = `<p>Consumers may cancel an order within ${CANCELLATION_DAYS} days of delivery under the Consumer Contracts Regulations 2013, as explained in our <a href="/return-refund-policy">return and refund policy</a>. The only items that cannot be cancelled are those made or cut to your specification; they are marked <em>${MADE_TO_ORDER_LABEL}</em> on the product page, in your basket and in your order confirmation. Stock sizes chosen from our lists, window sills and hearths included, can be cancelled like any other goods. If you have a complaint, see <a href="/complaints">how to complain</a>.</p>`;

/** The return policy's exemption paragraph. */
export const RETURNS_EXEMPT_HTML = `<p>The right to cancel does not apply to goods made to your specifications or clearly personalised: a piece we cut, shape or finish to the measurements or drawing you give us, such as a worktop or vanity top cut to your template, or anything ordered through our <a href="/custom-stonework">custom stonework</a> service. Such sizes are marked <em>${MADE_TO_ORDER_LABEL}</em> on the product page, in your basket and in your order confirmation. Stock sizes you choose from a list, including window sills, hearths, vanity tops and table tops in their listed sizes, are not made to your specification and can be cancelled within ${CANCELLATION_DAYS} days like any other goods. Free samples are yours to keep and do not need to be returned.</p>`;

/** The return policy's way of sending a pallet back, with its price. */
export const RETURNS_COLLECTION_HTML = `<li>ask us to collect them: collecting a pallet from a mainland UK address costs ${formatGBP(PALLET_RETURN_PENCE)} (including VAT), which we deduct from your refund; a collection from the Scottish Highlands or islands is quoted before we book it; or</li>`;

/** The model cancellation form of Schedule 3, Part B, filled in with the shop. */
const MODEL_FORM_HTML = `<p>${modelCancellationForm().join('<br>')}</p>`;

export const COMPLAINTS_PAGE = {
  slug: 'complaints',
  title: 'Complaints',
  html: `<h2>How to complain</h2>
<p>${COMPLAINTS_TEXT.how}</p>
<p>${COMPLAINTS_TEXT.handling}</p>
<h2>Our address</h2>
<p>${COMPANY_NAME}, ${ADDRESS_INLINE}. Email ${SHOP_EMAIL}.</p>
<h2>If we cannot agree</h2>
<p>${COMPLAINTS_TEXT.escalation}</p>
<h2>Cancelling an order</h2>
<p>To cancel an order within the ${CANCELLATION_DAYS}-day cancellation period you do not need to complain: tell us as our <a href="/return-refund-policy">return and refund policy</a> explains. You may use this model cancellation form, but you do not have to:</p>
${MODEL_FORM_HTML}`,
};
