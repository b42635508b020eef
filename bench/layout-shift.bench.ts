/**
 * Layout shift on every kind of page, not only the three Lighthouse measures: the production
 * build on the demo shop (PGlite), in Debian's Chromium, at a phone's and a desktop's width, each
 * once on loopback and once on a slow line with a slow CPU (150 ms, 1.6 Mbit/s, 4×), where
 * images and the end of the page come after the first paint.
 *
 *   npm run bench:layout-shift
 *
 * Prints each page's layout shift (the sum of the browser's layout-shift entries until 2.5 s
 * after the load event) beside the budget, and for a page over it the elements that moved.
 * LAYOUT_SHIFT_PAGES=/faq,/auth measures only those paths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/setup/chromium.ts';
import { ensureBuild } from './lib/server.ts';

/** The issue's CLS budget, held here to every page. */
const BUDGET = 0.05;
const SETTLE_MS = 2500;

const VIEWPORTS = {
  phone: { width: 412, height: 823, isMobile: true, hasTouch: true },
  desktop: { width: 1350, height: 940, isMobile: false, hasTouch: false },
};

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts: Shift[];
  }
}

async function measure(
  browser: Browser,
  url: string,
  viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS],
  slow: boolean,
): Promise<Shift[]> {
  const { width, height, ...device } = viewport;
  const context = await browser.newContext({ viewport: { width, height }, ...device });
  try {
    const page = await context.newPage();
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 90_000,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.addInitScript(() => {
      window.layoutShifts = [];
      const describe = (node: Node | null) => {
        if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
        const label = node.getAttribute('aria-label') ?? node.id;
        return `${node.tagName.toLowerCase()}${label ? ` "${label}"` : ''}.${node.className}`;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
        })[]) {
          window.layoutShifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map(
              (source) =>
                `${describe(source.node).slice(0, 80)} (${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)} px)`,
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(() => window.layoutShifts);
  } finally {
    await context.close();
  }
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-layout-shift-'));
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
    const paths =
      process.env.LAYOUT_SHIFT_PAGES?.split(',') ??
      [
        '/',
        '/collections/stone-collection/marble-tiles',
        '/colour/whites',
        '/stone-collection/all-products?search=marble',
        product,
        '/blog',
        post,
        '/about-us',
        '/faq',
        '/contact-us',
        '/basket',
        '/checkout',
        '/my-account',
        '/auth',
        '/no-such-page',
      ].filter((path): path is string => path !== undefined);

    const columns = Object.keys(VIEWPORTS).flatMap((name) => [name, `${name}, slow line`]);
    const rows: string[] = [];
    const over: string[] = [];
    for (const path of paths) {
      const cells: string[] = [];
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        for (const slow of [false, true]) {
          const shifts = await measure(browser, `${server.url}${path}`, viewport, slow);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          cells.push(total.toFixed(3));
          if (total >= BUDGET) {
            over.push(`${path} (${name}${slow ? ', slow line' : ''}), ${total.toFixed(3)}:`);
            for (const shift of shifts) {
              over.push(`  ${shift.value.toFixed(3)}: ${shift.sources.join('; ')}`);
            }
          }
        }
      }
      rows.push(`| ${path} | ${cells.join(' | ')} |`);
    }
    console.log(`Layout shift until ${SETTLE_MS / 1000} s after load (budget < ${BUDGET}):`);
    console.log(`| page | ${columns.join(' | ')} |`);
    console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
    for (const row of rows) console.log(row);
    console.log(
      over.length ? `\nOver the budget:\n${over.join('\n')}` : '\nEvery page within the budget.',
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
