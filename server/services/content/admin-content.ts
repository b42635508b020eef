import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { heroSlides, media, menuNodes, pages, posts, promoTiles } from '#db/schema/index.ts';
import {
  CONTENT_MESSAGES,
  RESERVED_PAGE_SLUGS,
  SHOP_PAGE_SLUGS,
  type AdminContentJson,
  type AdminContentSummary,
  type ContentStatus,
  type ContentValues,
  type HomeJson,
  type MenuTreeNode,
  type SlideImage,
} from '#domain/content-admin.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AuditActor } from '../staff/audit.ts';
import { audit } from '../staff/audit.ts';
import { claimResourceVersion, versionedSave } from '../staff-write.ts';
import { sanitiseCmsHtml } from './sanitise.ts';
import { readMenuTree, storedMenuLinks } from './menu-tree.ts';
import type { MenuNodeShape } from '#domain/api-schemas.ts';

export type ContentType = 'page' | 'post';

const tableOf = (type: ContentType) => (type === 'page' ? pages : posts);
const linkOf = (type: ContentType, slug: string) =>
  type === 'page' ? `/${slug}` : `/blog/${slug}`;
const isFixed = (slug: string) => (SHOP_PAGE_SLUGS as readonly string[]).includes(slug);

/** What is stored for an editor's input: the HTML through the one sanitiser `content.rendered` uses. */
const stored = (input: ContentValues) => ({
  title: input.title,
  slug: input.slug,
  status: input.status,
  contentHtml: sanitiseCmsHtml(input.content),
  excerptHtml: sanitiseCmsHtml(input.excerpt),
});

/**
 * Pages and posts for the back office: list, read, create and update, each write audited with
 * what it was before and after, in the same transaction.
 */
export class AdminContentService {
  constructor(private readonly db: Database) {}

