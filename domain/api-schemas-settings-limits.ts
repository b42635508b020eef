// The owner's abuse limits (issue 28): the holding caps of unpaid orders and the shopper rate
// limits, as one section of the settings. The environment's HOLD_LIMIT_* and RATE_LIMIT_* values
// are ceilings: the owner may lower a limit, never raise it above what the operator allows.
import { z } from '#domain/zod.ts';
import { formatGBP, formatPoundsPlain, tryToPence } from './money.ts';
import {
  holdingLimitVariable,
  rateLimitVariable,
  type HoldingLimits,
  type RateLimitName,
  type RateLimits,
} from './rate-limits.ts';

/** The rate limits a shopper meets (orders, enquiries, newsletter); staff and login ones stay. */
export const SHOPPER_RATE_LIMITS = [
  'ordersPerIp',
  'ordersPerSession',
  'ordersPerEmail',
  'enquiriesPerIp',
  'enquiriesPerSession',
  'newsletterPerIp',
  'newsletterPerSession',
  'newsletterPerEmail',
] as const satisfies readonly RateLimitName[];
export type ShopperRateLimit = (typeof SHOPPER_RATE_LIMITS)[number];

const HOLDING = [
  'orderMaxPiecesPerSize',
  'orderMaxPence',
  'unpaidOrdersPerBuyer',
  'unpaidPencePerBuyer',
] as const satisfies readonly (keyof HoldingLimits)[];

/** ordersPerIp → orders_per_ip, the key a field has in the section. */
export const snakeOf = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const MONEY_MAX_PENCE = 1_000_000_000_000;
const COUNT_MAX = 1_000_000_000;

export const LIMITS_MESSAGES = {
  count: 'Enter a whole number from 1 upwards',
  money: 'Enter an amount in pounds from 0.01 upwards, e.g. 25000.00',
  aboveCeiling: (max: string, variable: string) =>
    `At most ${max}: the ceiling ${variable} sets for this shop`,
} as const;

const M = LIMITS_MESSAGES;

const count = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.count })
    .int({ error: M.count })
    .min(1, { error: M.count })
    .max(COUNT_MAX, { error: M.count }),
);

const money = z
  .union([z.string(), z.number()], { error: M.money })
  .refine(
    (v) => {
      const pence = tryToPence(v);
      return pence !== null && pence >= 1 && pence <= MONEY_MAX_PENCE;
    },
    { error: M.money },
  )
  .transform((v) => formatPoundsPlain(tryToPence(v)!));

/** The `limits` section. Rate limits count requests in the window the environment sets. */
export const limitsSettingsSchema = z
  .object({
    holding: z.object({
      /** Pieces of one size in one unpaid order. */
      order_max_pieces_per_size: count,
      /** Pounds, VAT included: one unpaid order. */
      order_max: money,
      /** Unpaid orders one buyer (email or IP address) may have open. */
      unpaid_orders_per_buyer: count,
      /** Pounds, VAT included: the unpaid orders of one buyer together. */
      unpaid_per_buyer: money,
    }),
    rates: z.object(
      Object.fromEntries(SHOPPER_RATE_LIMITS.map((name) => [snakeOf(name), count])) as Record<
        string,
        typeof count
      >,
    ),
  })
  .meta({
    id: 'LimitsSettings',
    description:
      'Holding caps of unpaid orders (pieces, pounds VAT included, orders) and the shopper rate limits (requests per window); none above the environment ceilings HOLD_LIMIT_* and RATE_LIMIT_*',
  });
export type LimitsSettingsValue = z.output<typeof limitsSettingsSchema>;
export type LimitsSettingsForm = z.input<typeof limitsSettingsSchema>;

/** The limits in force: the owner's, each no higher than the environment's ceiling. */
export interface ShopLimits {
  holding: HoldingLimits;
  rates: RateLimits;
}

