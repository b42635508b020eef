/**
 * WooCommerce product CSV at catalogue scale, on PostgreSQL: a file of 10k variable products
 * with 40k variations is imported (dry run, import, and the same file again), then the
 * catalogue is exported. Prints each run's time and rows a second, and the process's peak RSS
 * while it ran (sampled every 20 ms, and the kernel's high-water mark at the end).
 *
 *   npm run bench:import            # BENCH_IMPORT_PRODUCTS=10000 BENCH_IMPORT_SIZES=4
 *
 * The file is written by the export's own row builder, so it is the format the shop reads.
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { openDatabase } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import type { AdminJobJson } from '#domain/admin-jobs.ts';
import { EXPORT_HEADERS, exportRows, type ExportProduct } from '#domain/woocommerce-export.ts';
import { ImportJobs } from '#server/services/catalogue/import-jobs.ts';
import { productCsvRows } from '#server/services/catalogue/product-export.ts';
import { IMAGE_FETCH_LIMITS } from '#server/services/media/image-fetch.ts';
import { benchDatabase } from './lib/database.ts';

const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 10_000);
const SIZES_PER_PRODUCT = Number(process.env.BENCH_IMPORT_SIZES ?? 4);
const TARGET = { seconds: 60, rssMb: 400 };
const ORIGIN = 'https://shop.example';

const STONES = ['Marble', 'Limestone', 'Travertine', 'Granite', 'Slate'] as const;
const FINISHES = ['Honed', 'Polished', 'Tumbled', 'Brushed'] as const;
const COLOURS = ['White', 'Grey', 'Beige', 'Black', 'Cream', 'Green'] as const;
const SIZES = ['600x400x20', '600x600x20', '900x600x20', '1200x600x30', '305x305x10'] as const;

/** The n-th product of the file: names, categories and terms from small fixed sets. */
function product(n: number): ExportProduct {
  const stone = STONES[n % STONES.length]!;
  const finish = FINISHES[n % FINISHES.length]!;
  const sku = `BENCH-${String(n).padStart(6, '0')}`;
  return {
    id: n,
    type: 'variable',
    sku,
    slug: `bench-${stone.toLowerCase()}-${n}`,
    name: `${finish} ${stone} ${n}`,
    status: 'publish',
    unit: 'm2',
    facts: { frost_resistance: '', slip_rating: '', sealing_advice: '' },
    featured: n % 50 === 0,
    clearance: n % 20 === 0,
    tradeOnly: false,
    newArrival: n % 30 === 0,
    shortDescription: `${finish} ${stone.toLowerCase()}, sealed and ready to lay.`,
    description: `<p>${finish} ${stone.toLowerCase()} for floors and walls, indoors and out.</p>`,
    categories: [
      { name: `${stone} Tiles`, slug: `${stone.toLowerCase()}-tiles`, section: 'stone-collection' },
    ],
    images: [],
    terms: {
      Material: [stone],
      'Room Type Usage': ['Kitchen', n % 2 ? 'Bathroom' : 'Hallway'],
      Finish: [finish],
      Colour: [COLOURS[n % COLOURS.length]!],
    },
    variations: SIZES.slice(0, SIZES_PER_PRODUCT).map((option, i) => ({
      id: n * 10 + i,
      option,
      sku: `${sku}-${i + 1}`,
      // 29.99 to 89.97 a square metre, a sale on every seventh product.
      pricePence: 2_999 + ((n * 7 + i * 1_301) % 6_000),
      regularPricePence: n % 7 === 0 ? 9_999 : null,
      stock: (n + i) % 11 === 0 ? 0 : 40 + ((n + i) % 300),
      madeToOrder: false,
    })),
  };
}

