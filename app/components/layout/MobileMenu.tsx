import { useState } from 'react';
import { lazyDialog } from '../ui/lazy-dialog.tsx';
import { openerProps } from '../ui/lazy-part.tsx';
import type { MenuEntryView } from './menu-tree.ts';
import { LineIcon } from '../ui/LineIcon.tsx';

// The menu's dialog and accordion code loads on the way to the first tap of the hamburger.
const MobileMenuDialog = lazyDialog(() =>
  import('./MobileMenuDialog.tsx').then((module) => module.MobileMenuDialog),
);

/** The phone menu: a hamburger opening the full-screen menu (MobileMenuDialog). */
export function MobileMenu({ entries }: { entries: MenuEntryView[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        {...openerProps(MobileMenuDialog)}
        className="-ml-2 rounded p-2 text-stone-ink hover:bg-stone-100"
      >
        <LineIcon>
          <path d="M4 6h16M4 12h16M4 18h16" />
        </LineIcon>
      </button>
      <MobileMenuDialog entries={entries} open={open} onOpenChange={setOpen} />
    </>
  );
}
