import { holdingLimitVariable, rateLimitVariable } from '#domain/rate-limits.ts';

/**
 * Room for suites that sign in, sign up, place orders and send enquiries many times from one
 * address (127.0.0.1) and one buyer's email: set explicitly here, so the shop's own defaults
 * stay as strict as they are. Per-account sign-in and reset throttles keep their defaults
 * everywhere; tests of the limits themselves ask for the defaults (`limits: 'defaults'`).
 */
export const ROOMY_LIMITS: Record<string, string> = {
  [rateLimitVariable('loginPerIp')]: '100000/15m',
  [rateLimitVariable('staffLoginPerIp')]: '100000/15m',
  [rateLimitVariable('registerPerIp')]: '100000/1h',
  [rateLimitVariable('ordersPerIp')]: '100000/1h',
  [rateLimitVariable('ordersPerSession')]: '100000/1h',
  [rateLimitVariable('ordersPerEmail')]: '100000/1d',
  [rateLimitVariable('enquiriesPerIp')]: '100000/1h',
  [rateLimitVariable('enquiriesPerSession')]: '100000/1h',
  [rateLimitVariable('newsletterPerIp')]: '100000/1h',
  [rateLimitVariable('newsletterPerSession')]: '100000/1h',
  [rateLimitVariable('newsletterPerEmail')]: '100000/1d',
  [holdingLimitVariable('orderMaxPiecesPerSize')]: '100000',
  [holdingLimitVariable('orderMaxPence')]: '1000000000',
  [holdingLimitVariable('unpaidOrdersPerBuyer')]: '100000',
  [holdingLimitVariable('unpaidPencePerBuyer')]: '100000000000',
};
