import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { throttleCounters } from '#db/schema/index.ts';
import { LIMIT_MESSAGES, type RateRule } from '#domain/rate-limits.ts';
import { tooManyRequests } from '../http/errors.ts';

/** One counter to charge: its key (purpose, kind and value, e.g. `login:ip:203.0.113.9`) and rule. */
export type ThrottleCheck = [key: string, rule: RateRule];

/** Counts stay well inside PostgreSQL's integer however long a flood goes on. */
const COUNT_CEILING = 1_000_000_000;

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer counts
 * the same attempts. An attempt is reserved before the work it guards (a password hash, a mail,
 * an order) in one atomic statement per key: a burst of parallel requests gets exactly `limit`
 * reservations per window, however it interleaves, and the rest are refused unchecked.
 */
export class Throttle {
  constructor(private readonly db: Database) {}

  /**
   * Charges one attempt to every key, then throws 429 with Retry-After (the longest wait of the
   * keys over their limit) when any of them went over. Refused attempts still count: a flood
   * keeps its address locked out for the whole window.
   */
  async reserve(checks: ThrottleCheck[], message: string = LIMIT_MESSAGES.tooManyAttempts) {
    let retryAfterSeconds = 0;
    for (const [key, rule] of checks) {
      const windowSeconds = rule.windowMs / 1000;
      const [row] = await queryRows<{ count: number; retry_after: number }>(
        this.db,
        sql`INSERT INTO throttle_counters AS t (key, count, window_started_at)
          VALUES (${key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${windowSeconds})
              THEN 1 ELSE least(t.count + 1, ${COUNT_CEILING}) END,
            window_started_at = CASE
              WHEN t.window_started_at <= now() - make_interval(secs => ${windowSeconds})
              THEN now() ELSE t.window_started_at END
          RETURNING count, extract(epoch FROM t.window_started_at
            + make_interval(secs => ${windowSeconds}) - now())::float8 AS retry_after`,
      );
      if (row && row.count > rule.limit)
        retryAfterSeconds = Math.max(retryAfterSeconds, row.retry_after);
    }
    if (retryAfterSeconds > 0) throw tooManyRequests(retryAfterSeconds, message);
  }

  /** Gives back one reserved attempt (one that turned out to be a success, not a guess). */
  async release(key: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE throttle_counters SET count = greatest(count - 1, 0) WHERE key = ${key}`,
    );
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
  }
}
