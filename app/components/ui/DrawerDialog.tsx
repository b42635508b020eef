import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus.ts';

export interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Width on screens wider than it; narrower screens get the full width. */
  widthPx: number;
  /** Text read out after the title; omitted when the drawer's content speaks for itself. */
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A right-hand side drawer over a dimmed page. Radix traps focus inside, returns it to the
 * opener, closes on Escape and on a backdrop click, and locks page scrolling while open.
 */
export function DrawerDialog({
  open,
  onOpenChange,
  title,
  widthPx,
  description,
  children,
  footer,
}: DrawerProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-xl outline-none"
          style={{ maxWidth: widthPx }}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="rounded p-2 text-2xl leading-none hover:bg-stone-100"
              aria-label="Close"
            >
              ×
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className="sr-only">{description}</Dialog.Description>
          ) : null}
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <footer className="border-t border-stone-200 px-5 py-4">{footer}</footer>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
