import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { MENU_CLOSE_DELAY_MS } from '#domain/menu.ts';
import { slugify } from '#domain/slug.ts';
import { ServerHtml } from '../ui/ServerHtml.tsx';
import { MenuActions, MenuGroupColumns } from './MegaMenuLinks.tsx';
import type { MenuEntryView } from './menu-tree.ts';

export interface MegaMenuState {
  openTitle: string | null;
  toggle(title: string): void;
  close(): void;
  /** Pointer left the entry: close after the spec's delay unless it comes back. */
  closeSoon(): void;
  keepOpen(): void;
}

/** One open panel at a time, closed on navigation and after the 300 ms leave delay. */
export function useMegaMenu(): MegaMenuState {
  const [openTitle, setOpenTitle] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const location = useLocation();
  const keepOpen = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const close = () => {
    keepOpen();
    setOpenTitle(null);
  };
  useEffect(() => {
    setOpenTitle(null);
  }, [location.pathname, location.search]);
  useEffect(() => {
    const pending = timer;
    return () => {
      if (pending.current) clearTimeout(pending.current);
    };
  }, []);
  return {
    openTitle,
    toggle: (title) => {
      keepOpen();
      setOpenTitle((current) => (current === title ? null : title));
    },
    close,
    closeSoon: () => {
      keepOpen();
      timer.current = setTimeout(() => setOpenTitle(null), MENU_CLOSE_DELAY_MS);
    },
    keepOpen,
  };
}

/**
 * A top-level entry: a button that toggles its panel of link columns (a disclosure, so focus
 * moves from the button straight into the panel), or a plain link for an entry without groups.
 * Escape closes the panel and returns focus to the button; so does tabbing out of it.
 */
export function MegaMenuEntry({ entry, menu }: { entry: MenuEntryView; menu: MegaMenuState }) {
  const button = useRef<HTMLButtonElement>(null);
  const open = menu.openTitle === entry.title;
  const panelId = `mega-menu-${slugify(entry.title)}`;
  if (entry.groups.length === 0) {
    return (
      <li>
        <Link
          to={entry.href ?? '/collections'}
          className="block px-3 py-4 text-sm font-medium tracking-wide uppercase hover:underline"
        >
          {entry.title}
        </Link>
      </li>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      menu.close();
      button.current?.focus();
    }
  };
  return (
    <li
      onMouseEnter={open ? menu.keepOpen : undefined}
      onMouseLeave={open ? menu.closeSoon : undefined}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
          menu.close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => menu.toggle(entry.title)}
        className="flex items-center gap-1 px-3 py-4 text-sm font-medium tracking-wide uppercase hover:underline aria-expanded:underline"
      >
        {entry.title}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-t border-stone-200 bg-white shadow-xl"
      >
        {/* A panel's links (some 150 elements in all, a third of a page) hydrate at first open. */}
        <ServerHtml live={open} className="mx-auto max-w-7xl space-y-8 px-8 py-8">
          <MenuGroupColumns groups={entry.groups} onChoose={menu.close} />
          <MenuActions onChoose={menu.close} />
        </ServerHtml>
      </div>
    </li>
  );
}

/** The dimmed page behind an open panel; a click on it closes the panel. */
export function MegaMenuOverlay({ menu }: { menu: MegaMenuState }) {
  if (menu.openTitle === null) return null;
  return (
    <div aria-hidden="true" onClick={menu.close} className="fixed inset-0 z-30 bg-stone-ink/40" />
  );
}
