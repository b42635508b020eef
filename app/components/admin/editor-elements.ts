import { Mark, Node } from '@tiptap/react';
import { optionalAttribute, TABLE_CAPTION_MARKER } from './editor-html.ts';

/**
 * The sanitiser's other elements as editor nodes and marks, so opening and saving an item keeps
 * them: inline elements (sub, sup, mark, span, abbr, b, i…) as marks, sectioning and grouping
 * elements (div, section, figure, dl…) as containers, a table's caption as a block before it.
 */

const idOnly = () => ({ id: optionalAttribute('id') });

/** Tags the browser lays out inline: a container holding only these holds text, not blocks. */
const INLINE_TAGS = new Set(
  'A ABBR B BDI BDO BR CITE CODE DATA DFN EM I KBD MARK Q S SAMP SMALL SPAN STRONG SUB SUP TIME U VAR WBR'.split(
    ' ',
  ),
);
const holdsText = (element: HTMLElement) =>
  Array.from(element.children).every((child) => INLINE_TAGS.has(child.tagName));

const inlineMark = (tag: string) =>
  Mark.create({
    name: `html_${tag}`,
    inclusive: false,
    addAttributes: idOnly,
    // Above StarterKit's rules, so a stored <b> or <i> stays itself rather than becoming <strong> or <em>.
    parseHTML: () => [{ tag, priority: 60 }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

/** An element with the content it may hold. */
const element = (tag: string, content: string, group?: string) =>
  Node.create({
    name: `html_${tag}`,
    group,
    content,
    addAttributes: idOnly,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

/**
 * An element that holds either blocks or text, as two nodes: one with block content, one with
 * inline content, chosen by what the stored element holds, so `<div>Text</div>` does not gain a
 * paragraph on a save.
 */
const container = (tag: string, group = 'block') => {
  const node = (name: string, content: string, text: boolean) =>
    Node.create({
      name,
      group,
      content,
      defining: true,
      addAttributes: idOnly,
      parseHTML: () => [
        { tag, getAttrs: (element: HTMLElement) => (holdsText(element) === text ? null : false) },
      ],
      renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
    });
  return [node(`html_${tag}`, 'block+', false), node(`html_${tag}_text`, 'inline*', true)];
};

const INLINE = 'abbr b bdi bdo cite data dfn i kbd mark q samp small span sub sup time var';
const CONTAINERS = 'address article aside div footer header hgroup main nav section';

export const CMS_ELEMENT_EXTENSIONS = [
  ...INLINE.split(' ').map(inlineMark),
  ...CONTAINERS.split(' ').flatMap((tag) => container(tag)),
  element('figure', 'html_figcaption? block* html_figcaption?', 'block'),
  element('figcaption', 'inline*'),
  element('dl', 'definitionPart+', 'block'),
  ...container('dt', 'definitionPart'),
  ...container('dd', 'definitionPart'),
  element('menu', 'listItem+', 'block'),
  Node.create({
    name: 'html_wbr',
    group: 'inline',
    inline: true,
    atom: true,
    addAttributes: idOnly,
    parseHTML: () => [{ tag: 'wbr' }],
    renderHTML: ({ HTMLAttributes }) => ['wbr', HTMLAttributes],
  }),
  // A table's caption waits before its table in the editor (ProseMirror's tables hold rows only).
  Node.create({
    name: 'tableCaption',
    group: 'block',
    content: 'inline*',
    addAttributes: idOnly,
    parseHTML: () => [{ tag: `div[${TABLE_CAPTION_MARKER}]`, priority: 60 }],
    renderHTML: ({ HTMLAttributes }) => [
      'div',
      { [TABLE_CAPTION_MARKER]: '', ...HTMLAttributes },
      0,
    ],
  }),
];
