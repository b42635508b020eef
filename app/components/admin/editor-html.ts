import { Extension } from '@tiptap/react';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';

/**
 * The editor's schema beyond StarterKit and Image: tables as the sanitiser allows them (rows in
 * thead, tbody or tfoot, th and td with their spans), and the attributes the allow-list keeps that
 * Tiptap's own nodes drop (ids on blocks, th scope, ol reversed, img loading).
 */
export const CMS_TABLE_EXTENSIONS = [
  Table.extend({
    // Tiptap writes a colgroup and an inline min-width for its column resizing; the shop's
    // tables carry neither, and the sanitiser would keep the empty cols.
    renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
  }).configure({ resizable: false, renderWrapper: false }),
  TableRow.extend({
    addAttributes: () => ({
      section: {
        default: null,
        // Which part of the table the row came from, so a save puts it back there.
        parseHTML: (row) => {
          const part = row.parentElement?.tagName;
          return part === 'THEAD' ? 'head' : part === 'TFOOT' ? 'foot' : null;
        },
        renderHTML: (attributes) =>
          attributes.section ? { 'data-section': attributes.section as string } : {},
      },
    }),
  }),
  TableHeader,
  TableCell,
];

export const optionalAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] === null || attributes[name] === undefined
      ? {}
      : { [name]: attributes[name] as string },
});

const PARTS = ['thead', 'tbody', 'tfoot'] as const;

/** The id of a table's head, body or foot, which the editor's table (rows only) cannot hold. */
const partId = (part: (typeof PARTS)[number]) => ({
  default: null,
  parseHTML: (table: HTMLElement) => table.querySelector(`:scope > ${part}`)?.id || null,
  renderHTML: (attributes: Record<string, unknown>) => {
    const id = attributes[`${part}Id`];
    return typeof id === 'string' ? { [`data-${part}-id`]: id } : {};
  },
});

export const CMS_ATTRIBUTES = Extension.create({
  name: 'cmsAttributes',
  addGlobalAttributes: () => [
    {
      types: [
        'heading',
        'paragraph',
        'blockquote',
        'bulletList',
        'orderedList',
        'listItem',
        'table',
        'tableRow',
        'tableHeader',
        'tableCell',
        'image',
        'horizontalRule',
        'hardBreak',
        'codeBlock',
        'bold',
        'italic',
        'strike',
        'underline',
        'code',
        'link',
      ],
      attributes: { id: optionalAttribute('id') },
    },
    {
      types: ['table'],
      attributes: { theadId: partId('thead'), tbodyId: partId('tbody'), tfootId: partId('tfoot') },
    },
    { types: ['tableHeader'], attributes: { scope: optionalAttribute('scope') } },
    { types: ['orderedList'], attributes: { reversed: optionalAttribute('reversed') } },
    {
      types: ['image'],
      attributes: {
        loading: optionalAttribute('loading'),
        // An uploaded image's widths (the sanitiser keeps them for the shop's uploads only).
        srcset: optionalAttribute('srcset'),
        sizes: optionalAttribute('sizes'),
      },
    },
    {
      types: ['codeBlock'],
      attributes: {
        // A <pre> stored without a <code> inside, which Tiptap's code block always writes.
        bare: {
          default: null,
          parseHTML: (element: HTMLElement) =>
            element.querySelector(':scope > code') ? null : 'true',
          renderHTML: (attributes: Record<string, unknown>) =>
            attributes.bare ? { 'data-bare': '' } : {},
        },
      },
    },
  ],
});

/** Where a table's caption waits in the editor, just before its table. */
export const TABLE_CAPTION_MARKER = 'data-table-caption';

/** Stored HTML as the editor loads it: a table's caption moves out to just before the table. */
export function editorHtml(html: string): string {
  // The server's render of the back office never shows the editor (it renders in the browser only).
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const caption of Array.from(doc.querySelectorAll('table > caption'))) {
    const holder = doc.createElement('div');
    holder.setAttribute(TABLE_CAPTION_MARKER, '');
    if (caption.id) holder.id = caption.id;
    holder.append(...Array.from(caption.childNodes));
    caption.closest('table')!.before(holder);
    caption.remove();
  }
  return doc.body.innerHTML;
}

/** A list item or table cell whose text Tiptap wrapped in a paragraph of its own. */
const UNWRAPPED = 'li, td, th';

/**
 * The editor's HTML as the shop stores it: rows go back into the thead and tfoot they came from,
 * captions go back into their tables, a bare <pre> loses the <code> Tiptap adds,
 * and the paragraph ProseMirror puts around a list item's or a cell's text is taken off again, so
 * an item saved without change keeps the HTML it had (`<li>Text</li>`, not `<li><p>Text</p></li>`).
 * Runs in the browser: it uses the browser's own HTML parser.
 */
export function storedHtml(editorHtml: string): string {
  const doc = new DOMParser().parseFromString(`<body>${editorHtml}</body>`, 'text/html');
  for (const body of Array.from(doc.querySelectorAll('tbody'))) {
    const table = body.parentElement;
    const rows = Array.from(body.children);
    const head = rows.slice(0, leadingCount(rows, 'head'));
    const foot = rows.slice(rows.length - leadingCount([...rows].reverse(), 'foot'));
    if (head.length > 0) body.before(section(doc, 'thead', head));
    if (foot.length > 0) body.after(section(doc, 'tfoot', foot));
    if (body.children.length === 0) body.remove();
    for (const part of PARTS) {
      const id = table?.getAttribute(`data-${part}-id`);
      const element = table?.querySelector(`:scope > ${part}`);
      if (id && element) element.id = id;
      table?.removeAttribute(`data-${part}-id`);
    }
  }
  for (const holder of Array.from(doc.querySelectorAll(`div[${TABLE_CAPTION_MARKER}]`))) {
    const table = holder.nextElementSibling;
    const caption = doc.createElement('caption');
    if (holder.id) caption.id = holder.id;
    caption.append(...Array.from(holder.childNodes));
    if (table?.tagName === 'TABLE') table.prepend(caption);
    holder.remove();
  }
  for (const pre of Array.from(doc.querySelectorAll('pre[data-bare]'))) {
    pre.removeAttribute('data-bare');
    const code = pre.querySelector(':scope > code');
    code?.replaceWith(...Array.from(code.childNodes));
  }
  for (const row of Array.from(doc.querySelectorAll('tr[data-section]'))) {
    row.removeAttribute('data-section');
  }
  for (const holder of Array.from(doc.querySelectorAll(UNWRAPPED))) {
    const first = holder.firstElementChild;
    const paragraphs = Array.from(holder.children).filter((child) => child.tagName === 'P');
    if (first?.tagName === 'P' && paragraphs.length === 1 && first.attributes.length === 0) {
      first.replaceWith(...Array.from(first.childNodes));
    }
  }
  return doc.body.innerHTML;
}

const leadingCount = (rows: Element[], part: string) => {
  const index = rows.findIndex((row) => row.getAttribute('data-section') !== part);
  return index === -1 ? rows.length : index;
};

function section(doc: Document, tag: 'thead' | 'tfoot', rows: Element[]) {
  const element = doc.createElement(tag);
  element.append(...rows);
  return element;
}
