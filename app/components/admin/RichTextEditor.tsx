import { useEffect, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { isShopOrHttpsUrl } from '#domain/content-admin.ts';
import type { ContentImageJson } from '#domain/admin-images.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { CMS_TYPOGRAPHY } from '../content/CmsHtml.tsx';
import { CMS_ELEMENT_EXTENSIONS } from './editor-elements.ts';
import { CMS_ATTRIBUTES, CMS_TABLE_EXTENSIONS, editorHtml, storedHtml } from './editor-html.ts';

/**
 * The back office's rich-text editor (Tiptap): HTML in, HTML out. The server sanitises what it
 * is given with the same allow-list `content.rendered` is served through, so the editor needs no
 * sanitiser of its own; links are limited to this shop's paths and https addresses, and images
 * are uploaded (checked and resized as product images are) and inserted with their alt text.
 * Its schema covers what the allow-list keeps (tables, every heading level, lists, quotes, links,
 * images with alt, and every other element it allows: see editor-elements.ts), so opening and saving an item changes nothing a shopper sees.
 * Imported only by back-office routes: the storefront never loads it.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  invalid,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        // No empty paragraph kept at the end: it would be stored and served as '<p></p>'.
        trailingNode: false,
        // No target or rel of Tiptap's own on every link: a link keeps the ones it was given.
        link: {
          openOnClick: false,
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
      Image,
      ...CMS_TABLE_EXTENSIONS,
      ...CMS_ELEMENT_EXTENSIONS,
      CMS_ATTRIBUTES,
    ],
    content: editorHtml(value),
    // Rendered in the browser only: the back office's pages load their data after hydration.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        // The storefront's look for CMS HTML: what staff see is what shoppers see.
        class: `${CMS_TYPOGRAPHY} min-h-64 rounded-b border border-stone-300 px-4 py-3 focus:outline-2 focus:outline-stone-ink [&_blockquote]:border-l-4 [&_blockquote]:pl-4`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(storedHtml(current.getHTML())),
  });

  // A new value from outside (another item loaded) replaces the text; the editor's own echo does not.
  useEffect(() => {
    if (editor && value !== storedHtml(editor.getHTML()))
      editor.commands.setContent(editorHtml(value), { emitUpdate: false });
  }, [editor, value]);

  return (
    <div aria-invalid={invalid || undefined}>
      {editor ? <Toolbar editor={editor} label={label} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({
  pressed,
  onClick,
  children,
  label,
}: {
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`min-w-9 rounded px-2 py-1 text-sm ${pressed ? 'bg-stone-ink text-white' : 'hover:bg-stone-200'}`}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const addLink = () => {
    const current = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt('Link address (a path such as /about-us, or https://…)', current);
    if (href === null) return;
    if (href.trim() === '') return void chain().unsetLink().run();
    const ok = isShopOrHttpsUrl(href.trim()) || /^(mailto|tel):/.test(href.trim());
    if (!ok)
      return void window.alert(
        'A link is a path on this shop, starting with /, or an https:// address',
      );
    chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const [inserting, setInserting] = useState(false);
  const insertImage = (image: ContentImageJson) => {
    const { src, srcset, alt, width, height } = image;
    // Offered at every width; a page's text column is at most about 720 px wide.
    const sizes = '(min-width: 768px) 720px, 100vw';
    chain()
      .insertContent({ type: 'image', attrs: { src, srcset, sizes, alt, width, height } })
      .run();
    setInserting(false);
  };
  return (
    <>
      <Buttons
        label={label}
        state={state}
        chain={chain}
        addLink={addLink}
        inserting={inserting}
        toggleImage={() => setInserting((open) => !open)}
      />
      {inserting ? (
        <div
          role="group"
          aria-label="Insert an image"
          className="border border-b-0 border-stone-300 bg-stone-50 p-3"
        >
          <ImageUpload label="Image file" button="Upload and insert" onUploaded={insertImage} />
        </div>
      ) : null}
    </>
  );
}

function Buttons({
  label,
  state,
  chain,
  addLink,
  inserting,
  toggleImage,
}: {
  label: string;
  state: Record<
    'bold' | 'italic' | 'h2' | 'h3' | 'bullets' | 'numbers' | 'quote' | 'link' | 'table',
    boolean
  >;
  chain: () => ReturnType<Editor['chain']>;
  addLink: () => void;
  inserting: boolean;
  toggleImage: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label={`${label} formatting`}
      className="flex flex-wrap gap-1 rounded-t border border-b-0 border-stone-300 bg-stone-50 p-1"
    >
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton
        label="Italic"
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <em>I</em>
      </ToolButton>
      <ToolButton
        label="Heading"
        pressed={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label="Subheading"
        pressed={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <ToolButton
        label="Bulleted list"
        pressed={state.bullets}
        onClick={() => chain().toggleBulletList().run()}
      >
        • List
      </ToolButton>
      <ToolButton
        label="Numbered list"
        pressed={state.numbers}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1. List
      </ToolButton>
      <ToolButton
        label="Quote"
        pressed={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        “ ”
      </ToolButton>
      <ToolButton label="Link" pressed={state.link} onClick={addLink}>
        Link
      </ToolButton>
      <ToolButton label="Insert image" pressed={inserting} onClick={toggleImage}>
        Image
      </ToolButton>
      <ToolButton
        label="Table"
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        Table
      </ToolButton>
      {state.table ? (
        <>
          <ToolButton label="Add a row below" onClick={() => chain().addRowAfter().run()}>
            + Row
          </ToolButton>
          <ToolButton
            label="Add a column to the right"
            onClick={() => chain().addColumnAfter().run()}
          >
            + Column
          </ToolButton>
          <ToolButton label="Delete the row" onClick={() => chain().deleteRow().run()}>
            − Row
          </ToolButton>
          <ToolButton label="Delete the column" onClick={() => chain().deleteColumn().run()}>
            − Column
          </ToolButton>
          <ToolButton label="Delete the table" onClick={() => chain().deleteTable().run()}>
            − Table
          </ToolButton>
        </>
      ) : null}
      <ToolButton label="Undo" onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label="Redo" onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </div>
  );
}
