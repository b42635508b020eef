/**
 * The time a page looks ready but is not: from its first paint to the moment React has hydrated
 * it (the root sets `data-hydrated` on <html>), per kind of page, on a phone's profile (375 px,
 * touch) with a 4× CPU slowdown, on loopback. Production build on the demo shop (PGlite), in
 * Debian's Chromium.
 *
 *   npm run bench:hydration
 *
 * Prints, per page, the medians of HYDRATION_RUNS (5) loads: first paint, first contentful
 * paint, hydration, and the gap between first paint and hydration, with the gap's range.
 * HYDRATION_PAGES=/faq,/auth measures only those paths. BUILD_DIR=dir measures a build made
 * elsewhere (say at an earlier commit: `git archive`, then `BUILD_DIR=... npx react-router build`)
 * as it is, without rebuilding it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/setup/chromium.ts';
import { ensureBuild } from './lib/server.ts';

const RUNS = Number(process.env.HYDRATION_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

interface Timings {
  firstPaint: number;
  firstContentfulPaint: number;
  hydrated: number;
}

declare global {
  interface Window {
    hydratedAt?: number;
  }
}

async function measure(browser: Browser, url: string): Promise<Timings> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The moment the root's effect marks the document, on the page's own clock (the document
    // is observed: it has no element yet when this runs).
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.documentElement?.dataset.hydrated !== 'true') return;
        window.hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.waitForFunction(() => window.hydratedAt !== undefined, null, { timeout: 60_000 });
    // No function defined inside: the page has no `__name` helper for its name.
    return await page.evaluate(() => {
      const [firstPaint, firstContentfulPaint] = ['first-paint', 'first-contentful-paint'].map(
        (name) =>
          performance.getEntriesByType('paint').find((entry) => entry.name === name)?.startTime ??
          Number.NaN,
      );
      return {
        firstPaint: firstPaint!,
        firstContentfulPaint: firstContentfulPaint!,
        hydrated: window.hydratedAt!,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${Math.round(value)}`;

async function main() {
  if (!process.env.BUILD_DIR) ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-hydration-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const firstOf = async (path: string, pattern: RegExp) =>
      pattern.exec(await (await fetch(`${server.url}${path}`)).text())?.[1];
    const product = await firstOf(
      '/collections/stone-collection/marble-tiles',
      /href="(\/product\/[^"]+)"/,
    );
    const post = await firstOf('/blog', /href="(\/blog\/[^"]+)"/);
    const pages: [string, string | undefined][] = process.env.HYDRATION_PAGES
      ? process.env.HYDRATION_PAGES.split(',').map((path) => [path, path])
      : [
          ['home', '/'],
          ['collections', '/collections'],
          ['listing', '/collections/stone-collection/marble-tiles'],
          ['search results', '/stone-collection/all-products?search=marble'],
          ['product', product],
          ['CMS page (about-us)', '/about-us'],
          ['FAQ', '/faq'],
          ['contact', '/contact-us'],
          ['reviews', '/reviews'],
          ['blog', '/blog'],
          ['blog post', post],
          ['account gate', '/my-account'],
          ['lost password', '/my-account/lost-password'],
          ['checkout', '/checkout'],
          ['404', '/no-such-page'],
        ];
    const rows: string[] = [];
    for (const [name, path] of pages) {
      if (!path) continue;
      // One load to fill the server's caches (rendered pages and images), as a live shop holds them.
      await measure(browser, `${server.url}${path}`);
      const runs: Timings[] = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await measure(browser, `${server.url}${path}`));
      const gaps = runs.map((timings) => timings.hydrated - timings.firstPaint);
      rows.push(
        `| ${name} | ${ms(median(runs.map((t) => t.firstPaint)))} | ${ms(median(runs.map((t) => t.firstContentfulPaint)))} | ${ms(median(runs.map((t) => t.hydrated)))} | ${ms(median(gaps))} (${ms(Math.min(...gaps))}–${ms(Math.max(...gaps))}) |`,
      );
      console.error(rows.at(-1));
    }
    console.log(
      `\nFirst paint to hydration, phone (375 px, touch), CPU ${CPU_SLOWDOWN}× slower, loopback; medians of ${RUNS} loads, ms:`,
    );
    console.log('| page | first paint | first contentful paint | hydrated | gap (min–max) |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
