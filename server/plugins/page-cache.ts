import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A server-rendered page as it was sent once, kept so the next anonymous visitor gets it without
 * a render. Its CSP nonce is swapped for a fresh one on every reuse: a nonce is only worth
 * anything while nobody else has seen it.
 */
export interface CachedPage {
  body: string;
  /** The nonce `body` was rendered with. */
  nonce: string;
  /** Hash of the body with its nonce taken out: the same page re-nonced keeps its ETag. */
  hash: string;
  headers: [string, string][];
  storedAt: number;
}

export interface PageCacheOptions {
  /** How long a page is served as it is. */
  ttlMs: number;
  /** How long past that it is still served while one background render refreshes it. */
  staleMs: number;
  /** The most the kept pages may weigh, in bytes of HTML. */
  maxBytes?: number;
}

export type PageLookup = { page: CachedPage; stale: boolean } | undefined;

/** Nonces are 16 random bytes in base64; anything else in an ETag is not one of ours. */
const NONCE = /^[A-Za-z0-9+/]{22}==$/;

export function pageHash(body: string, nonce: string): string {
  return createHash('sha1').update(body.replaceAll(nonce, '')).digest('base64url').slice(0, 27);
}

/**
 * The ETag carries the nonce its body was sent with, so a 304 can repeat that nonce in its CSP:
 * browsers merge a 304's headers into the copy they kept, whose scripts bear the old nonce.
 */
export const pageEtag = (hash: string, nonce: string) => `W/"${hash}.${nonce}"`;

/** The nonce of an If-None-Match that names this page's current content, if it does. */
export function revalidatedNonce(ifNoneMatch: string | undefined, hash: string): string | null {
  if (!ifNoneMatch) return null;
  for (const tag of ifNoneMatch.split(',')) {
    const match = /^\s*W\/"([\w-]+)\.([^"]+)"\s*$/.exec(tag);
    if (match?.[1] === hash && NONCE.test(match[2]!)) return match[2]!;
  }
  return null;
}

/** The page with its nonce replaced by `nonce`. */
export const renonced = (page: CachedPage, nonce: string) =>
  page.body.replaceAll(page.nonce, nonce);

/**
 * Least-recently-used pages by URL, fresh for `ttlMs`, then stale for `staleMs`, bounded by
 * their weight (24 MB by default: some 300 product pages) so memory stays predictable.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly refreshing = new Set<string>();

  constructor(private readonly options: PageCacheOptions) {
    this.entries = new LRUCache({
      maxSize: options.maxBytes ?? 24 * 1024 * 1024,
      sizeCalculation: (page) => page.body.length + 1024,
    });
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  lookup(key: string, now = Date.now()): PageLookup {
    const page = this.entries.get(key);
    if (!page) return undefined;
    const age = now - page.storedAt;
    if (age >= this.options.ttlMs + this.options.staleMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { page, stale: age >= this.options.ttlMs };
  }

  store(key: string, page: CachedPage): void {
    this.entries.set(key, page);
  }

  /** Claims the one background refresh of `key`; false when one is already running. */
  claimRefresh(key: string): boolean {
    if (this.refreshing.has(key)) return false;
    this.refreshing.add(key);
    return true;
  }

  releaseRefresh(key: string): void {
    this.refreshing.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
