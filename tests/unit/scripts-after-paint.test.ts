import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { HELD_SCRIPT_TYPE, scriptsAfterLargestPaint } from '#app/lib/scripts-after-paint.ts';

const NONCE = 'n0nce==';
const BOOTSTRAP = 'import * as route0 from "/a.js";\nimport("/entry.js");';
const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  `<link rel="modulepreload" href="/a.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>` +
  `<body><p>Ça coûte £42</p><script nonce="${NONCE}">window.x = 1;</script>` +
  `<script nonce="${NONCE}" type="module" async="">${BOOTSTRAP}</script></body></html>`;

/** Streams `page` through the transform in chunks of `size` bytes. */
async function streamed(page: string, size: number, nonce = NONCE): Promise<string> {
  const bytes = Buffer.from(page, 'utf8');
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );
  return text(Readable.from(chunks).pipe(scriptsAfterLargestPaint(nonce)));
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('</head>'));

describe('scripts after the largest paint', () => {
  it.each([1, 7, 64, 4096])(
    'takes the preloads out of the head and holds the bootstrap, whatever the chunks (%i bytes)',
    async (size) => {
      const out = await streamed(PAGE, size);
      expect(head(out)).not.toContain('<link rel="modulepreload"');
      expect(head(out)).toContain('<link rel="stylesheet" href="/a.css"/>');
      // The gate carries the preloads, in order, and the nonce of the page.
      expect(head(out)).toContain(
        `<script nonce="${NONCE}">(function startScriptsAfterLargestPaint`,
      );
      expect(head(out)).toContain(`["/a.js","/b.js"],"${HELD_SCRIPT_TYPE}"`);
      // And what the shopper does before the page is live is kept (early-input.ts).
      expect(head(out)).toContain(`<script nonce="${NONCE}">(function replayEarlyInput`);
      expect(body(out)).toBe(
        body(PAGE).replace(
          `<script nonce="${NONCE}" type="module" async="">`,
          `<script nonce="${NONCE}" type="${HELD_SCRIPT_TYPE}">`,
        ),
      );
    },
  );

  it('holds only the bootstrap module of the page it was made for', async () => {
    const other = PAGE.replaceAll(NONCE, 'other==');
    const out = await streamed(other, 5);
    expect(out).toContain('<script nonce="other==" type="module" async="">');
    expect(out).not.toContain(`type="${HELD_SCRIPT_TYPE}">`);
  });

  it('works without a nonce', async () => {
    const out = await streamed(PAGE.replaceAll(` nonce="${NONCE}"`, ''), 3, '');
    expect(head(out)).toContain('<script>(function startScriptsAfterLargestPaint');
    expect(body(out)).toContain(`<script type="${HELD_SCRIPT_TYPE}">${BOOTSTRAP}</script>`);
  });

  it('passes a document without a head through as it is', async () => {
    expect(await streamed('<p>Ça</p>', 3)).toBe('<p>Ça</p>');
  });
});
