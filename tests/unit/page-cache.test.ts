import { describe, expect, it } from 'vitest';
import {
  PageCache,
  cachedPage,
  pageEtag,
  pageHash,
  renonced,
  revalidatedNonce,
} from '#server/plugins/page-cache.ts';

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';
const page = (body: string, storedAt = 0) => cachedPage(body, NONCE, [], storedAt);
const text = (kept: ReturnType<typeof page> | undefined) =>
  kept && renonced(kept, NONCE).toString('utf8');

describe('PageCache', () => {
  it('serves a page fresh for the TTL, stale for the window after, then forgets it', () => {
    const cache = new PageCache({ ttlMs: 100, staleMs: 1000 });
    cache.store('/a', page('<p>a</p>'));
    expect(cache.lookup('/a', 99)?.stale).toBe(false);
    expect(cache.lookup('/a', 100)?.stale).toBe(true);
    expect(cache.lookup('/a', 1099)?.stale).toBe(true);
    expect(cache.lookup('/a', 1100)).toBeUndefined();
    expect(cache.lookup('/a', 0)).toBeUndefined();
  });

  it('evicts the least recently used pages once they weigh more than allowed', () => {
    // Each page weighs its HTML plus 1 KB of bookkeeping: room for two of these.
    const cache = new PageCache({ ttlMs: 100, staleMs: 0, maxBytes: 2 * 1024 + 10 });
    cache.store('/a', page('a'));
    cache.store('/b', page('b'));
    cache.lookup('/a', 1);
    cache.store('/c', page('c'));
    expect(cache.lookup('/b', 1)).toBeUndefined();
    expect(text(cache.lookup('/a', 1)?.page)).toBe('a');
    expect(text(cache.lookup('/c', 1)?.page)).toBe('c');
  });

  it('lets one background refresh per page run at a time', () => {
    const cache = new PageCache({ ttlMs: 1, staleMs: 1 });
    expect(cache.claimRefresh('/a')).toBe(true);
    expect(cache.claimRefresh('/a')).toBe(false);
    expect(cache.claimRefresh('/b')).toBe(true);
    cache.releaseRefresh('/a');
    expect(cache.claimRefresh('/a')).toBe(true);
  });

  it('is off with a TTL of 0', () => {
    expect(new PageCache({ ttlMs: 0, staleMs: 0 }).enabled).toBe(false);
  });
});

describe('nonces and validators', () => {
  const kept = page(`<script nonce="${NONCE}">1</script><script nonce="${NONCE}">2</script>`);
  const fresh = 'BBBBBBBBBBBBBBBBBBBBBB==';

  it('swaps every occurrence of the nonce and keeps the hash', () => {
    const body = renonced(kept, fresh).toString('utf8');
    expect(body).toBe(`<script nonce="${fresh}">1</script><script nonce="${fresh}">2</script>`);
    expect(pageHash(body, fresh)).toBe(kept.hash);
  });

  it('keeps text beyond Latin-1 whole, as UTF-8, around the nonce', () => {
    const html = `<p>£12.50 ▾ Crème – “Nero”</p><script nonce="${NONCE}">0</script><p>✓</p>`;
    const body = renonced(page(html), fresh);
    expect(body.toString('utf8')).toBe(html.replace(NONCE, fresh));
    expect(body.length).toBe(Buffer.byteLength(html.replace(NONCE, fresh)));
  });

  it('reads back the nonce of an ETag naming the current content, and nothing else', () => {
    expect(revalidatedNonce(pageEtag(kept.hash, fresh), kept.hash)).toBe(fresh);
    expect(revalidatedNonce(`W/"other", ${pageEtag(kept.hash, fresh)}`, kept.hash)).toBe(fresh);
    expect(revalidatedNonce(pageEtag('stale-hash', fresh), kept.hash)).toBeNull();
    expect(revalidatedNonce(`W/"${kept.hash}.'unsafe-inline'"`, kept.hash)).toBeNull();
    expect(revalidatedNonce(`W/"${kept.hash}.a; script-src *"`, kept.hash)).toBeNull();
    expect(revalidatedNonce(undefined, kept.hash)).toBeNull();
  });
});
