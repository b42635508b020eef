import type { FastifyInstance } from 'fastify';
import type { CartAnswer } from '#domain/cart.ts';
import { cartAnswerSchema } from '#domain/api-schemas.ts';
import { addToCartSchema, cartItemParams, updateCartSchema } from '#domain/validation.ts';
import { chargeRequest } from '../http/request-limits.ts';
import { route } from '../http/route.ts';
import type { SessionRecord } from '../services/sessions.ts';
import { CartService } from '../services/cart/cart.ts';
import { CartDiscounts } from '../services/discounts/cart-discount.ts';
import { applyDiscountSchema } from '#domain/api-schemas-discounts.ts';

const CART_ANSWER = { description: 'The whole basket', schema: cartAnswerSchema } as const;

function hasQuantity(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'quantity' in body;
}

/** The basket (spec section 7): the session's cart, or the signed-in customer's. */
export async function cartApi(app: FastifyInstance) {
  const vatPercent = () => app.services.vat.percentAt();
  const buyerOf = (session: SessionRecord | null) => app.services.buyers.forSession(session);
  const cart = new CartService(app.services.db, app.config.orderLimits, vatPercent, buyerOf);
  const discounts = new CartDiscounts(app.services.db, vatPercent, buyerOf);
  const tags = ['cart'];
  // A basket is private and changes with every write: never cached anywhere.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/cart',
    summary: "The caller's basket; empty (and no session started) for a new visitor",
    tags,
    response: CART_ANSWER,
    handler: async ({ request }): Promise<CartAnswer> => {
      const session = await request.getSession();
      return { data: await discounts.withDiscount(session, await cart.get(session)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/cart/discount',
    summary:
      'Apply a discount code to the basket; 422 with the reason (unknown, expired, not yet valid, minimum spend, used up, not for these items); 429 with Retry-After once too many codes that did not apply were tried from the session or address',
    tags,
    body: applyDiscountSchema,
    response: { ...CART_ANSWER, errors: [422, 429] },
    handler: async ({ body, request }): Promise<CartAnswer> => {
      // Every try is charged before the code is looked up, so a parallel burst of guesses gets
      // exactly the limit checked; a code that applies gives its charge back.
      const charged = await chargeRequest(app, request, 'discountCodes');
      const session = await request.getSession();
      await discounts.apply(session, body.code);
      await Promise.all(charged.map((key) => app.services.throttle.release(key)));
      return { data: await discounts.withDiscount(session, await cart.get(session)) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/cart/discount',
    summary: "Remove the basket's discount code",
    tags,
    response: CART_ANSWER,
    handler: async ({ request }): Promise<CartAnswer> => {
      const session = await request.getSession();
      await discounts.remove(session);
      return { data: await cart.get(session) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/cart/add',
    summary:
      'Add a size or sample; a repeated variation adds to its line. A trade-only size is refused to retail as a size of no product is (422)',
    tags,
    body: addToCartSchema,
    response: { ...CART_ANSWER, errors: [404, 409, 422] },
    handler: async ({ body, request, reply }): Promise<CartAnswer> => {
      // The session (and its cookie) is created only once the line is known to be valid.
      const session = () => request.sessionForWrite(reply);
      const buyer = await app.services.buyers.forRequest(request);
      return { data: await cart.add(session, body, hasQuantity(request.body), buyer) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/cart/:itemId',
    summary: "Change a line's quantity",
    tags,
    params: cartItemParams,
    body: updateCartSchema,
    response: { ...CART_ANSWER, errors: [404, 409, 422] },
    handler: async ({ params, body, request }): Promise<CartAnswer> => {
      const session = await request.getSession();
      return {
        data: await discounts.withDiscount(
          session,
          await cart.update(session, params.itemId, body),
        ),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/cart/:itemId',
    summary: 'Remove a line',
    tags,
    params: cartItemParams,
    response: { ...CART_ANSWER, errors: [404] },
    handler: async ({ params, request }): Promise<CartAnswer> => {
      const session = await request.getSession();
      return {
        data: await discounts.withDiscount(session, await cart.remove(session, params.itemId)),
      };
    },
  });
}
