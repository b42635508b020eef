import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthJson, CustomerJson } from '#domain/api-types.ts';
import {
  authSchema,
  customerSchema,
  messageSchema,
  profileAnswerSchema,
} from '#domain/api-schemas.ts';
import { orderParams } from '#domain/checkout.ts';
import {
  addressSchema,
  emailSchema,
  loginSchema,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  profileSchema,
  signupSchema,
} from '#domain/validation.ts';
import { conflict, notFound, unauthorized } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { shopOrigin } from '../http/origin.ts';
import { ACCOUNT_MESSAGES, Accounts } from '../services/accounts/index.ts';
import type { ProfileChanges } from '../services/accounts/customers.ts';
import { mergeSessionCartIntoCustomer } from '../services/cart/ownership.ts';
import { createMailer } from '../services/mail.ts';
import { ownerReplyTo } from '../services/settings/shop-details.ts';

const profileFields = profileSchema.shape;

/**
 * PUT /api/auth/update-profile: any of the profile fields, a password change with the current
 * password, and the two addresses (null deletes one). Any other key (role, id, is_paying_customer)
 * is refused, so a client can never set what only the shop may set.
 */
const updateProfileSchema = z
  .strictObject({
    first_name: profileFields.first_name.optional(),
    last_name: profileFields.last_name.optional(),
    email: profileFields.email.optional(),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.newPasswordTooShort })
      .max(PASSWORD_MAX_LENGTH)
      .optional(),
    billing: addressSchema.nullable().optional(),
    shipping: addressSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password !== undefined && !body.current_password) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.currentPasswordRequired,
        path: ['current_password'],
      });
    }
  });

const lostPasswordSchema = z.object({ email: emailSchema });
const orderAccountSchema = z.object({
  token: z.string({ error: 'The order link is not valid' }).min(1).max(200),
  password: signupSchema.shape.password,
});
const resetPasswordSchema = z.object({
  token: z
    .string({ error: ACCOUNT_MESSAGES.resetLinkInvalid })
    .min(1, { error: ACCOUNT_MESSAGES.resetLinkInvalid })
    .max(200, { error: ACCOUNT_MESSAGES.resetLinkInvalid }),
  password: signupSchema.shape.password,
});

/** The signed-in customer's id, or 401. */
export async function requireCustomerId(
  request: FastifyRequest,
  message?: string,
): Promise<number> {
  const session = await request.getSession();
  if (session?.customerId == null) throw unauthorized(message);
  return session.customerId;
}

