import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityScriptPreloads } from '#app/lib/script-priority.ts';

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>' +
  '<body><p>Ça coûte £42</p><link rel="modulepreload" href="/later.js"/></body></html>';

/** Streams `page` through the transform in chunks of `size` bytes. */
async function streamed(page: string, size: number): Promise<string> {
  const bytes = Buffer.from(page, 'utf8');
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );
  return text(Readable.from(chunks).pipe(lowPriorityScriptPreloads()));
}

describe('script preloads at low priority', () => {
  it.each([1, 7, 64, 4096])(
    'marks every preload of the head, and nothing after it, whatever the chunks (%i bytes)',
    async (size) => {
      const out = await streamed(PAGE, size);
      expect(out).toBe(
        PAGE.replace(
          '<link rel="modulepreload" href="/a.js"/>',
          '<link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
        ).replace(
          '<link rel="modulepreload" href="/b.js"/>',
          '<link rel="modulepreload" fetchpriority="low" href="/b.js"/>',
        ),
      );
    },
  );

  it('passes a document without a head through as it is', async () => {
    expect(await streamed('<p>Ça</p>', 3)).toBe('<p>Ça</p>');
  });
});
