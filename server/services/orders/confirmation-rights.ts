// The confirmation's statements of the shopper's rights: the 14-day right to cancel line by line
// (goods made to the customer's specification are exempt, reg. 28(1)(b), as each size's
// made_to_order flag says), what returning costs, how the contract was formed, the model
// cancellation form (Schedule 3, Part B) and how to complain.
import type { OrderJson } from '#domain/checkout.ts';
import {
  CANCELLABLE_LABEL,
  CANCELLATION_DAYS,
  COMPLAINTS_PATH,
  COMPLAINTS_TEXT,
  complaintsHowText,
  type RightsShop,
  modelCancellationForm,
  type PalletCollection,
  palletReturnText,
} from '#domain/consumer-rights.ts';
import { lineDescription, lineQuantity, type Block, type Section } from './mail-blocks.ts';

const EXEMPTION =
  'The right to cancel does not apply to goods made to your specification (Consumer Contracts Regulations 2013, regulation 28(1)(b)).';

function returnCost(order: OrderJson, collection: PalletCollection): string {
  const base = 'You bear the direct cost of returning the goods.';
  if (order.delivery.method === 'pallet') return `${base} ${palletReturnText(collection)}`;
  return `${base} Goods delivered by post or courier can go back the same way.`;
}

function cancellationSection(
  order: OrderJson,
  shop: RightsShop,
  collection: PalletCollection,
): Section {
  const exempt = order.lines.filter((line) => line.is_bespoke);
  const cancellable = order.lines.filter((line) => !line.is_bespoke);
  const address = [shop.legal_name, ...shop.registered_office].join(', ');
  const blocks: Block[] = [];
  if (cancellable.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `You may cancel this order within ${CANCELLATION_DAYS} days from the day the goods are delivered to you (or to someone you name, other than the carrier), without giving any reason. If your order comes in more than one delivery, the ${CANCELLATION_DAYS} days run from the day the last delivery arrives.`,
    });
    if (exempt.length > 0) {
      blocks.push(
        { kind: 'paragraph', text: 'This right covers these items:' },
        {
          kind: 'list',
          items: cancellable.map(
            (line) => `${lineDescription(line)}: ${lineQuantity(line)}. ${CANCELLABLE_LABEL}`,
          ),
        },
      );
    }
    blocks.push(
      {
        kind: 'paragraph',
        text: `To cancel, tell us clearly before the ${CANCELLATION_DAYS} days are over: email ${shop.email}, call ${shop.phone}, or write to ${address}. Please quote your order number, ${order.number}. You may use the model cancellation form below, but you do not have to.`,
      },
      {
        kind: 'paragraph',
        text: `We will refund the price of the goods and the standard delivery charge within ${CANCELLATION_DAYS} days of receiving the goods back (or proof that you have sent them back, if that comes first), by the means you paid with. ${returnCost(order, collection)}`,
      },
    );
  }
  if (exempt.length > 0) {
    blocks.push(
      {
        kind: 'paragraph',
        text: `${EXEMPTION} These items are made or cut to your specification, so they cannot be cancelled once ordered:`,
        strong: true,
      },
      {
        kind: 'list',
        items: exempt.map((line) => `${lineDescription(line)}: ${lineQuantity(line)}`),
      },
    );
  } else {
    blocks.push({
      kind: 'paragraph',
      text: `${EXEMPTION} Nothing in this order is made to your specification: every item may be cancelled.`,
    });
  }
  blocks.push({
    kind: 'paragraph',
    text: `Your legal rights if goods are faulty or not as described are not affected. Your order was placed under our terms and conditions, version ${order.terms_version}.`,
  });
  return { title: 'Your right to cancel', blocks };
}

/** How the contract is formed, as the terms (section 2) say and the order's payment stands. */
function contractSection(order: OrderJson): Section {
  const text =
    order.payment_status === 'not_required'
      ? 'Your order has nothing to pay, so we accepted it when you placed it: this email confirms our contract.'
      : order.payment_status === 'succeeded'
        ? 'We accepted your order when your payment reached us: this email confirms our contract.'
        : order.payment_status === 'on_account'
          ? 'We accepted your order on your trade account when you placed it: this email confirms our contract.'
          : order.payment_method === 'bank_transfer'
            ? 'This email acknowledges your order. Our contract is formed when your bank transfer reaches us by the pay-by date above (your order page shows when it has); if it does not arrive in time, the order is cancelled and you owe nothing.'
            : 'This email acknowledges your order. Our contract is formed when your card payment is confirmed (your order page shows when it is); if the payment is not completed, the order is cancelled and you owe nothing.';
  return { title: 'Our contract', blocks: [{ kind: 'paragraph', text }] };
}

function formSection(order: OrderJson, shop: RightsShop): Section {
  return {
    title: 'Model cancellation form',
    blocks: [{ kind: 'address', lines: modelCancellationForm(order.number, shop) }],
  };
}

function complaintsSection(orderUrl: string, shop: RightsShop): Section {
  let href = COMPLAINTS_PATH;
  try {
    href = new URL(COMPLAINTS_PATH, orderUrl).href;
  } catch {
    // A relative order link (a test's): the path alone still names the page.
  }
  return {
    title: 'Complaints',
    blocks: [
      { kind: 'paragraph', text: complaintsHowText(shop) },
      { kind: 'paragraph', text: COMPLAINTS_TEXT.handling },
      { kind: 'paragraph', text: COMPLAINTS_TEXT.escalation },
      { kind: 'link', label: 'How to complain', href },
    ],
  };
}

/** The rights sections, in the order the mail gives them. */
export function rightsSections(
  order: OrderJson,
  orderUrl: string,
  shop: RightsShop,
  collection: PalletCollection,
): Section[] {
  const cancellable = order.lines.some((line) => !line.is_bespoke);
  return [
    contractSection(order),
    cancellationSection(order, shop, collection),
    ...(cancellable ? [formSection(order, shop)] : []),
    complaintsSection(orderUrl, shop),
  ];
}
