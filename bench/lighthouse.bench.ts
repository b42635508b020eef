/**
 * Lighthouse in mobile mode on the home page, a listing and a product page, served by the
 * production build on the demo shop (PGlite), in Debian's Chromium.
 *
 *   npm run bench:lighthouse
 *
 * Each page is measured LIGHTHOUSE_RUNS times (3) and its median printed with the range. In the
 * same run each page is also measured with every script blocked: the floor, what the machine's
 * own rendering of the page costs, which no change to the scripts can go below.
 * It also prints two readings of the machine, to compare runs on different machines: Lighthouse's
 * CPU benchmark index and how long a fresh process takes to touch 256 MB of new memory (page
 * faults; a browser starting a page pays them too).
 * LIGHTHOUSE_PAGES=home,product measures only those pages; LIGHTHOUSE_REPORTS=dir keeps each
 * page's last full report (JSON) there, to see why a figure moved.
 * LIGHTHOUSE_AGAINST=dir compares with another build, in a folder of the project where its
 * packages resolve (made with `BUILD_DIR=dir npm run build`, say at an earlier commit): a second
 * server runs it, and each page is measured on both in alternating order, so that a change is
 * judged against the machine's noise of the same minutes (no floor runs then).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/setup/chromium.ts';
import { percentile } from './lib/load.ts';
import { ensureBuild } from './lib/server.ts';

const reportDir = process.env.LIGHTHOUSE_REPORTS;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const against = process.env.LIGHTHOUSE_AGAINST;

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scriptBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    scriptKb: scriptBytes / 1024,
  };
}

/** Audits that cost a category (other than performance) its 100, with what they found. */
function failingAudits(lhr: Result): string[] {
  return Object.values(lhr.categories)
    .filter((category) => (category.score ?? 0) < 1 && category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .flatMap((audit) => [
      audit!.id,
      ...((audit!.details as { items?: unknown[] } | undefined)?.items ?? []).map(
        (item) => `  ${audit!.id}: ${JSON.stringify(item)}`,
      ),
    ]);
}

/** Milliseconds to write one byte in every page of 256 MB freshly allocated. */
function touchNewMemoryMs(): number {
  const started = performance.now();
  const memory = Buffer.alloc(256 * 1024 * 1024);
  for (let offset = 0; offset < memory.length; offset += 4096) memory[offset] = 1;
  return performance.now() - started;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** "median (min–max)" of one figure over the runs. */
function spread(runs: Figures[], pick: (figures: Figures) => number, digits: number): string {
  const values = runs.map(pick).filter((value) => Number.isFinite(value));
  if (values.length === 0) return 'n/a';
  const text = (value: number) => value.toFixed(digits);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? text(low) : `${text(median(values))} (${text(low)}–${text(high)})`;
}

/** One table row: a page's medians (min–max) over its runs. */
function row(name: string, runs: Figures[]): string {
  return `| ${name} | ${spread(runs, (f) => f.performance, 0)} | ${spread(runs, (f) => f.accessibility, 0)} | ${spread(runs, (f) => f.bestPractices, 0)} | ${spread(runs, (f) => f.seo, 0)} | ${spread(runs, (f) => f.lcpMs / 1000, 2)} s | ${spread(runs, (f) => f.cls, 3)} | ${spread(runs, (f) => f.tbtMs, 0)} ms | ${spread(runs, (f) => f.scriptKb, 0)} KB |`;
}

async function main() {
  ensureBuild();
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  // Each build on a server of its own, on the demo shop in a fresh PGlite.
  const builds: { label: string; dataDir: string; server?: ServerProcess }[] = [];
  const startBuild = async (label: string, env: Record<string, string> = {}) => {
    const build: (typeof builds)[number] = {
      label,
      dataDir: mkdtempSync(join(tmpdir(), 'tessera-lighthouse-')),
    };
    builds.push(build);
    build.server = await startServerProcess({ DATA_DIR: build.dataDir, DATABASE_URL: '', ...env });
    return build.server;
  };
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const server = await startBuild('');
    if (against) await startBuild(`, ${against}`, { BUILD_DIR: against });
    const products = (await (await fetch(`${server.url}/api/products?per_page=1`)).json()) as {
      data: { slug: string }[];
    };
    const pages = {
      home: '/',
      listing: '/collections/stone-collection/marble-tiles',
      product: `/product/${products.data[0]!.slug}`,
    };
    const run = async (url: string, blockScripts = false): Promise<Result | null> => {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        formFactor: 'mobile',
        blockedUrlPatterns: blockScripts ? ['*.js'] : [],
      });
      const lhr = result?.lhr ?? null;
      if (lhr?.runtimeError) {
        console.log(`${url}: Lighthouse could not measure: ${JSON.stringify(lhr.runtimeError)}`);
        return null;
      }
      return lhr;
    };
    const rows: string[] = [];
    const benchmarkIndexes: number[] = [];
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const [name, path] of Object.entries(pages)) {
      if (only && !only.includes(name)) continue;
      // A first run renders the page and every image it asks for into the server's caches, as
      // a live shop's would hold them; the runs after it are measured.
      for (const build of builds) await run(`${build.server!.url}${path}`);
      const measured = builds.map(() => [] as Figures[]);
      const floor: Figures[] = [];
      let last: Result | null = null;
      for (let index = 0; index < RUNS; index++) {
        // Builds take turns going first, so neither always runs on a warmer machine.
        const order = builds.map((_, at) => at);
        if (index % 2 === 1) order.reverse();
        for (const at of order) {
          const lhr = await run(`${builds[at]!.server!.url}${path}`);
          if (!lhr) continue;
          measured[at]!.push(figuresOf(lhr));
          benchmarkIndexes.push(lhr.environment.benchmarkIndex);
          if (at === 0) last = lhr;
        }
        if (against) continue;
        const blocked = await run(`${server.url}${path}`, true);
        if (blocked) floor.push(figuresOf(blocked));
      }
      if (!last) continue;
      if (reportDir) writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(last));
      const failing = failingAudits(last);
      console.log(
        `${name}: ${failing.length ? `failing audits:\n${failing.join('\n')}` : 'no failing audits'}`,
      );
      builds.forEach((build, at) => rows.push(row(`${name}${build.label}`, measured[at]!)));
      if (!against) {
        rows.push(
          `| ${name}, scripts blocked (floor) | ${spread(floor, (f) => f.performance, 0)} | | | | ${spread(floor, (f) => f.lcpMs / 1000, 2)} s | ${spread(floor, (f) => f.cls, 3)} | ${spread(floor, (f) => f.tbtMs, 0)} ms | |`,
        );
      }
    }
    console.log(`\nMedian (min–max) of ${RUNS} runs per page:`);
    console.log(
      '| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | JS (compressed) |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const line of rows) console.log(line);
    console.log('| target | ≥ 95 | 100 | 100 | 100 | < 2.0 s | < 0.05 | < 150 ms | ≤ 150 KB |');
    console.log(
      `\nThis machine: Lighthouse benchmark index ${median(benchmarkIndexes).toFixed(0)}; 256 MB of new memory touched in ${median([touchNewMemoryMs(), touchNewMemoryMs(), touchNewMemoryMs()]).toFixed(0)} ms.`,
    );
  } finally {
    chrome.kill();
    for (const build of builds) {
      await build.server?.stop();
      rmSync(build.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
