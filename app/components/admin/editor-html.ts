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

const optionalAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] === null || attributes[name] === undefined
      ? {}
      : { [name]: attributes[name] as string },
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
      ],
      attributes: { id: optionalAttribute('id') },
    },
    { types: ['tableHeader'], attributes: { scope: optionalAttribute('scope') } },
    { types: ['orderedList'], attributes: { reversed: optionalAttribute('reversed') } },
    { types: ['image'], attributes: { loading: optionalAttribute('loading') } },
  ],
});

/** A list item or table cell whose text Tiptap wrapped in a paragraph of its own. */
const UNWRAPPED = 'li, td, th';

/**
 * The editor's HTML as the shop stores it: rows go back into the thead and tfoot they came from,
 * and the paragraph ProseMirror puts around a list item's or a cell's text is taken off again, so
 * an item saved without change keeps the HTML it had (`<li>Text</li>`, not `<li><p>Text</p></li>`).
 * Runs in the browser: it uses the browser's own HTML parser.
 */
export function storedHtml(editorHtml: string): string {
  const doc = new DOMParser().parseFromString(`<body>${editorHtml}</body>`, 'text/html');
  for (const body of Array.from(doc.querySelectorAll('tbody'))) {
    const rows = Array.from(body.children);
    const head = rows.slice(0, leadingCount(rows, 'head'));
    const foot = rows.slice(rows.length - leadingCount([...rows].reverse(), 'foot'));
    if (head.length > 0) body.before(section(doc, 'thead', head));
    if (foot.length > 0) body.after(section(doc, 'tfoot', foot));
    if (body.children.length === 0) body.remove();
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