async function writeFile(path: string): Promise<number> {
  let rows = 0;
  async function* records() {
    yield [...EXPORT_HEADERS];
    for (let n = 1; n <= PRODUCTS; n++) {
      for (const row of exportRows(product(n), ORIGIN)) {
        rows++;
        yield row;
      }
    }
  }
  await pipeline(records(), stringify(), createWriteStream(path));
  return rows;
}

/** Peak RSS while `work` runs, sampled; the kernel's high-water mark is printed at the end. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; rssMb: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const start = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - start, rssMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'tessera-import-bench-'));
  const file = join(dir, 'products.csv');
  const url = await benchDatabase('tessera_bench_import', true);
  const handle = await openDatabase({ url, poolSize: 4 });
  try {
    await migrate(handle);
    const rows = await writeFile(file);
    const megabytes = (await stat(file)).size / 1024 / 1024;
    console.log(
      `File: ${PRODUCTS} products, ${PRODUCTS * SIZES_PER_PRODUCT} variations, ${rows} rows, ${megabytes.toFixed(1)} MB`,
    );
    const jobs = new ImportJobs(handle.db, async () => {}, {
      ...IMAGE_FETCH_LIMITS,
      allowPrivate: false,
    });
    const who = { staffId: null, actor: 'bench', ip: null, userAgent: null };
    const runImport = (dryRun: boolean) =>
      measured(async (): Promise<AdminJobJson> => {
        // The job removes its file when it ends: each run reads a copy.
        const copy = join(dir, `run-${Date.now()}.csv`);
        await copyFile(file, copy);
        const job = await jobs.create({
          fileName: 'products.csv',
          filePath: copy,
          dryRun,
          staffId: 0,
        });
        jobs.start(job, copy, { dryRun, shopOrigin: ORIGIN, inferUnits: false, who });
        await jobs.idle();
        return (await jobs.get(job.id))!;
      });
    const results: [string, Awaited<ReturnType<typeof runImport>>][] = [];
    for (const [label, dryRun] of [
      ['dry run', true],
      ['import (empty catalogue)', false],
      ['same file again', false],
    ] as const) {
      const result = await runImport(dryRun);
      const job = result.value;
      if (job.status !== 'finished' || job.errors.some((e) => e.severity === 'error')) {
        throw new Error(`${label}: ${job.status} ${JSON.stringify(job.errors.slice(0, 3))}`);
      }
      results.push([label, result]);
    }
    const exported = await measured(async () => {
      let count = 0;
      const sink = new Writable({ write: (_chunk, _enc, done) => done() });
      async function* counted() {
        for await (const row of productCsvRows(handle.db, ORIGIN)) {
          count++;
          yield row;
        }
      }
      await pipeline(counted(), stringify(), sink);
      return count;
    });

    console.log('\n| run | time | rows/s | created | updated | skipped | peak RSS |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [label, { value: job, ms: took, rssMb }] of results) {
      console.log(
        `| ${label} | ${(took / 1000).toFixed(1)} s | ${Math.round(rows / (took / 1000))} | ${job.created} | ${job.updated} | ${job.skipped} | ${rssMb.toFixed(0)} MB |`,
      );
    }
    console.log(
      `| export | ${(exported.ms / 1000).toFixed(1)} s | ${Math.round(exported.value / (exported.ms / 1000))} | | | | ${exported.rssMb.toFixed(0)} MB |`,
    );
    const slowest = Math.max(...results.map(([, r]) => r.ms));
    const peak = Math.max(...results.map(([, r]) => r.rssMb), exported.rssMb);
    const maxRssMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `\nSlowest import ${(slowest / 1000).toFixed(1)} s (target < ${TARGET.seconds} s: ${slowest < TARGET.seconds * 1000 ? 'met' : 'MISSED'}); ` +
        `peak RSS ${peak.toFixed(0)} MB sampled, ${maxRssMb.toFixed(0)} MB high-water ` +
        `(target < ${TARGET.rssMb} MB: ${maxRssMb < TARGET.rssMb ? 'met' : 'MISSED'})`,
    );
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
