import { splitAroundLogo } from '#domain/menu.ts';
import { BasketButton } from '../basket/BasketButton.tsx';
import { AccountLink } from './AccountLink.tsx';
import { Logo } from './Logo.tsx';
import { MegaMenuEntry, MegaMenuOverlay, useMegaMenu } from './MegaMenu.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { MenuEntryView } from './menu-tree.ts';

/**
 * Desktop (1024 px and wider): search and basket above the mega-menu, whose first two entries
 * sit left of the logo. Narrower: hamburger, logo and basket, with the search box below.
 */
export function Header({ entries }: { entries: MenuEntryView[] }) {
  const menu = useMegaMenu();
  const { left, right } = splitAroundLogo(entries);
  const item = (entry: MenuEntryView) => (
    <MegaMenuEntry key={entry.title} entry={entry} menu={menu} />
  );
  return (
    <>
      <header className="relative z-40 border-b border-stone-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 lg:px-8">
          <div className="flex items-center gap-3 py-3">
            <div className="lg:hidden">
              <MobileMenu entries={entries} />
            </div>
            <Logo className="lg:hidden" />
            <SearchBox className="hidden w-80 lg:flex" />
            <div className="ml-auto flex items-center gap-1">
              <AccountLink />
              <BasketButton />
            </div>
          </div>
          <SearchBox className="mb-3 lg:hidden" />
          <nav aria-label="Main" className="hidden grid-cols-[1fr_auto_1fr] items-center lg:grid">
            <ul className="flex justify-end gap-2 pr-8">{left.map(item)}</ul>
            <Logo />
            <ul className="flex gap-2 pl-8">{right.map(item)}</ul>
          </nav>
        </div>
      </header>
      <MegaMenuOverlay menu={menu} />
    </>
  );
}
