// The back office's catalogue and import routes' part of openapi-answers.test.ts: every answer
// goes through its `checked`, which validates it against the document.
import sharp from 'sharp';
import type { Checked } from './openapi-answers-returns.ts';

/** The back office's catalogue routes, as the owner. */
export async function catalogueAnswers<C>(checked: Checked<C>, staff: C) {
  const list = await checked(staff, 'GET', '/api/admin/products?per_page=3&sort=price-asc');
  const id = list.json().data[0].id as number;
  await checked(staff, 'GET', '/api/admin/products/taxonomy');
  await checked(staff, 'POST', '/api/admin/products', { name: 'Verde Guatemala Marble' });
  const product = (await checked(staff, 'GET', `/api/admin/products/${id}`)).json().data;
  await checked(staff, 'PUT', `/api/admin/products/${id}`, {
    name: product.name,
    slug: product.slug,
    status: product.status,
    short_description: product.short_description,
    description: product.description,
    category_ids: product.category_ids,
    term_ids: product.term_ids,
    featured: product.featured,
    is_new_arrival: product.is_new_arrival,
    on_sale: product.on_sale,
    trade_only: product.trade_only,
  });
  await checked(staff, 'PUT', `/api/admin/products/${id}/variations`, {
    variations: product.variations.map(
      (v: {
        id: number;
        option: string;
        sku: string | null;
        price: string;
        stock: number | null;
      }) => ({
        id: v.id,
        option: v.option,
        sku: v.sku ?? '',
        price: v.price,
        sale_price: '',
        stock: v.stock === null ? '' : String(v.stock),
        stock_seen: v.stock,
      }),
    ),
  });
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#ccc' },
  })
    .png()
    .toBuffer();
  const withImage = await checked(staff, 'POST', `/api/admin/products/${id}/images?alt=Slab`, png, {
    'content-type': 'image/png',
  });
  await checked(staff, 'PUT', `/api/admin/products/${id}/images`, {
    images: withImage
      .json()
      .data.images.map((i: { id: number; alt: string }) => ({ id: i.id, alt: i.alt })),
  });
  await productFactsAnswers(checked, staff, id);
  const bulk = { ids: [id], action: 'price_percent', value: '5' };
  await checked(staff, 'POST', '/api/admin/products/bulk/preview', bulk);
  await checked(staff, 'POST', '/api/admin/products/bulk', bulk);
  await checked(staff, 'GET', '/api/admin/products/bulk/last');
  await checked(staff, 'POST', '/api/admin/products/bulk/undo');
  const category = await checked(staff, 'POST', '/api/admin/categories', {
    name: 'Terrazzo',
    slug: 'terrazzo',
    section: 'stone-collection',
  });
  await checked(staff, 'PUT', `/api/admin/categories/${category.json().data.id}`, {
    name: 'Terrazzo Tiles',
    slug: 'terrazzo-tiles',
    section: 'stone-collection',
  });
  // The catalogue's end-of-life tasks: a copy, archived and restored, then deleted (never ordered).
  const copy = (await checked(staff, 'POST', `/api/admin/products/${id}/duplicate`)).json().data;
  await checked(staff, 'POST', `/api/admin/products/${copy.id}/archive`, { archived: true });
  await checked(staff, 'POST', `/api/admin/products/${copy.id}/archive`, { archived: false });
  await checked(staff, 'DELETE', `/api/admin/products/${copy.id}`);
  const spare = await checked(staff, 'POST', '/api/admin/categories', {
    name: 'Spare',
    slug: 'spare',
    section: 'stone-collection',
  });
  await checked(
    staff,
    'DELETE',
    `/api/admin/categories/${spare.json().data.id}?target=${category.json().data.id}`,
  );
  const term = await checked(staff, 'POST', '/api/admin/attributes/8/terms', {
    name: 'Sea Green',
    slug: 'sea-green',
  });
  await checked(staff, 'PUT', `/api/admin/terms/${term.json().data.id}`, {
    name: 'Sea-green',
    slug: 'sea-green',
  });
}

/** The editor's facts and documents of a product, and the document's download. */
async function productFactsAnswers<C>(checked: Checked<C>, staff: C, id: number) {
  await checked(staff, 'GET', `/api/admin/products/${id}/facts`);
  await checked(staff, 'PUT', `/api/admin/products/${id}/facts`, {
    frost_resistance: '',
    slip_rating: 'R10',
    sealing_advice: 'Seal after installation.',
  });
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const added = await checked(
    staff,
    'POST',
    `/api/admin/products/${id}/documents?title=Declaration%20of%20Performance&kind=dop`,
    pdf,
    { 'content-type': 'application/pdf' },
  );
  const [document] = added.json().data.documents as { id: number; url: string }[];
  await checked(staff, 'GET', document!.url);
  await checked(staff, 'PUT', `/api/admin/products/${id}/documents`, {
    documents: [{ id: document!.id, title: 'DoP', kind: 'dop' }],
  });
}

/** The product CSV export, an import of it (a dry run) and the job with its report. */
export async function importAnswers<C>(checked: Checked<C>, staff: C) {
  const csv = (await checked(staff, 'GET', '/api/admin/exports/products.csv')).body;
  const queued = await checked(staff, 'POST', '/api/admin/imports?dry_run=true', csv, {
    'content-type': 'text/csv',
  });
  const url = `/api/admin/jobs/${queued.json().data.id}`;
  while (!['finished', 'failed'].includes((await checked(staff, 'GET', url)).json().data.status)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await checked(staff, 'GET', `${url}/errors.csv`);
}
