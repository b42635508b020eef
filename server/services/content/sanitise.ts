import sanitizeHtml from 'sanitize-html';

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
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
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
