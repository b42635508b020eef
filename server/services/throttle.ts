import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { throttleCounters } from '#db/schema/index.ts';
import { tooManyRequests } from '../http/errors.ts';

export interface ThrottleRule {
  /** Attempts allowed within one window. */
  limit: number;
  windowMs: number;
}

/** Brute force on one account is slowed hard; one address (an office, a NAT) gets more room. */
export const THROTTLE_RULES = {
  loginPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginPerIp: { limit: 30, windowMs: 15 * 60_000 },
  registerPerIp: { limit: 30, windowMs: 60 * 60_000 },
  resetPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer counts
 * the same attempts.
 */
export class Throttle {
  constructor(private readonly db: Database) {}

  /** Throws 429 with Retry-After when any key has used up its window. */
  async assertAllowed(checks: [key: string, rule: ThrottleRule][]): Promise<void> {
    for (const [key, rule] of checks) {
      const [row] = await this.db
        .select()
        .from(throttleCounters)
        .where(eq(throttleCounters.key, key));
      if (!row || row.count < rule.limit) continue;
      const retryAfterMs = row.windowStartedAt.getTime() + rule.windowMs - Date.now();
      if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000);
    }
  }

  /** Counts one attempt; a window that has run out starts again from this attempt. */
  async record(key: string, rule: ThrottleRule): Promise<void> {
    const windowSeconds = rule.windowMs / 1000;
    await this.db.execute(
      sql`INSERT INTO throttle_counters (key, count, window_started_at) VALUES (${key}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN throttle_counters.window_started_at
              < now() - make_interval(secs => ${windowSeconds}) THEN 1
            ELSE throttle_counters.count + 1 END,
          window_started_at = CASE WHEN throttle_counters.window_started_at
              < now() - make_interval(secs => ${windowSeconds}) THEN now()
            ELSE throttle_counters.window_started_at END`,
    );
  }

  /** Counts the attempt, then refuses it when it went over the limit (for every attempt rules). */
  async consume(checks: [key: string, rule: ThrottleRule][]): Promise<void> {
    await this.assertAllowed(checks);
    for (const [key, rule] of checks) await this.record(key, rule);
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
  }
}
