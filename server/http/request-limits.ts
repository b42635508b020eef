import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMIT_MESSAGES, type RateLimits } from '#domain/rate-limits.ts';
import { readShopLimits } from '../services/settings/limits-section.ts';
import { settingsContext } from '../services/settings/settings.ts';
import type { ThrottleCheck } from '../services/throttle.ts';

/**
 * The public writes that mail someone or hold stock, and the discount codes a basket tries (so
 * codes cannot be guessed), each limited per address and session.
 */
export type LimitedAction = 'orders' | 'enquiries' | 'newsletter' | 'discountCodes';

const MESSAGES: Record<LimitedAction, string> = {
  orders: LIMIT_MESSAGES.tooManyRequests,
  enquiries: LIMIT_MESSAGES.tooManyRequests,
  newsletter: LIMIT_MESSAGES.tooManyRequests,
  discountCodes: LIMIT_MESSAGES.tooManyCodes,
};

/**
 * Charges one request of `action` to the caller's address (IP) and, when it has one, its session,
 * plus any `more` keys (a recipient's address), in the database counters every instance shares;
 * throws 429 with Retry-After when any is used up. Charged before the work, so a burst cannot
 * race past the limit. The limits are the owner's (the settings' `limits`), read per request so
 * a save reaches every instance at once, never above the environment's RATE_LIMIT_* ceilings.
 * Answers the keys charged, for an attempt that should not count to give its charge back
 * (Throttle.release).
 */
export async function chargeRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  action: LimitedAction,
  more: (limits: RateLimits) => ThrottleCheck[] = () => [],
): Promise<string[]> {
  const { ceilings } = settingsContext(app.config);
  const { rates: limits } = await readShopLimits(app.services.db, ceilings);
  const session = await request.getSession();
  const checks: ThrottleCheck[] = [[`${action}:ip:${request.ip}`, limits[`${action}PerIp`]]];
  if (session)
    checks.push([`${action}:session:${session.tokenHash}`, limits[`${action}PerSession`]]);
  const all = [...checks, ...more(limits)];
  await app.services.throttle.reserve(all, MESSAGES[action]);
  return all.map(([key]) => key);
}
