import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A server-rendered page as it was sent once, kept so the next anonymous visitor gets it without
 * a render. Its CSP nonce is swapped for a fresh one on every reuse: a nonce is only worth
 * anything while nobody else has seen it.
 */
export interface CachedPage {
  /**
   * The body in UTF-8, cut where its nonce stood: a fresh nonce goes between the parts. Kept as
   * bytes, not text: one character beyond Latin-1 (a '▾') makes V8 hold a page as UTF-16, and a
   * 68 KB page then takes 137 KB of heap per answer, past the size V8 allocates young, and is
   * encoded again for every answer; sending such pages as text was four times slower.
   */
  parts: Buffer[];
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

/** Hash of a body cut at its nonce: the same for every nonce the page is sent with. */
function hashOf(parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 27);
}

export const pageHash = (body: string, nonce: string): string => hashOf(body.split(nonce));

/** A rendered page, as the cache keeps it. */
export function cachedPage(
  body: string,
  nonce: string,
  headers: [string, string][],
  storedAt = Date.now(),
): CachedPage {
  const pieces = body.split(nonce);
  return {
    parts: pieces.map((piece) => Buffer.from(piece, 'utf8')),
    hash: hashOf(pieces),
    headers,
    storedAt,
  };
}

/** Bytes of the page's HTML once a nonce is put back in. */
const pageBytes = (page: CachedPage, nonceLength: number) =>
  page.parts.reduce((sum, part) => sum + part.length, 0) + (page.parts.length - 1) * nonceLength;

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

/** The page's bytes with `nonce` where its nonce stood. */
export function renonced(page: CachedPage, nonce: string): Buffer {
  const mark = Buffer.from(nonce, 'utf8');
  const chunks = page.parts.flatMap((part, index) => (index === 0 ? [part] : [mark, part]));
  return Buffer.concat(chunks, pageBytes(page, mark.length));
}

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
      sizeCalculation: (page) => pageBytes(page, 0) + 1024,
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
