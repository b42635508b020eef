// What a product page says the stone is, over HTTP: the facts staff save reach the product's
// answer as specification rows (and nothing unknown does), each size's measurements, and the PDFs
// staff upload download as the same bytes; what is not a PDF is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { PRODUCT_DOCUMENT_MAX_BYTES } from '#domain/product-documents.ts';
import { FACTS_MESSAGES } from '#domain/product-facts.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;
/** A published marble tile; its first size made 600x400x20 for figures worked by hand. */
let product: { id: number; slug: string; variationId: number };

/** A small PDF of its own, as a scanner or a quarry's office would send one. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffOfEveryRole(t.app);
  const [row] = await queryRows<{ id: number; slug: string; variation_id: number }>(
    t.app.services.db,
    sql`SELECT p.id, p.slug, (SELECT v.id FROM variations v WHERE v.product_id = p.id
          AND v.option ~ '^\\d+x\\d+' ORDER BY v.position LIMIT 1) AS variation_id
      FROM products p
      JOIN product_terms pt ON pt.product_id = p.id
      JOIN attribute_terms at ON at.id = pt.term_id AND at.attribute_id = 6 AND at.slug = 'marble'
      WHERE p.status = 'publish' AND EXISTS (SELECT 1 FROM variations v
        WHERE v.product_id = p.id AND v.option ~ '^\\d+x\\d+')
      ORDER BY p.id LIMIT 1`,
  );
  product = { id: row!.id, slug: row!.slug, variationId: row!.variation_id };
  await t.app.services.db.execute(
    sql`UPDATE variations SET option = '600x400x20' WHERE id = ${product.variationId}`,
  );
});
afterAll(async () => {
  await t?.close();
});

const productAnswer = async () => {
  const answer = await t.app.inject({ url: `/api/products/slug/${product.slug}` });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
};
const editorVersion = async (who: StaffBrowser = staff.owner) =>
  (await who.call('GET', `/api/admin/products/${product.id}/facts`)).body.data.version as number;
const upload = (who: StaffBrowser, body: Buffer, query: string, type = 'application/pdf') =>
  who.call('POST', `/api/admin/products/${product.id}/documents?${query}`, body, {
    'content-type': type,
  });

describe('the facts of a product', () => {
  it('shows its description, terms, sealing advice and sizes, and no rating nobody entered', async () => {
    const data = await productAnswer();
    expect(data.description).toContain('Natural stone varies from piece to piece');
    const keys = data.specifications.map((row: { key: string }) => row.key);
    expect(keys).toEqual(
      expect.arrayContaining(['material', 'finish', 'colour', 'suitable_for', 'sealing']),
    );
    expect(keys).not.toContain('frost_resistance');
    expect(keys).not.toContain('slip_rating');
    expect(data.specifications[0]).toEqual({ key: 'material', name: 'Material', value: 'Marble' });
    expect(data.specifications.find((row: { key: string }) => row.key === 'sealing').value).toBe(
      'Seal before grouting and again after installation, with an impregnating sealer for natural stone.',
    );
    // 600 × 400 mm: 0.24 m² a piece, 4.17 pieces a m²; marble 2.7 t/m³ × 20 mm = 54 kg a m².
    expect(
      data.size_specifications.find(
        (size: { variation_id: number }) => size.variation_id === product.variationId,
      ),
    ).toEqual({
      variation_id: product.variationId,
      option: '600x400x20',
      width_mm: 600,
      length_mm: 400,
      thickness_mm: 20,
      pieces_per_m2: 4.17,
      weight_kg_per_m2: 54,
    });
    expect(data.documents).toEqual([]);
    // A listing's products stay as they were: no facts there.
    const listing = (await t.app.inject({ url: '/api/products?per_page=1' })).json();
    expect(listing.data[0].specifications).toBeUndefined();
  });

  it('saves ratings in the editor, audited, and the answer shows them at once', async () => {
    const version = await editorVersion();
    const saved = await staff.manager.call('PUT', `/api/admin/products/${product.id}/facts`, {
      version,
      frost_resistance: 'Frost resistant (EN 12371)',
      slip_rating: 'PTV 36+ wet (BS 7976-2)',
      sealing_advice: 'Seal with an impregnating sealer before grouting.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(version + 1);
    expect(saved.body.data.facts).toEqual({
      frost_resistance: 'Frost resistant (EN 12371)',
      slip_rating: 'PTV 36+ wet (BS 7976-2)',
      sealing_advice: 'Seal with an impregnating sealer before grouting.',
    });
    const rows = (await productAnswer()).specifications as { key: string; value: string }[];
    expect(rows.slice(-3)).toEqual([
      { key: 'frost_resistance', name: 'Frost resistance', value: 'Frost resistant (EN 12371)' },
      { key: 'slip_rating', name: 'Slip rating', value: 'PTV 36+ wet (BS 7976-2)' },
      {
        key: 'sealing',
        name: 'Sealing',
        value: 'Seal with an impregnating sealer before grouting.',
      },
    ]);
    const [audit] = await queryRows<{ action: string; after: { slip_rating: string } }>(
      t.app.services.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'product'
        AND entity_id = ${String(product.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      action: 'product.facts',
      after: { slip_rating: 'PTV 36+ wet (BS 7976-2)' },
    });
  });

  it('refuses a save from an older version, one too long, and an editor', async () => {
    const version = await editorVersion();
    const body = { frost_resistance: '', slip_rating: 'R11', sealing_advice: '' };
    const stale = await staff.owner.call('PUT', `/api/admin/products/${product.id}/facts`, {
      ...body,
      version: version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const long = await staff.owner.call('PUT', `/api/admin/products/${product.id}/facts`, {
      ...body,
      slip_rating: 'R'.repeat(201),
      version,
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ slip_rating: FACTS_MESSAGES.factTooLong });
    const editor = await staff.editor.call('PUT', `/api/admin/products/${product.id}/facts`, body);
    expect(editor.status).toBe(403);
    expect((await productAnswer()).specifications).toContainEqual({
      key: 'slip_rating',
      name: 'Slip rating',
      value: 'PTV 36+ wet (BS 7976-2)',
    });
  });
});

describe('the documents of a product', () => {
  it('takes a PDF and downloads the same bytes as application/pdf under a name from its title', async () => {
    const added = await upload(
      staff.manager,
      PDF,
      'title=Declaration%20of%20Performance%20%E2%80%94%20%2F..%2Fetc&kind=dop',
    );
    expect(added.status).toBe(201);
    const [document] = added.body.data.documents;
    expect(document).toMatchObject({
      title: 'Declaration of Performance — /../etc',
      kind: 'dop',
      file_name: 'declaration-of-performance-etc.pdf',
      size_bytes: PDF.length,
    });
    expect(document.url).toBe(
      `/api/product-documents/${document.id}/declaration-of-performance-etc.pdf`,
    );
    expect((await productAnswer()).documents).toEqual([document]);
    const download = await t.app.inject({ url: document.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      'inline; filename="declaration-of-performance-etc.pdf"',
    );
    expect(Buffer.compare(download.rawPayload, PDF)).toBe(0);
    // The id alone is not enough: the name must be the one the answer gave.
    const wrongName = await t.app.inject({ url: `/api/product-documents/${document.id}/x.pdf` });
    expect(wrongName.statusCode).toBe(404);
  });

  it('refuses what is not a PDF, a file too large, a missing title and an editor', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const disguised = await upload(staff.owner, png, 'title=DoP&kind=dop');
    expect(disguised.status).toBe(415);
    expect(disguised.body.message).toBe(FACTS_MESSAGES.notAPdf);
    const asImage = await upload(staff.owner, png, 'title=DoP&kind=dop', 'image/png');
    expect(asImage.status).toBe(415);
    const large = Buffer.concat([PDF, Buffer.alloc(PRODUCT_DOCUMENT_MAX_BYTES)]);
    expect((await upload(staff.owner, large, 'title=DoP&kind=dop')).status).toBe(413);
    const untitled = await upload(staff.owner, PDF, 'kind=ce_ukca');
    expect(untitled.status).toBe(400);
    expect(untitled.body.fields).toEqual({ title: FACTS_MESSAGES.titleRequired });
    const badKind = await upload(staff.owner, PDF, 'title=DoP&kind=invoice');
    expect(badKind.body.fields).toEqual({ kind: FACTS_MESSAGES.kindInvalid });
    expect((await upload(staff.editor, PDF, 'title=DoP&kind=dop')).status).toBe(403);
    expect((await productAnswer()).documents).toHaveLength(1);
  });

  it('renames, reorders and removes documents; a removed one no longer downloads', async () => {
    const second = await upload(staff.owner, PDF, 'title=UKCA%20marking&kind=ce_ukca');
    const [first, added] = second.body.data.documents as { id: number; url: string }[];
    const version = second.body.data.version as number;
    const saved = await staff.owner.call('PUT', `/api/admin/products/${product.id}/documents`, {
      version,
      documents: [{ id: added!.id, title: 'CE and UKCA marking', kind: 'ce_ukca' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.documents).toEqual([
      {
        id: added!.id,
        title: 'CE and UKCA marking',
        kind: 'ce_ukca',
        file_name: 'ce-and-ukca-marking.pdf',
        size_bytes: PDF.length,
        url: `/api/product-documents/${added!.id}/ce-and-ukca-marking.pdf`,
      },
    ]);
    expect((await t.app.inject({ url: first!.url })).statusCode).toBe(404);
    const stale = await staff.owner.call('PUT', `/api/admin/products/${product.id}/documents`, {
      version,
      documents: [],
    });
    expect(stale.status).toBe(409);
    const foreign = await staff.owner.call('PUT', `/api/admin/products/${product.id}/documents`, {
      documents: [{ id: first!.id, title: 'DoP', kind: 'dop' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ 'documents.0.id': FACTS_MESSAGES.unknownDocument });
    const audit = await queryRows<{ action: string }>(
      t.app.services.db,
      sql`SELECT action FROM audit_log WHERE entity = 'product'
        AND entity_id = ${String(product.id)} AND action LIKE 'product.document%' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'product.document_add',
      'product.document_add',
      'product.documents',
    ]);
  });

  it("keeps a draft's documents to staff, and an archived product's published", async () => {
    const added = await upload(staff.manager, PDF, 'title=Data%20sheet&kind=datasheet');
    const url = added.body.data.documents.at(-1).url as string;
    const status = (to: string) =>
      t.app.services.db.execute(sql`UPDATE products SET status = ${to} WHERE id = ${product.id}`);
    try {
      await status('draft');
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      const preview = await staff.editor.call('GET', url);
      expect(preview.status).toBe(200);
      expect(preview.response.headers['cache-control']).toBe('private, max-age=3600');
      await status('archived');
      const kept = await t.app.inject({ url });
      expect([kept.statusCode, kept.headers['cache-control']]).toEqual([
        200,
        'public, max-age=3600, stale-while-revalidate=18000',
      ]);
    } finally {
      await status('publish');
    }
  });
});
