import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '#db/client.ts';
import { sessions } from '#db/schema/index.ts';

/** How long a session lives: idle limit since last use, absolute limit since creation. */
export const SESSION_LIMITS = {
  idleMs: 7 * 24 * 3600_000,
  absoluteMs: 30 * 24 * 3600_000,
  rememberIdleMs: 30 * 24 * 3600_000,
  rememberAbsoluteMs: 90 * 24 * 3600_000,
  /** last_seen_at is written at most this often, so reads stay reads. */
  touchEveryMs: 5 * 60_000,
  /**
   * How long an instance answers a token from memory. Revocations clear every instance at once
   * ('sessions' change); this only bounds a lost notification, like the fallback timer.
   */
  keptMs: 30_000,
} as const;

export interface SessionRecord {
  tokenHash: string;
  customerId: number | null;
  remember: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

function expiry(createdAt: Date, lastSeenAt: Date, remember: boolean): Date {
  const idle = remember ? SESSION_LIMITS.rememberIdleMs : SESSION_LIMITS.idleMs;
  const absolute = remember ? SESSION_LIMITS.rememberAbsoluteMs : SESSION_LIMITS.absoluteMs;
  return new Date(Math.min(lastSeenAt.getTime() + idle, createdAt.getTime() + absolute));
}

/** A session a write will use: a new one is stored by that write, then `saved()`. */
export interface SessionForWrite {
  record: SessionRecord;
  isNew: boolean;
  saved(): void;
}

/** Stores a session, unless `onlyIf` is false: a statement to run alone or inside another. */
export function sessionInsert(record: SessionRecord, onlyIf: SQL = sql`true`): SQL {
  return sql`INSERT INTO ${sessions}
      (token_hash, customer_id, remember, created_at, last_seen_at, expires_at)
    SELECT ${record.tokenHash}::text, ${record.customerId}::int, ${record.remember}::boolean,
      ${record.createdAt.toISOString()}::timestamptz, ${record.lastSeenAt.toISOString()}::timestamptz,
      ${record.expiresAt.toISOString()}::timestamptz
    WHERE ${onlyIf}`;
}

/** Sessions are random tokens; the database holds only their SHA-256, never the token. */
export class SessionStore {
  /** Every request with a cookie runs it: built once, and planned once per connection. */
  private readonly live;
  /**
   * token hash → live session: a signed-in shopper's catalogue reads are answered from the
   * response cache without a database round trip for who they are.
   */
  private readonly kept = new LRUCache<string, SessionRecord>({
    max: 50_000,
    ttl: SESSION_LIMITS.keptMs,
  });
  /** Bumped on every forget, so a read that began before a revocation is not kept after it. */
  private generation = 0;
  /** Tells every instance that sessions ended (set by the session plugin). */
  announceRevoked: () => Promise<void> = async () => undefined;

  constructor(private readonly db: Database) {
    this.live = db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('session_live');
  }

  async create(options: { customerId?: number | null; remember?: boolean } = {}) {
    const draft = this.draft(options);
    await this.db.execute(sessionInsert(draft.record));
    return draft;
  }

  /**
   * A new session not stored yet: `sessionInsert` stores it, on its own or inside the statement
   * of the first write that needs it (one round trip and one commit for a first add).
   */
  draft(options: { customerId?: number | null; remember?: boolean } = {}) {
    const token = newToken();
    const now = new Date();
    const remember = options.remember ?? false;
    const record: SessionRecord = {
      tokenHash: hashToken(token),
      customerId: options.customerId ?? null,
      remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiry(now, now, remember),
    };
    return { token, record };
  }

  /** The live session for a token, or null; touches it now and then to extend the idle limit. */
  async find(token: string): Promise<SessionRecord | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = new Date();
    const kept = this.kept.get(tokenHash);
    if (kept && kept.expiresAt > now && !this.dueForTouch(kept, now)) return kept;
    const generation = this.generation;
    const record = await this.read(tokenHash, now);
    if (record && generation === this.generation) this.kept.set(tokenHash, record);
    return record;
  }

  private dueForTouch(record: SessionRecord, now: Date): boolean {
    return now.getTime() - record.lastSeenAt.getTime() > SESSION_LIMITS.touchEveryMs;
  }

  private async read(tokenHash: string, now: Date): Promise<SessionRecord | null> {
    const [record] = await this.live.execute({ tokenHash, now });
    if (!record) return null;
    if (this.dueForTouch(record, now)) {
      const expiresAt = expiry(record.createdAt, now, record.remember);
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.tokenHash, tokenHash));
      return { ...record, lastSeenAt: now, expiresAt };
    }
    return record;
  }

  /** Drops every kept session: some ended here or on another instance. */
  forget(): void {
    this.generation += 1;
    this.kept.clear();
  }

  async destroy(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    await this.revoked();
  }

  async destroyAllFor(customerId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.customerId, customerId));
    await this.revoked();
  }

  private async revoked(): Promise<void> {
    this.forget();
    await this.announceRevoked();
  }

  async purgeExpired(): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, sql`now()`))
      .returning({ tokenHash: sessions.tokenHash });
    return removed.length;
  }
}