  async list(type: ContentType): Promise<AdminContentSummary[]> {
    const table = tableOf(type);
    const rows = await this.db
      .select({
        id: table.id,
        slug: table.slug,
        title: table.title,
        status: table.status,
        updatedAt: table.updatedAt,
      })
      .from(table)
      .orderBy(type === 'page' ? asc(table.title) : desc(table.updatedAt), asc(table.id));
    return rows.map((row) => ({
      id: row.id,
      type,
      slug: row.slug,
      title: row.title,
      status: row.status as ContentStatus,
      link: linkOf(type, row.slug),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async get(type: ContentType, id: number, db: Database = this.db): Promise<AdminContentJson> {
    const table = tableOf(type);
    const [row] = await db
      .select({
        row: table,
        imageUrl: media.sourceUrl,
        imageAlt: media.altText,
      })
      .from(table)
      .leftJoin(media, eq(media.id, table.featuredMediaId))
      .where(eq(table.id, id));
    if (!row) throw notFound(type === 'page' ? 'Page not found' : 'Post not found');
    const json: AdminContentJson = {
      id: row.row.id,
      type,
      slug: row.row.slug,
      title: row.row.title,
      status: row.row.status as ContentStatus,
      content: row.row.contentHtml,
      excerpt: row.row.excerptHtml,
      featured_image: row.imageUrl ?? '',
      featured_image_alt: row.imageAlt ?? '',
      link: linkOf(type, row.row.slug),
      updated_at: row.row.updatedAt.toISOString(),
      version: row.row.version,
    };
    if ('publishedAt' in row.row) json.published_at = row.row.publishedAt.toISOString();
    else json.fixed_slug = isFixed(row.row.slug);
    return json;
  }

  /** Featured images already used by pages and posts, to pick from. */
  async mediaLibrary(): Promise<{ url: string; alt: string }[]> {
    const rows = await this.db
      .selectDistinct({ url: media.sourceUrl, alt: media.altText })
      .from(media)
      .orderBy(asc(media.sourceUrl))
      .limit(500);
    return rows;
  }

  async create(type: ContentType, input: ContentValues, who: AuditActor): Promise<number> {
    return this.db.transaction(async (tx) => {
      const db: Database = tx;
      await this.refuseTakenSlug(db, type, input.slug, null);
      const mediaId = await this.mediaFor(db, input);
      const table = tableOf(type);
      const [row] = await db
        .insert(table)
        .values({ ...stored(input), featuredMediaId: mediaId })
        .returning({ id: table.id });
      const after = await this.get(type, row!.id, db);
      await audit(db, who, {
        action: `${type}.create`,
        entity: type,
        entityId: row!.id,
        before: null,
        after: auditShape(after),
      });
      return row!.id;
    });
  }

  async update(
    type: ContentType,
    id: number,
    input: ContentValues,
    who: AuditActor,
  ): Promise<void> {
    const target = {
      table: type === 'page' ? 'pages' : 'posts',
      id,
      entity: type,
      missing: type === 'page' ? 'Page not found' : 'Post not found',
    } as const;
    await versionedSave(
      this.db,
      who,
      { target, loaded: input.version, action: `${type}.update` },
      async (tx) => {
        const db: Database = tx;
        const before = await this.get(type, id, db);
        if (type === 'page' && before.fixed_slug && input.slug !== before.slug) {
          throw badRequest(CONTENT_MESSAGES.slugFixed, { slug: CONTENT_MESSAGES.slugFixed });
        }
        await this.refuseTakenSlug(db, type, input.slug, id);
        const mediaId = await this.mediaFor(db, input);
        const now = new Date();
        if (type === 'page') {
          await db
            .update(pages)
            .set({ ...stored(input), featuredMediaId: mediaId, updatedAt: now })
            .where(eq(pages.id, id));
        } else {
          // A draft published now goes out now, at the top of the blog.
          const goesOut = before.status !== 'publish' && input.status === 'publish';
          await db
            .update(posts)
            .set({
              ...stored(input),
              featuredMediaId: mediaId,
              updatedAt: now,
              ...(goesOut ? { publishedAt: now } : {}),
            })
            .where(eq(posts.id, id));
        }
        const after = await this.get(type, id, db);
        return { before: auditShape(before), after: auditShape(after), result: undefined };
      },
    );
  }

  private async refuseTakenSlug(db: Database, type: ContentType, slug: string, id: number | null) {
    if (type === 'page' && (RESERVED_PAGE_SLUGS as readonly string[]).includes(slug)) {
      throw badRequest(CONTENT_MESSAGES.slugReserved, { slug: CONTENT_MESSAGES.slugReserved });
    }
    const table = tableOf(type);
    const [taken] = await db
      .select({ id: table.id })
      .from(table)
      .where(id === null ? eq(table.slug, slug) : and(eq(table.slug, slug), ne(table.id, id)));
    if (taken) {
      const message = type === 'page' ? CONTENT_MESSAGES.slugTaken : CONTENT_MESSAGES.postSlugTaken;
      throw badRequest(message, { slug: message });
    }
  }

  /** The media row of the featured image: an existing one with the same address, else a new one. */
  private async mediaFor(db: Database, input: ContentValues): Promise<number | null> {
    if (input.featured_image === '') return null;
    const [existing] = await db
      .select({ id: media.id, alt: media.altText })
      .from(media)
      .where(eq(media.sourceUrl, input.featured_image))
      .orderBy(asc(media.id))
      .limit(1);
    if (existing && existing.alt === input.featured_image_alt) return existing.id;
    const [row] = await db
      .insert(media)
      .values({ sourceUrl: input.featured_image, altText: input.featured_image_alt })
      .returning({ id: media.id });
    return row!.id;
  }

  /** The mega-menu as a tree of titles, each with its chosen target and where it leads now. */
  menu(db: Database = this.db): Promise<MenuNodeShape[]> {
    return readMenuTree(db, { withLinks: true });
  }

  /** Replaces the mega-menu with `tree`, in one transaction. */
  async saveMenu(tree: MenuTreeNode[], loaded: number | undefined, who: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const db: Database = tx;
      await claimResourceVersion(db, 'menu', loaded);
      const before = await this.menu(db);
      // Checked before anything is replaced: a target that does not exist is a 400.
      const links = await storedMenuLinks(db, tree);
      await db.delete(menuNodes);
      const insert = async (nodes: MenuTreeNode[], parentId: number | null) => {
        for (const [position, node] of nodes.entries()) {
          const [row] = await db
            .insert(menuNodes)
            .values({ parentId, title: node.title, position, link: links.get(node) ?? null })
            .returning({ id: menuNodes.id });
          await insert(node.children, row!.id);
        }
      };
      await insert(tree, null);
      await audit(db, who, {
        action: 'menu.update',
        entity: 'menu',
        entityId: 'menu',
        before,
        after: tree,
      });
    });
  }

  /** The home page's hero slides and promotional tiles, in order. */
  async home(db: Database = this.db): Promise<HomeJson> {
    const [slides, tiles] = await Promise.all([
      db.select().from(heroSlides).orderBy(asc(heroSlides.position), asc(heroSlides.id)),
      db.select().from(promoTiles).orderBy(asc(promoTiles.position), asc(promoTiles.id)),
    ]);
    return {
      slides: slides.map((s) => ({
        subtitle: s.subtitle,
        title: s.title,
        description: s.description,
        image: s.image as SlideImage,
        link: s.link,
      })),
      tiles: tiles.map((t) => ({ title: t.title, href: t.href, image: t.image })),
    };
  }

  /** Replaces the slides and tiles, in one transaction. */
  async saveHome(home: HomeJson, loaded: number | undefined, who: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const db: Database = tx;
      await claimResourceVersion(db, 'home', loaded);
      const before = await this.home(db);
      await db.delete(heroSlides);
      await db.delete(promoTiles);
      if (home.slides.length > 0) {
        await db.insert(heroSlides).values(home.slides.map((s, position) => ({ ...s, position })));
      }
      if (home.tiles.length > 0) {
        await db.insert(promoTiles).values(home.tiles.map((t, position) => ({ ...t, position })));
      }
      await audit(db, who, {
        action: 'home.update',
        entity: 'home',
        entityId: 'home',
        before,
        after: home,
      });
    });
  }
}

/** A page or post in the audit log: everything but the volatile time stamps. */
function auditShape(json: AdminContentJson) {
  const { updated_at: _updated, published_at: _published, version: _version, ...rest } = json;
  return rest;
}
