import { useEffect } from 'react';
import { Link } from 'react-router';
import * as Accordion from '@radix-ui/react-accordion';
import * as Dialog from '@radix-ui/react-dialog';
import { ACCOUNT_PATH } from './AccountLink.tsx';
import { MenuActions, MenuGroupColumns } from './MegaMenuLinks.tsx';
import type { MenuEntryView } from './menu-tree.ts';
import { useReturnFocus } from '../ui/return-focus.ts';
import { LineIcon } from '../ui/LineIcon.tsx';

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5 transition-transform group-data-[state=open]:rotate-180"
      fill="currentColor"
    >
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

export interface MobileMenuDialogProps {
  entries: MenuEntryView[];
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The phone menu's full-screen accordion of the menu entries, with the account page, all
 * collections and Get Quote. Radix keeps focus inside and closes on Escape; focus goes back to
 * the hamburger; the page does not scroll while it is open.
 */
export function MobileMenuDialog({ entries, open, onOpenChange }: MobileMenuDialogProps) {
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus();
  // Radix's own scroll lock does not take effect in this build, so the menu locks the page itself.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className="rounded p-2 hover:bg-stone-100">
              <LineIcon>
                <path d="M6 6l12 12M18 6 6 18" />
              </LineIcon>
            </Dialog.Close>
          </div>
          <nav aria-label="Menu" className="flex-1 px-4">
            <Accordion.Root type="single" collapsible>
              {entries.map((entry) =>
                entry.groups.length === 0 ? (
                  <Link
                    key={entry.title}
                    to={entry.href ?? '/collections'}
                    onClick={close}
                    className="block border-b border-stone-200 py-4 font-medium uppercase"
                  >
                    {entry.title}
                  </Link>
                ) : (
                  <Accordion.Item
                    key={entry.title}
                    value={entry.title}
                    className="border-b border-stone-200"
                  >
                    <Accordion.Header>
                      <Accordion.Trigger className="group flex w-full items-center justify-between py-4 text-left font-medium uppercase">
                        {entry.title}
                        <Chevron />
                      </Accordion.Trigger>
                    </Accordion.Header>
                    <Accordion.Content className="pb-5">
                      <MenuGroupColumns groups={entry.groups} onChoose={close} headingLevel="h3" />
                    </Accordion.Content>
                  </Accordion.Item>
                ),
              )}
            </Accordion.Root>
            <Link
              to={ACCOUNT_PATH}
              onClick={close}
              className="block border-b border-stone-200 py-4 font-medium"
            >
              My account
            </Link>
            <div className="py-6">
              <MenuActions onChoose={close} />
            </div>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
