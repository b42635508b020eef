// The product facts in the product CSV: the export writes each product's frost and slip ratings
// and sealing advice, and each size's thickness, pieces and weight per m²; an owner fills the
// ratings in a spreadsheet and imports the file, and the product page then shows them.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { FACTS_MESSAGES } from '#domain/product-facts.ts';
import { runImport } from '#tests/setup/import-jobs.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
/** A published marble tile with a 600x400x20 size, and its SKU (its rows' key in the file). */
let product: { id: number; slug: string; sku: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await staffOfEveryRole(t.app));
  const [row] = await queryRows<{ id: number; slug: string; sku: string; variation: number }>(
    t.app.services.db,
    sql`SELECT p.id, p.slug, p.sku, (SELECT v.id FROM variations v WHERE v.product_id = p.id
          AND v.option ~ '^\\d+x\\d+' ORDER BY v.position LIMIT 1) AS variation
      FROM products p
      JOIN product_terms pt ON pt.product_id = p.id
      JOIN attribute_terms at ON at.id = pt.term_id AND at.attribute_id = 6 AND at.slug = 'marble'
      WHERE p.status = 'publish' AND EXISTS (SELECT 1 FROM variations v
        WHERE v.product_id = p.id AND v.option ~ '^\\d+x\\d+')
      ORDER BY p.id LIMIT 1`,
  );
  product = { id: row!.id, slug: row!.slug, sku: row!.sku };
  await t.app.services.db.execute(
    sql`UPDATE variations SET option = '600x400x20' WHERE id = ${row!.variation}`,
  );
});
afterAll(async () => {
  await t?.close();
});

const FROST = 'Meta: _tessera_frost_resistance';
const SLIP = 'Meta: _tessera_slip_rating';
const SEALING = 'Meta: _tessera_sealing_advice';
const FIGURES = [
  'Meta: _tessera_thickness_mm',
  'Meta: _tessera_pieces_per_m2',
  'Meta: _tessera_weight_kg_per_m2',
];

/** The export, parsed: its header and the product's rows (its own, then its sizes'). */
async function exported(): Promise<{ header: string[]; rows: string[][] }> {
  const answer = await owner.call('GET', '/api/admin/exports/products.csv');
  expect(answer.status).toBe(200);
  const [header, ...records] = parse(answer.response.body, { bom: true }) as string[][];
  const column = (name: string) => header!.indexOf(name);
  const rows = records.filter(
    (r) => r[column('SKU')] === product.sku || r[column('Parent')] === product.sku,
  );
  return { header: header!, rows };
}

const cellOf = (header: string[], row: string[], name: string) => row[header.indexOf(name)];
const factsNow = async () =>
  (await owner.call('GET', `/api/admin/products/${product.id}/facts`)).body.data.facts;

describe('product facts in the product CSV', () => {
  it("exports the facts and each size's thickness, pieces and weight per m²", async () => {
    const version = (await owner.call('GET', `/api/admin/products/${product.id}/facts`)).body.data
      .version as number;
    const saved = await owner.call('PUT', `/api/admin/products/${product.id}/facts`, {
      version,
      frost_resistance: 'Frost resistant (EN 12371)',
      slip_rating: '',
      sealing_advice: '',
    });
    expect(saved.status).toBe(200);
    const { header, rows } = await exported();
    for (const name of [FROST, SLIP, SEALING, ...FIGURES]) expect(header).toContain(name);
    const [own, ...sizes] = rows;
    expect([FROST, SLIP, SEALING].map((name) => cellOf(header, own!, name))).toEqual([
      'Frost resistant (EN 12371)',
      '',
      '',
    ]);
    const size = sizes.find((r) => cellOf(header, r, 'Attribute 1 value(s)') === '600x400x20')!;
    // Marble, 2.7 t/m³ × 20 mm = 54 kg per m²; 1 / 0.24 m² = 4.17 pieces.
    expect(FIGURES.map((name) => cellOf(header, size, name))).toEqual(['20', '4.17', '54']);
    const sample = sizes.find((r) => cellOf(header, r, 'Attribute 1 value(s)') === 'Free Sample');
    if (sample) expect(FIGURES.map((name) => cellOf(header, sample, name))).toEqual(['', '', '']);
  });

  it('imports the ratings an owner fills in; the page shows them, and the file exports back the same', async () => {
    const { header, rows } = await exported();
    const [own, ...sizes] = rows;
    const filled = [...own!];
    filled[header.indexOf(FROST)] = '';
    filled[header.indexOf(SLIP)] = 'PTV 36+ wet (BS 7976-2), R11';
    filled[header.indexOf(SEALING)] = 'Seal twice with an impregnating sealer before grouting.';
    const file = stringify([header, filled, ...sizes]);

    const job = await runImport(t.app, owner, file);
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'finished', created: 0, updated: 1 });
    expect(await factsNow()).toEqual({
      frost_resistance: '',
      slip_rating: 'PTV 36+ wet (BS 7976-2), R11',
      sealing_advice: 'Seal twice with an impregnating sealer before grouting.',
    });
    const page = await t.app.inject({ url: `/api/products/slug/${product.slug}` });
    const specifications = page.json().data.specifications as { key: string; value: string }[];
    expect(specifications.filter((s) => s.key !== 'material' && s.key !== 'finish')).toEqual(
      expect.arrayContaining([
        { key: 'slip_rating', name: 'Slip rating', value: 'PTV 36+ wet (BS 7976-2), R11' },
        {
          key: 'sealing',
          name: 'Sealing',
          value: 'Seal twice with an impregnating sealer before grouting.',
        },
      ]),
    );
    expect(specifications.map((s) => s.key)).not.toContain('frost_resistance');

    const again = await exported();
    expect(again.rows).toEqual([filled, ...sizes]);
    const unchanged = await runImport(t.app, owner, file);
    expect(unchanged).toMatchObject({ status: 'finished', created: 0, updated: 0 });
  });

  it('keeps the facts when the file has no facts columns, and refuses a rating too long', async () => {
    const { header, rows } = await exported();
    const keep = header
      .map((_, i) => i)
      .filter((i) => ![FROST, SLIP, SEALING].includes(header[i]!));
    const withoutFacts = stringify([header, ...rows].map((r) => keep.map((i) => r[i] ?? '')));
    const job = await runImport(t.app, owner, withoutFacts);
    expect(job.errors).toEqual([]);
    expect((await factsNow()).slip_rating).toBe('PTV 36+ wet (BS 7976-2), R11');

    const long = [...rows[0]!];
    long[header.indexOf(SLIP)] = 'R'.repeat(201);
    const refused = await runImport(t.app, owner, stringify([header, long]));
    expect(refused.errors).toEqual([
      expect.objectContaining({ field: SLIP, message: FACTS_MESSAGES.factTooLong }),
    ]);
    expect((await factsNow()).slip_rating).toBe('PTV 36+ wet (BS 7976-2), R11');
  });
});