export async function authApi(app: FastifyInstance) {
  const accounts = new Accounts(
    app.services.db,
    createMailer(app.config, ownerReplyTo(app.services.shop)),
    app.config.rateLimits,
  );
  const { customers } = accounts;
  const tags = ['accounts'];

  // Account answers hold personal data: no browser or proxy may keep a copy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const customerOrThrow = async (id: number): Promise<CustomerJson> => {
    const customer = await customers.json(id);
    if (!customer) throw unauthorized();
    return customer;
  };

  /**
   * A new account's email is unproven: a link to verify it goes out at once. A mail that fails is
   * logged, never a failed sign-up: My account offers to send it again.
   */
  async function mailVerification(request: FastifyRequest, customerId: number): Promise<void> {
    try {
      await accounts.sendVerification(customerId, shopOrigin(app.config, request));
    } catch (error) {
      request.log.error({ err: error }, 'email verification mail failed');
    }
  }

  /** A fresh session for the customer; an anonymous basket joins theirs. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: number,
    remember: boolean,
  ): Promise<AuthJson> {
    const { token, previous } = await request.rotateSession(reply, { customerId, remember });
    if (previous && previous.customerId === null) {
      await mergeSessionCartIntoCustomer(app.services.db, previous.tokenHash, customerId);
    }
    return { customer: await customerOrThrow(customerId), token, wpToken: token };
  }

  route(app, {
    method: 'POST',
    url: '/auth/register',
    summary: 'Create an account and sign in: { customer, token, wpToken }',
    tags,
    body: signupSchema,
    response: {
      description: 'The new customer, signed in',
      status: 201,
      schema: authSchema,
      errors: [409, 429],
    },
    handler: async ({ body, request, reply }) => {
      const customer = await accounts.register(body.email, body.password, request.ip);
      await mailVerification(request, customer.id);
      reply.status(201);
      return signIn(request, reply, customer.id, false);
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/login',
    summary: 'Sign in (remember: a long session): { customer, token, wpToken }',
    tags,
    body: loginSchema,
    response: { description: 'The customer, signed in', schema: authSchema, errors: [401, 429] },
    handler: async ({ body, request, reply }) => {
      const customer = await accounts.authenticate(body.email, body.password, request.ip);
      if (!customer) throw unauthorized(ACCOUNT_MESSAGES.loginFailed);
      return signIn(request, reply, customer.id, body.remember ?? false);
    },
  });

  route(app, {
    method: 'GET',
    url: '/verify',
    summary: 'The signed-in customer: { user }, or 401',
    tags,
    response: {
      description: 'The signed-in customer',
      schema: z.object({ user: customerSchema }),
      errors: [401],
    },
    handler: async ({ request }) => {
      const id = await requireCustomerId(request, 'Token verification failed');
      return { user: await customerOrThrow(id) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/auth/update-profile',
    summary: 'Change names, email, password (with the current one) or addresses: { customer }',
    tags,
    body: updateProfileSchema,
    response: {
      description: 'The customer as changed; with a new token after a password change',
      schema: profileAnswerSchema,
      errors: [401, 409],
    },
    handler: async ({ body, request, reply }) => {
      const id = await requireCustomerId(request);
      const { current_password, password, ...fields } = body;
      const changes: ProfileChanges = { ...fields };
      if (password !== undefined) {
        changes.passwordHash = await accounts.newPasswordHash(id, current_password!, password);
      }
      if (!(await customers.update(id, changes))) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      if (password === undefined) return { customer: await customerOrThrow(id) };
      // A new password ends every other session; this one continues under a new token.
      const remember = (await request.getSession())?.remember ?? false;
      await app.sessions.destroyAllFor(id);
      const { token } = await request.rotateSession(reply, { customerId: id, remember });
      return { customer: await customerOrThrow(id), token, wpToken: token };
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/logout',
    summary: 'End the session server-side and clear the cookie',
    tags,
    response: { description: 'Signed out', schema: z.object({ success: z.literal(true) }) },
    handler: async ({ request, reply }) => {
      await request.endSession(reply);
      return { success: true };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/auth/account',
    summary:
      'Delete the account with its sessions, addresses and basket (its orders stay, as a guest’s); 409 accounting_records while its trade account has invoices on credit or payments, which are kept',
    tags,
    response: {
      description: 'The account is gone',
      schema: z.object({ deleted: z.literal(true) }),
      errors: [401, 409],
    },
    handler: async ({ request, reply }) => {
      const id = await requireCustomerId(request);
      await customers.delete(id);
      await request.endSession(reply);
      return { deleted: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/lost-password',
    summary: 'Mail a single-use reset link; the same answer whether or not the account exists',
    tags,
    body: lostPasswordSchema,
    response: { description: 'The same message either way', schema: messageSchema, errors: [429] },
    handler: async ({ body, request }) => {
      const origin = shopOrigin(app.config, request);
      await accounts.requestReset(body.email, request.ip, origin);
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/reset-password',
    summary: 'Set a new password from a reset link; ends every session of the account',
    tags,
    body: resetPasswordSchema,
    response: { description: 'The password is changed', schema: messageSchema },
    handler: async ({ body }) => {
      const customerId = await accounts.resetPassword(body.token, body.password);
      await app.sessions.destroyAllFor(customerId);
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/account',
    summary:
      "A guest creates an account after ordering, with the order's email and its secret link: the order joins it. 409 when the email has an account",
    tags,
    params: orderParams,
    body: orderAccountSchema,
    response: {
      description: 'The new customer, signed in, owning the order',
      status: 201,
      schema: authSchema,
      errors: [404, 409, 429],
    },
    handler: async ({ params, body, request, reply }) => {
      const order = await app.services.orders.findForAccess(params.number, {
        customerId: null,
        token: body.token,
      });
      if (!order) throw notFound('Order not found');
      if (order.customerId !== null) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      const customer = await accounts.register(order.email, body.password, request.ip);
      await app.services.orders.joinCustomer(order.id, customer.id);
      await mailVerification(request, customer.id);
      reply.status(201);
      return signIn(request, reply, customer.id, false);
    },
  });
}
