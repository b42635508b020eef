import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The content store's own connections (pages, posts): a hanging content query can use up
   * these, never the ones catalogue, baskets and accounts need. PGlite has one connection.
   */
  contentDb: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `SELECT 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * PostgreSQL only: a dedicated connection that LISTENs on a channel and reconnects after a
   * restart. PGlite is one process, where a local announcement reaches everyone.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  /** PostgreSQL only: `NOTIFY channel, payload` to every instance listening. */
  notify?(channel: string, payload: string): Promise<void>;
  /** PGlite only: the whole database as a tarball that `loadDataDir` starts from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /** The connection is listening (first time, or again after it was lost). */
  onUp?(): void;
  /** The connection was lost; it is retried after `retryMs`. */
  onDown?(error: Error): void;
}

export interface Listener {
  /** Whether the LISTEN connection is up right now. */
  isUp(): boolean;
  close(): Promise<void>;
}

/** How the LISTEN connections show in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'tessera-listen';

/** Delays before reconnecting a lost LISTEN connection: quick at first, then every 5 s. */
const LISTEN_RETRY_MS = [250, 1_000, 2_000, 5_000] as const;
/** A silently dead connection (no FIN from a vanished server) is found by a ping this often. */
const LISTEN_PING_MS = 10_000;

/**
 * A LISTEN connection of its own (a pooled one would be handed to other queries and lose its
 * LISTEN). Any error or end closes it and a new one is made after a short wait; a periodic
 * `SELECT 1` finds a connection that died without a word.
 */
function openListener(url: string, channel: string, handlers: ListenHandlers): Listener {
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const down = (error: Error, which: pg.Client) => {
    if (which !== client) return;
    client = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    which.removeAllListeners('notification');
    which.on('error', () => undefined);
    void which.end().catch(() => undefined);
    up = false;
    handlers.onDown?.(error);
    if (closed) return;
    const wait = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)];
    attempt += 1;
    retryTimer = setTimeout(connect, wait);
    retryTimer.unref();
  };

  function connect() {
    retryTimer = null;
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3_000,
      application_name: LISTEN_APPLICATION_NAME,
    });
    client = next;
    next.on('error', (error) => down(error, next));
    next.on('end', () => down(new Error('LISTEN connection ended'), next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${quoted}`))
      .then(() => {
        if (next !== client || closed) return;
        up = true;
        attempt = 0;
        handlers.onUp?.();
        pingTimer = setInterval(() => {
          next.query('SELECT 1').catch((error: Error) => down(error, next));
        }, LISTEN_PING_MS);
        pingTimer.unref();
      })
      .catch((error: Error) => down(error, next));
  }

  connect();
  return {
    isUp: () => up,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      const last = client;
      client = null;
      up = false;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string;
  /** PGlite only: starts from this `dumpDataDir()` copy (tests clone one seeded database). */
  loadDataDir?: Blob;
  poolSize?: number;
  onPoolError?: (error: Error) => void;
  /** Sees every query drizzle sends (benchmarks EXPLAIN the hot ones). */
  logger?: Logger;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    contentDb: db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    dumpDataDir: async () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // A statement that outlives this is a fault, not a slow answer: fail it so the request ends.
    statement_timeout: 15_000,
  });
  // Content answers give up after 3 s (a 503); their statements are cancelled soon after.
  const contentPool = new pg.Pool({
    connectionString: url,
    max: 3,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 5_000,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it kills the process.
  for (const each of [pool, contentPool]) each.on('error', (error) => options.onPoolError?.(error));
  const db = drizzlePg({ client: pool, schema, logger: options.logger }) as unknown as Database;
  const contentDb = drizzlePg({ client: contentPool, schema }) as unknown as Database;
  return {
    db,
    contentDb,
    kind: 'postgres',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    listen: (channel, handlers) => openListener(url, channel, handlers),
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await Promise.all([pool.end(), contentPool.end()]);
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for hot statements of a few fixed shapes: PostgreSQL plans each shape once per
 * connection (a named prepared statement, named after its text) instead of on every call.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
  const result = (await db._.session.prepareQuery(compiled, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/** What the database said when a statement failed: its SQLSTATE, constraint and detail. */
export interface DatabaseFailure {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The database's error inside `error` (drivers and drizzle wrap it as a `cause`), or null. */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const failure = e as Partial<DatabaseFailure>;
    if (typeof failure.code === 'string' && /^[0-9A-Z]{5}$/.test(failure.code)) {
      return failure as DatabaseFailure;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique violation (SQLSTATE 23505) on the named constraint (or on one the driver left unnamed). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = databaseFailure(error);
  return (
    failure?.code === '23505' &&
    (failure.constraint === undefined || failure.constraint === constraint)
  );
}
