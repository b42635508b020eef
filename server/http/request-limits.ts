import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMIT_MESSAGES } from '#domain/rate-limits.ts';
import type { ThrottleCheck } from '../services/throttle.ts';

/** The public writes that mail someone or hold stock, each limited per address and session. */
export type LimitedAction = 'orders' | 'enquiries' | 'newsletter';

/**
 * Charges one request of `action` to the caller's address (IP) and, when it has one, its session,
 * plus any `more` keys (a recipient's address), in the database counters every instance shares;
 * throws 429 with Retry-After when any is used up. Charged before the work, so a burst cannot
 * race past the limit.
 */
export async function chargeRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  action: LimitedAction,
  more: ThrottleCheck[] = [],
): Promise<void> {
  const limits = app.config.rateLimits;
  const session = await request.getSession();
  const checks: ThrottleCheck[] = [[`${action}:ip:${request.ip}`, limits[`${action}PerIp`]]];
  if (session)
    checks.push([`${action}:session:${session.tokenHash}`, limits[`${action}PerSession`]]);
  await app.services.throttle.reserve([...checks, ...more], LIMIT_MESSAGES.tooManyRequests);
}
