import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MENU_MAX_DEPTH, menuInputSchema, type MenuTreeNode } from '#domain/content-admin.ts';
import { failureMessage } from '#app/components/admin/ui.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import { adminFetch } from '#app/lib/admin-api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { ContentNav } from '#app/components/admin/ContentNav.tsx';
import { MenuLinkPicker } from '#app/components/admin/MenuLinkPicker.tsx';
import type { MenuLink } from '#domain/menu-links.ts';

/** The menu as the back office loads it: with the version its save is made from. */
interface LoadedMenu {
  tree: (MenuTreeNode & { href?: string })[];
  version: number;
}

/** A node while it is edited: a key of its own so React keeps inputs with their entries. */
interface Draft {
  key: number;
  title: string;
  link: MenuLink | null;
  /** Where the saved entry leads, as the server worked it out; dropped when the link changes. */
  href?: string;
  children: Draft[];
}

let nextKey = 1;
const toDraft = (nodes: LoadedMenu['tree']): Draft[] =>
  nodes.map((n) => ({
    key: nextKey++,
    title: n.title,
    link: n.link ?? null,
    href: n.href,
    children: toDraft(n.children),
  }));
const toTree = (nodes: Draft[]): MenuTreeNode[] =>
  nodes.map((n) => ({
    title: n.title,
    ...(n.link ? { link: n.link } : {}),
    children: toTree(n.children),
  }));
const newEntry = (): Draft => ({ key: nextKey++, title: '', link: null, children: [] });

/** The list at `path` (indices of parents) inside `nodes`, changed by `change`, immutably. */
function changeAt(nodes: Draft[], path: number[], change: (list: Draft[]) => Draft[]): Draft[] {
  if (path.length === 0) return change(nodes);
  const [first, ...rest] = path;
  return nodes.map((node, i) =>
    i === first ? { ...node, children: changeAt(node.children, rest, change) } : node,
  );
}

const smallButton = 'rounded px-2 py-1 text-xs hover:bg-stone-200 disabled:opacity-40';

