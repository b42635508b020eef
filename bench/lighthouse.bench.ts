/**
 * Lighthouse in mobile mode on the home page, a listing and a product page, served by the
 * production build on the demo shop (PGlite), in Debian's Chromium.
 *
 *   npm run bench:lighthouse
 *
 * LIGHTHOUSE_PAGES=home,product measures only those pages; LIGHTHOUSE_REPORTS=dir keeps each page's full report (JSON) there, to see why a figure moved.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/setup/chromium.ts';
import { ensureBuild } from './lib/server.ts';

const reportDir = process.env.LIGHTHOUSE_REPORTS;

async function main() {
  ensureBuild();
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-lighthouse-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const products = (await (await fetch(`${server.url}/api/products?per_page=1`)).json()) as {
      data: { slug: string }[];
    };
    const pages = {
      home: '/',
      listing: '/collections/stone-collection/marble-tiles',
      product: `/product/${products.data[0]!.slug}`,
    };
    const rows: string[] = [];
    const run = (url: string) =>
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        formFactor: 'mobile',
      });
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const [name, path] of Object.entries(pages)) {
      if (only && !only.includes(name)) continue;
      // A first run renders the page and every image it asks for into the server's caches, as
      // a live shop's would hold them; the second is measured.
      await run(`${server.url}${path}`);
      const result = await run(`${server.url}${path}`);
      const lhr = result!.lhr;
      if (reportDir) writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) {
        console.log(`${name}: Lighthouse could not measure: ${JSON.stringify(lhr.runtimeError)}`);
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const scripts = (
        (
          lhr.audits['network-requests']?.details as {
            items?: { resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? []
      )
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      rows.push(
        `| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${(audit('largest-contentful-paint') / 1000).toFixed(2)} s | ${audit('cumulative-layout-shift').toFixed(3)} | ${audit('total-blocking-time').toFixed(0)} ms | ${(scripts / 1024).toFixed(0)} KB |`,
      );
      const failing = Object.values(lhr.categories)
        .filter((category) => (category.score ?? 0) < 1 && category.id !== 'performance')
        .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1)
        .map((audit) => audit!.id);
      console.log(
        `${name}: ${failing.length ? `failing audits: ${failing.join(', ')}` : 'no failing audits'}`,
      );
      // What a failing audit found, so it can be fixed without opening a report.
      for (const id of failing) {
        const details = lhr.audits[id]?.details as { items?: unknown[] } | undefined;
        for (const item of details?.items ?? []) console.log(`  ${id}: ${JSON.stringify(item)}`);
      }
    }
    console.log(
      '\n| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | JS (compressed) |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
    console.log('| target | ≥ 95 | 100 | 100 | 100 | < 2.0 s | < 0.05 | < 150 ms | ≤ 150 KB |');
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
