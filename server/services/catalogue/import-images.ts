import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { queryRows, type Database } from '#db/client.ts';
import { IMAGE_ALT_MAX_LENGTH, uploadedImageUrl } from '#domain/admin-images.ts';
import { IMPORT_MESSAGES, ownImagePath } from '#domain/woocommerce-csv.ts';
import type { ProductRow } from '#domain/woocommerce-row.ts';
import { fetchImage, ImageFetchError, type ImageFetchLimits } from '../media/image-fetch.ts';
import {
  parseStoneImageName,
  STONE_IMAGE_URL_PREFIX,
  stoneImageName,
} from '../media/stone-image.ts';
import { hasTooManyPixels, inspectUpload, storeUpload } from '../media/uploaded-image.ts';
import { textArray } from './import-sql.ts';

/** An image as a product keeps it: its path on the shop, and where an import fetched it. */
export interface ImportImage {
  src: string;
  alt: string;
  sourceUrl: string | null;
}

/** Images fetched at once by one import. */
const FETCHES_AT_ONCE = 4;

/**
 * A generated stone image on any shop (its name is its picture, so it needs no fetching): the
 * path this shop serves it under, else null.
 *
 * stoneImagePathOf('https://old.example/media/stone/marble-white-17-640.webp') → '/media/stone/marble-white-17-640.webp'
 */
function stoneImagePathOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(STONE_IMAGE_URL_PREFIX)) return null;
  const spec = parseStoneImageName(path.slice(STONE_IMAGE_URL_PREFIX.length));
  return spec ? STONE_IMAGE_URL_PREFIX + stoneImageName(spec) : null;
}

type Resolved = { src: string; sourceUrl: string | null } | { problem: string };

export interface ImportImagesOptions {
  shopOrigin: string;
  dryRun: boolean;
  fetchLimits: ImageFetchLimits;
}

/**
 * Where each image of an import's rows comes from: the shop's own images by path, generated
 * stones by name from any shop, and other sites' images fetched (within the fetch's bounds,
 * checked to be an image within the pixel limit) and stored like uploads. A URL fetched before
 * (by any import) is matched by its source address and not fetched again. Fetching happens
 * before a batch's transaction (prepare), never while it holds its locks; a dry run fetches
 * nothing.
 */
export class ImportImages {
  private resolved = new Map<string, Resolved>();

  constructor(
    private readonly db: Database,
    private readonly options: ImportImagesOptions,
  ) {}

  private local(url: string): string | null {
    return ownImagePath(url, this.options.shopOrigin) ?? stoneImagePathOf(url);
  }

  /** Resolves (fetching what it must) every image URL of a batch's product rows. */
  async prepare(rows: ProductRow[]): Promise<void> {
    this.resolved = new Map();
    const foreign = [
      ...new Set(rows.flatMap((row) => row.images ?? []).filter((url) => !this.local(url))),
    ];
    if (foreign.length === 0) return;
    const known = await queryRows<{ source_url: string; src: string }>(
      this.db,
      sql`SELECT DISTINCT ON (source_url) source_url, src FROM product_images
        WHERE source_url = ANY(${textArray(foreign)}) ORDER BY source_url, id`,
    );
    for (const image of known) {
      this.resolved.set(image.source_url, { src: image.src, sourceUrl: image.source_url });
    }
    const limit = pLimit(FETCHES_AT_ONCE);
    await Promise.all(
      foreign
        .filter((url) => !this.resolved.has(url))
        .map((url) =>
          limit(async () => {
            // A dry run fetches nothing; the image counts as a change.
            const resolved: Resolved = this.options.dryRun
              ? { src: `pending:${url}`, sourceUrl: url }
              : await this.fetch(url);
            this.resolved.set(url, resolved);
          }),
        ),
    );
  }

  private async fetch(url: string): Promise<Resolved> {
    let bytes: Buffer;
    try {
      bytes = await fetchImage(url, this.options.fetchLimits);
    } catch (error) {
      if (!(error instanceof ImageFetchError)) throw error;
      if (error.kind === 'not-image') return { problem: IMPORT_MESSAGES.imageNotAnImage };
      if (error.kind === 'too-large') return { problem: IMPORT_MESSAGES.imageTooLarge };
      return { problem: IMPORT_MESSAGES.imageUnreachable(error.message) };
    }
    const info = await inspectUpload(bytes);
    if (!info) return { problem: IMPORT_MESSAGES.imageNotAnImage };
    if (hasTooManyPixels(info)) return { problem: IMPORT_MESSAGES.imageTooLarge };
    const id = await storeUpload(this.db, bytes, info);
    return { src: uploadedImageUrl(id), sourceUrl: url };
  }

  /**
   * The images a product row gives, in order, with the file's alt text for each, else the one the
   * shop had, else the product's name; undefined when the row says nothing of images, or none of
   * them could be had (the product keeps what it has). Each image left out is reported.
   */
  imagesOf(
    row: ProductRow,
    before: { src: string; alt: string }[] | undefined,
    warn: (message: string) => void,
  ): ImportImage[] | undefined {
    if (row.images === undefined) return undefined;
    const alts = new Map(before?.map((i) => [i.src, i.alt]));
    const kept: ImportImage[] = [];
    for (const [position, url] of row.images.entries()) {
      const local = this.local(url);
      const resolved: Resolved = local
        ? { src: local, sourceUrl: null }
        : (this.resolved.get(url) ?? { problem: IMPORT_MESSAGES.imageNotFetched });
      if ('problem' in resolved) {
        warn(`${resolved.problem}: ${url}`);
        continue;
      }
      const alt = (row.imageAlts?.[position] ?? alts.get(resolved.src) ?? row.name).slice(
        0,
        IMAGE_ALT_MAX_LENGTH,
      );
      kept.push({ ...resolved, alt });
    }
    if (kept.length === 0 && row.images.length > 0) return undefined;
    return kept;
  }
}
