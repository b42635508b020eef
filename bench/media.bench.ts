/**
 * A burst of new images: a page's worth of product pictures nobody asked for before (40 distinct
 * stone images at the widths cards use, none in the cache), asked for at once, while a shopper
 * keeps loading a listing. Prints how long the images took (each is either made or refused at
 * once with a placeholder), how the listing's time compares with an idle server's, and how long
 * until the refused images, made in the background, are served from the cache.
 *
 *   npm run bench:media              # MEDIA_BURST=40, and the server's MEDIA_RENDER_* settings
 */
import { startDemoShop, ensureBuild } from './lib/server.ts';

const BURST = Number(process.env.MEDIA_BURST ?? 40);
const WIDTHS = [320, 480, 640, 960] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const max = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${Math.round(value)} ms`;

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const answer = await fetch(url);
  await answer.arrayBuffer();
  return { ms: performance.now() - started, status: answer.status };
}

async function main() {
  ensureBuild();
  const env: Record<string, string> = {};
  for (const key of [
    'MEDIA_RENDER_CONCURRENCY',
    'MEDIA_RENDER_QUEUE',
    'MEDIA_RENDER_MAX_WAIT_MS',
  ]) {
    if (process.env[key]) env[key] = process.env[key]!;
  }
  const shop = await startDemoShop('tessera_bench_media', env);
  const base = shop.server.url;
  try {
    const listing = `${base}/api/products?per_page=12&sort=date-desc`;
    // The listing on an idle server, after a first answer filled its caches.
    await timed(listing);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push((await timed(listing)).ms);

    const names = Array.from({ length: BURST }, (_, n) => {
      const width = WIDTHS[n % WIDTHS.length]!;
      return `/media/stone/limestone-cream-yellow-${500_000 + n}-${width}.webp`;
    });
    let bursting = true;
    const during: number[] = [];
    const shopper = (async () => {
      while (bursting) during.push((await timed(listing)).ms);
    })();
    const started = performance.now();
    const images = await Promise.all(names.map((name) => timed(`${base}${name}`)));
    const burstMs = performance.now() - started;
    bursting = false;
    await shopper;

    const made = images.filter((i) => i.status === 200);
    const refused = images.filter((i) => i.status === 503);
    console.log(
      `${BURST} new images at once: ${made.length} made (longest wait ${ms(max(made.map((i) => i.ms)))}, median ${ms(median(made.map((i) => i.ms)))}), ` +
        `${refused.length} refused with a placeholder (longest ${refused.length ? ms(max(refused.map((i) => i.ms))) : '-'}); burst over in ${ms(burstMs)}`,
    );
    console.log(
      `listing while the burst lasted: median ${ms(median(during))}, longest ${ms(max(during))} ` +
        `(${during.length} requests); idle: median ${ms(median(idle))}, longest ${ms(max(idle))}; ` +
        `ratio of medians ${(median(during) / median(idle)).toFixed(1)}`,
    );
    // The refused images are made in the background: how long until every one is served.
    const refusedNames = names.filter((_, i) => images[i]!.status === 503);
    const warmStarted = performance.now();
    for (const name of refusedNames) {
      while ((await timed(`${base}${name}`)).status !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (refusedNames.length > 0) {
      console.log(
        `every refused image served from the cache ${ms(performance.now() - warmStarted)} after the burst`,
      );
    }
  } finally {
    await shop.close();
  }
}

await main();