function Entries({
  nodes,
  path,
  update,
}: {
  nodes: Draft[];
  path: number[];
  update: (path: number[], change: (list: Draft[]) => Draft[]) => void;
}) {
  const [picking, setPicking] = useState<number | null>(null);
  return (
    <ul
      className={`flex flex-col gap-2 ${path.length > 0 ? 'ml-6 border-l border-stone-200 pl-3' : ''}`}
    >
      {nodes.map((node, i) => {
        const name = [...path, i].map((n) => n + 1).join('.');
        return (
          <li key={node.key} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-1">
              <input
                aria-label={`Menu entry ${name}`}
                className={`${inputClass} min-w-56`}
                value={node.title}
                onChange={(event) => {
                  const title = event.target.value;
                  update(path, (list) => list.map((n, j) => (j === i ? { ...n, title } : n)));
                }}
              />
              <button
                type="button"
                className={smallButton}
                disabled={i === 0}
                aria-label={`Move entry ${name} up`}
                onClick={() =>
                  update(path, (list) => {
                    const next = [...list];
                    [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
                    return next;
                  })
                }
              >
                ↑
              </button>
              <button
                type="button"
                className={smallButton}
                disabled={i === nodes.length - 1}
                aria-label={`Move entry ${name} down`}
                onClick={() =>
                  update(path, (list) => {
                    const next = [...list];
                    [next[i], next[i + 1]] = [next[i + 1]!, next[i]!];
                    return next;
                  })
                }
              >
                ↓
              </button>
              {path.length + 1 < MENU_MAX_DEPTH ? (
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Add an entry under ${name}`}
                  onClick={() => update([...path, i], (list) => [...list, newEntry()])}
                >
                  + under
                </button>
              ) : null}
              <button
                type="button"
                className={smallButton}
                aria-expanded={picking === node.key}
                aria-label={`Choose the link of entry ${name}`}
                onClick={() => setPicking((key) => (key === node.key ? null : node.key))}
              >
                Link
              </button>
              <button
                type="button"
                className={smallButton}
                aria-label={`Remove entry ${name}${node.children.length > 0 ? ' and what is under it' : ''}`}
                onClick={() => update(path, (list) => list.filter((_n, j) => j !== i))}
              >
                Remove
              </button>
              <span className="text-xs text-stone-600">
                {node.link ? `→ ${node.href ?? 'chosen target (saved on Save)'}` : ''}
              </span>
            </div>
            {picking === node.key ? (
              <MenuLinkPicker
                name={name}
                link={node.link}
                onChange={(link) =>
                  update(path, (list) =>
                    list.map((n, j) => (j === i ? { ...n, link, href: undefined } : n)),
                  )
                }
              />
            ) : null}
            {node.children.length > 0 ? (
              <Entries nodes={node.children} path={[...path, i]} update={update} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The mega-menu: its entries in order, up to three levels (section, group, link). An entry links
 * to the page, listing or product chosen for it, or else by its title (spec section 2), so a title
 * is all an entry needs.
 */
export default function AdminMenu() {
  const queryClient = useQueryClient();
  const menu = useQuery({
    queryKey: ['admin', 'menu'],
    queryFn: async () => (await adminFetch<{ data: LoadedMenu }>('/api/admin/menu')).data,
  });
  const [draft, setDraft] = useState<Draft[] | null>(null);
  // Moved on by this form's saves (and reloads) only, so a colleague's save in between is refused.
  const [version, setVersion] = useState<number | null>(null);
  const [message, setMessage] = useState<{
    kind: 'error' | 'success' | 'stale';
    text: string;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  const nodes = draft ?? (menu.data ? toDraft(menu.data.tree) : null);
  if (nodes !== null && draft === null) {
    setDraft(nodes);
    setVersion(menu.data!.version);
  }

  const update = (path: number[], change: (list: Draft[]) => Draft[]) => {
    setMessage(null);
    setDraft((current) => changeAt(current ?? [], path, change));
  };

  const save = async () => {
    const tree = toTree(draft ?? []);
    const checked = menuInputSchema.safeParse({ tree });
    if (!checked.success) {
      return setMessage({ kind: 'error', text: checked.error.issues[0]!.message });
    }
    setSaving(true);
    try {
      const { data } = await adminFetch<{ data: LoadedMenu }>('/api/admin/menu', {
        method: 'PUT',
        body: { tree: checked.data.tree, ...(version === null ? {} : { version }) },
      });
      queryClient.setQueryData(['admin', 'menu'], data);
      setDraft(toDraft(data.tree));
      setVersion(data.version);
      setMessage({ kind: 'success', text: 'Menu saved: the shop shows it now.' });
    } catch (error) {
      setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text: failureMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  /** Loads the menu someone saved first: theirs replaces this draft, or this draft goes on top. */
  const reload = async (keepMine: boolean) => {
    const fresh = await menu.refetch();
    if (!fresh.data) return;
    setVersion(fresh.data.version);
    if (keepMine) {
      setMessage({
        kind: 'success',
        text: 'Your menu is back on top of the saved one: check and save',
      });
    } else {
      setDraft(toDraft(fresh.data.tree));
      setMessage(null);
    }
  };

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Mega-menu</h1>
      <ContentNav />
      {menu.error ? (
        <p role="alert">The menu could not be loaded: please try again.</p>
      ) : nodes === null ? (
        <Spinner label="Loading the menu" />
      ) : (
        <section aria-label="Menu entries" className="flex flex-col gap-4">
          {message?.kind === 'stale' ? (
            <StaleSaveNotice
              noun="menu"
              message={message.text}
              onReload={() => void reload(false)}
              onReapply={() => void reload(true)}
            />
          ) : message ? (
            <FormMessage kind={message.kind}>{message.text}</FormMessage>
          ) : null}
          <Entries nodes={nodes} path={[]} update={update} />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="rounded border border-stone-400 px-3 py-1.5 text-sm"
              onClick={() => update([], (list) => [...list, newEntry()])}
            >
              Add a top-level entry
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={saving}
              onClick={() => void save()}
            >
              Save the menu
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
