import sanitizeHtml from 'sanitize-html';
import { isUploadedImageUrl } from '#domain/admin-images.ts';

/**
 * Where an image in CMS HTML may come from: the shop's own media (uploads and generated stones)
 * or an https address (imported descriptions and pages refer to the old site's images, and the
 * pages' CSP allows them). Anything else (other paths on this shop, plain http, data:) is dropped
 * with its <img>: an image pointing at /api/… or /admin/… would make every reader's browser call it.
 */
const isAllowedImageSource = (src: string | undefined): boolean =>
  src !== undefined &&
  ((src.startsWith('/media/') && !/[\s\\]|\.\./.test(src)) || /^https:\/\/[^\s]+$/i.test(src));

/** A srcset is kept only when it offers widths of the shop's uploaded images, nothing else. */
const isUploadedSrcset = (srcset: string): boolean =>
  srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .every(
      ([url, width, ...rest]) =>
        url !== undefined &&
        isUploadedImageUrl(url) &&
        rest.length === 0 &&
        (width === undefined || /^\d{1,4}w$/.test(width)),
    );

const UNEDITABLE = new Set(['style', 'col', 'colgroup', 'ruby', 'rb', 'rp', 'rt', 'rtc']);

/**
 * The allow-list for CMS HTML: structure, text formatting, tables, images and links. No script,
 * style, iframe, form or event handler survives, and URLs are limited to web, mail and phone.
 */
const CMS_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    // No ruby annotations or column groups: the back office's editor cannot hold them, and a
    // save there would drop them (docs/spec-deviations.md).
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => !UNEDITABLE.has(tag)),
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
  transformTags: {
    img: (tagName, attribs) => {
      if (attribs.srcset === undefined || isUploadedSrcset(attribs.srcset))
        return { tagName, attribs };
      const { srcset: _srcset, sizes: _sizes, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/** CMS HTML made safe to put into a page. */
export const sanitiseCmsHtml = (html: string): string => sanitizeHtml(html, CMS_HTML);

/** A stored title is plain text: rendered as WordPress does, with its HTML characters escaped. */
export const renderTitle = (title: string): string =>
  title.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
