import { Transform } from 'node:stream';
import { HYDRATING_EVENT, replayEarlyInput } from './early-input.ts';

/** The type the page's bootstrap module is written with until it may run: browsers skip it. */
export const HELD_SCRIPT_TYPE = 'text/x-held-module';

const HEAD_END = Buffer.from('</head>');
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;

/**
 * Runs in the browser, from the head: starts the page's scripts once its largest image has been
 * painted. Self-contained, as it is sent as its own source text.
 */
export function startScriptsAfterLargestPaint(preloads: string[], heldType: string): void {
  let started = false;
  // A task of its own, through a message: timers are clamped, and throttled in hidden tabs.
  const inNewTask = (work: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = work;
    channel.port2.postMessage(null);
  };
  const run = () => {
    const held = document.querySelector<HTMLScriptElement>(`script[type="${heldType}"]`);
    if (!held) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.setAttribute('nonce', held.nonce ?? '');
    script.textContent = held.textContent;
    held.replaceWith(script);
    // Each request costs the main thread a little: the preloads of the modules it imports in
    // turn go in a task of their own.
    inNewTask(() => {
      const links = document.createDocumentFragment();
      for (const href of preloads) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        links.append(link);
      }
      document.head.append(links);
    });
  };
  const start = () => {
    if (started) return;
    started = true;
    // In a task of its own: the image's paint or the end of parsing (with its layout) is often
    // a long task already.
    const soon = () => inNewTask(run);
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', soon);
    else soon();
  };
  const largestImage = () => document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (
    document.visibilityState !== 'visible' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    return start();
  }
  // The image the page marks as its largest; a page without one waits for its first content.
  let contentPainted = false;
  const withoutImage = () => document.readyState !== 'loading' && !largestImage();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = (entry as PerformanceEntry & { element?: Element | null }).element;
      contentPainted = true;
      if ((element && element === largestImage()) || withoutImage()) start();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    if (contentPainted && withoutImage()) start();
  });
  // Whatever the paint does: a shopper reaching for the page (whatever they do is kept until the
  // page is live: early-input.ts), or the page hidden.
  for (const type of [
    'pointerdown',
    'keydown',
    'touchstart',
    'click',
    'input',
    'change',
    'submit',
  ]) {
    addEventListener(type, start, { capture: true, once: true, passive: true });
  }
  // A painted image reports itself, perhaps a slow frame after the load event; one that failed,
  // or lies off screen, never will.
  addEventListener('load', () => {
    const image = largestImage();
    if (image?.complete && image.naturalWidth > 0) setTimeout(start, 1000);
    else start();
  });
  document.addEventListener('visibilitychange', start, { once: true });
}

/** A script tag's nonce attribute, with its leading space; none without a nonce. */
const nonceAttribute = (nonce: string) => (nonce ? ` nonce="${nonce}"` : '');

/**
 * The head's gate: the preloads it will ask for, and the code that waits for the paint; then the
 * code that keeps what the shopper does until the page is live.
 */
function gateScript(nonce: string, preloads: string[]): string {
  // `<` escaped so no text in the list can close the script element.
  const args = JSON.stringify([preloads, HELD_SCRIPT_TYPE]).replaceAll('<', '\\u003c');
  const replay = JSON.stringify(HYDRATING_EVENT).replaceAll('<', '\\u003c');
  return (
    `<script${nonceAttribute(nonce)}>(${startScriptsAfterLargestPaint.toString()})(...${args})</script>` +
    `<script${nonceAttribute(nonce)}>(${replayEarlyInput.toString()})(${replay})</script>`
  );
}

/**
 * Holds a page's scripts back until its largest image (or, without one, its first content) has
 * been painted, as the page streams out. The page shows and its links work before any script
 * runs; on a slow line the scripts would share the bandwidth with that image, and on a slow
 * phone their start-up would hold its paint. So the head's module preloads are taken out and the
 * bootstrap module React Router writes is held (written with a type browsers skip); a small
 * script in the head starts both once the image is painted, the shopper reaches for the page,
 * or the page has loaded, whichever comes first.
 */
export function scriptsAfterLargestPaint(nonce: string): Transform {
  const bootstrap = Buffer.from(`<script${nonceAttribute(nonce)} type="module" async="">`);
  const held = Buffer.from(`<script${nonceAttribute(nonce)} type="${HELD_SCRIPT_TYPE}">`);
  let head: Buffer | null = Buffer.alloc(0);
  // Body bytes kept back while they might be the start of the bootstrap's tag.
  let carry = Buffer.alloc(0);
  let bootstrapFound = false;

  const body = (chunk: Buffer): Buffer => {
    if (bootstrapFound) return chunk;
    const text = Buffer.concat([carry, chunk]);
    const at = text.indexOf(bootstrap);
    if (at !== -1) {
      bootstrapFound = true;
      carry = Buffer.alloc(0);
      return Buffer.concat([text.subarray(0, at), held, text.subarray(at + bootstrap.length)]);
    }
    const keep = Math.min(text.length, bootstrap.length - 1);
    carry = text.subarray(text.length - keep);
    return text.subarray(0, text.length - keep);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, body(chunk));
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const preloads: string[] = [];
      const rest = head.subarray(end);
      const kept = head
        .subarray(0, end)
        .toString('utf8')
        .replace(MODULE_PRELOAD, (_link, href: string) => {
          preloads.push(href);
          return '';
        });
      head = null;
      callback(null, Buffer.concat([Buffer.from(kept + gateScript(nonce, preloads)), body(rest)]));
    },
    flush(callback) {
      callback(null, Buffer.concat([head ?? Buffer.alloc(0), carry]));
    },
  });
}
