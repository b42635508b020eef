/**
 * FAKE STRIPE API, FOR TESTS ONLY: the one fake this project allows.
 *
 * Stripe cannot be reached from the test machines, so the shop's Stripe client (the official
 * `stripe` package, pointed here through STRIPE_API_URL) talks to this small local HTTP server
 * instead. It answers the few calls the shop makes with the shapes of Stripe's documented API
 * (https://docs.stripe.com/api/payment_intents), nothing more:
 *
 * - `POST /v1/payment_intents`: a form-encoded body as stripe-node sends it
 *   (`metadata[order_number]=…`, `automatic_payment_methods[enabled]=true`). The
 *   `Idempotency-Key` header is honoured as Stripe documents it: the same key with the same
 *   parameters answers the first intent again (with `Idempotent-Replayed: true`); the same key
 *   with other parameters answers 400 `idempotency_error`.
 * - `GET /v1/payment_intents/:id`
 * - `POST /v1/payment_intents/:id/cancel`
 * - `POST /v1/refunds` (https://docs.stripe.com/api/refunds/create): `payment_intent` and an
 *   optional `amount` (the rest of the intent by default); refused with `charge_already_refunded`
 *   or `amount_too_large` when more than the intent received less earlier refunds is asked, and
 *   with `payment_intent_unexpected_state` for an intent that has not succeeded.
 * - 404 with Stripe's error shape (`resource_missing`) for an unknown id, 401 for a wrong key.
 *
 * Test hooks: `setStatus` plays the part of the shopper's browser confirming the payment with
 * Stripe.js, `intents()` and `requests()` show what the shop asked for.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export type FakeIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A PaymentIntent as Stripe documents it (the fields the shop may read, and their neighbours). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: unknown;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: unknown;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: FakeIntentStatus;
}

/** A Refund as Stripe documents it (the fields the shop reads and their neighbours). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form-encoded body, decoded into nested objects as Stripe reads it. */
  params: Record<string, unknown>;
}

export interface FakeStripeApi {
  /** Origin for STRIPE_API_URL, e.g. http://127.0.0.1:54321 */
  url: string;
  /** Every intent created so far, in order. */
  intents(): FakePaymentIntent[];
  /** Every refund made so far, in order. */
  refunds(): FakeRefund[];
  /** Every request received so far (a 401 included), in order. */
  requests(): FakeRequest[];
  /** What confirming on the browser side does at Stripe: moves the intent to another status. */
  setStatus(id: string, status: FakeIntentStatus): FakePaymentIntent;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][c]=1` → { a: { b: { c: '1' } } }, as Stripe decodes its form bodies. */
function decodeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

function stripeError(
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) {
  return {
    status,
    body: {
      error: {
        ...error,
        doc_url: error.code ? `https://stripe.com/docs/error-codes/${error.code}` : undefined,
        request_log_url: undefined,
      },
    },
  };
}

const missing = (intentId: string) =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'intent',
    message: `No such payment_intent: '${intentId}'`,
  });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the fake on a free loopback port. `secretKey` is the only key it accepts (any other
 * answers 401, as Stripe does for an invalid key).
 */
export async function startFakeStripeApi(
  options: { secretKey: string } = { secretKey: 'sk_test_fake' },
): Promise<FakeStripeApi> {
  const intents = new Map<string, FakePaymentIntent>();
  const requests: FakeRequest[] = [];
  /** Idempotency key → the body it was first sent with and the answer it got. */
  const replays = new Map<string, { body: string; status: number; answer: unknown }>();

  function create(params: Record<string, unknown>) {
    const amount = Number(params.amount);
    const currency = typeof params.currency === 'string' ? params.currency.toLowerCase() : '';
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid integer: ' + String(params.amount),
      });
    }
    if (!/^[a-z]{3}$/.test(currency)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    }
    const automatic = params.automatic_payment_methods as { enabled?: string } | undefined;
    const intentId = id('pi');
    const intent: FakePaymentIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: null,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      status: 'requires_payment_method',
    };
    intents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  function cancel(intentId: string) {
    const intent = intents.get(intentId);
    if (!intent) return missing(intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: now(),
      cancellation_reason: 'requested_by_customer',
    });
    return { status: 200, body: intent };
  }

  const refunds: FakeRefund[] = [];

  function refund(params: Record<string, unknown>) {
    const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    const intent = intents.get(intentId);
    if (!intent) return missing(intentId);
    if (intent.status !== 'succeeded') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    }
    const before = refunds
      .filter((r) => r.payment_intent === intentId && r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - before;
    if (left <= 0) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
      });
    }
    const made: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: intentId,
      reason: typeof params.reason === 'string' ? params.reason : null,
      status: 'succeeded',
    };
    refunds.push(made);
    return { status: 200, body: made };
  }

  async function answer(request: IncomingMessage) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      idempotencyKey,
      params: decodeForm(raw),
    });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: ' + (request.headers.authorization ?? '(none)'),
      });
    }
    if (request.method === 'POST' && idempotencyKey) {
      const earlier = replays.get(idempotencyKey);
      if (earlier) {
        if (earlier.body !== raw) {
          return stripeError(400, {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          });
        }
        return { status: earlier.status, body: earlier.answer, replayed: true };
      }
    }
    let result: { status: number; body: unknown };
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      result = refund(decodeForm(raw));
    } else if (!match) {
      result = stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
      });
    } else if (request.method === 'POST' && !match[1]) {
      result = create(decodeForm(raw));
    } else if (request.method === 'GET' && match[1] && !match[2]) {
      const intent = intents.get(match[1]);
      result = intent ? { status: 200, body: intent } : missing(match[1]);
    } else if (request.method === 'POST' && match[1] && match[2]) {
      result = cancel(match[1]);
    } else {
      result = stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
      });
    }
    // Stripe keeps the answer of a keyed request (a 5xx excepted) and replays it.
    if (request.method === 'POST' && idempotencyKey && result.status < 500) {
      replays.set(idempotencyKey, {
        body: raw,
        status: result.status,
        answer: structuredClone(result.body),
      });
    }
    return result;
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    answer(request).then(
      (result) => {
        response.writeHead(result.status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...('replayed' in result ? { 'idempotent-replayed': 'true' } : {}),
        });
        response.end(JSON.stringify(result.body));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents: () => [...intents.values()],
    refunds: () => refunds.map((r) => structuredClone(r)),
    requests: () => [...requests],
    setStatus(intentId, status) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`the fake Stripe API has no intent ${intentId}`);
      intent.status = status;
      if (status === 'succeeded') {
        intent.amount_received = intent.amount;
        intent.payment_method = id('pm');
        intent.latest_charge = id('ch');
      }
      return structuredClone(intent);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