const holdingKey: Record<(typeof HOLDING)[number], keyof LimitsSettingsValue['holding']> = {
  orderMaxPiecesPerSize: 'order_max_pieces_per_size',
  orderMaxPence: 'order_max',
  unpaidOrdersPerBuyer: 'unpaid_orders_per_buyer',
  unpaidPencePerBuyer: 'unpaid_per_buyer',
};
const isPence = (name: (typeof HOLDING)[number]) => name.includes('Pence');

/** The section's value of limits in force. */
export function limitsSettingsOf(limits: ShopLimits): LimitsSettingsValue {
  const holding = Object.fromEntries(
    HOLDING.map((name) => [
      holdingKey[name],
      isPence(name) ? formatPoundsPlain(limits.holding[name]) : limits.holding[name],
    ]),
  ) as LimitsSettingsValue['holding'];
  const rates = Object.fromEntries(
    SHOPPER_RATE_LIMITS.map((name) => [snakeOf(name), limits.rates[name].limit]),
  );
  return { holding, rates };
}

/**
 * The owner's saved values (`stored`: what the shop_limits row keeps, by camelCase name, pence
 * for money) applied under the ceilings: a value not saved, or above its ceiling, is the ceiling.
 */
export function limitsInForce(ceilings: ShopLimits, stored: Record<string, number>): ShopLimits {
  const holding = { ...ceilings.holding };
  for (const name of HOLDING) {
    const own = stored[name];
    if (own !== undefined) holding[name] = Math.min(own, ceilings.holding[name]);
  }
  const rates = { ...ceilings.rates };
  for (const name of SHOPPER_RATE_LIMITS) {
    const own = stored[name];
    const ceiling = ceilings.rates[name];
    if (own !== undefined) rates[name] = { ...ceiling, limit: Math.min(own, ceiling.limit) };
  }
  return { holding, rates };
}

/**
 * A save of the section as the row stores it (camelCase names, pence), and the fields above
 * their ceilings with the message naming the ceiling.
 */
export function limitsToStore(
  value: LimitsSettingsValue,
  ceilings: ShopLimits,
): { stored: Record<string, number>; issues: Record<string, string> } {
  const stored: Record<string, number> = {};
  const issues: Record<string, string> = {};
  for (const name of HOLDING) {
    const key = holdingKey[name];
    const raw = value.holding[key];
    const own = typeof raw === 'string' ? tryToPence(raw)! : raw;
    const ceiling = ceilings.holding[name];
    stored[name] = own;
    if (own > ceiling) {
      const max = isPence(name) ? formatGBP(ceiling) : String(ceiling);
      issues[`holding.${key}`] = M.aboveCeiling(max, holdingLimitVariable(name));
    }
  }
  for (const name of SHOPPER_RATE_LIMITS) {
    const own = value.rates[snakeOf(name)]!;
    const ceiling = ceilings.rates[name].limit;
    stored[name] = own;
    if (own > ceiling) {
      issues[`rates.${snakeOf(name)}`] = M.aboveCeiling(String(ceiling), rateLimitVariable(name));
    }
  }
  return { stored, issues };
}

/** The limits as the settings form holds them: numbers as typed. */
export const limitsFormValues = (value: LimitsSettingsValue): LimitsSettingsForm => ({
  holding: {
    ...value.holding,
    order_max_pieces_per_size: String(value.holding.order_max_pieces_per_size),
    unpaid_orders_per_buyer: String(value.holding.unpaid_orders_per_buyer),
  },
  rates: Object.fromEntries(Object.entries(value.rates).map(([k, v]) => [k, String(v)])),
});

/** Labels of the shopper rate limits, as the settings form shows them. */
export const RATE_LIMIT_LABELS: Record<ShopperRateLimit, string> = {
  ordersPerIp: 'Orders per internet address',
  ordersPerSession: 'Orders per browser session',
  ordersPerEmail: 'Orders per email address',
  enquiriesPerIp: 'Enquiries per internet address',
  enquiriesPerSession: 'Enquiries per browser session',
  newsletterPerIp: 'Newsletter sign-ups per internet address',
  newsletterPerSession: 'Newsletter sign-ups per browser session',
  newsletterPerEmail: 'Newsletter sign-ups per email address',
};
