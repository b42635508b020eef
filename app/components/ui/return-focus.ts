import { useRef } from 'react';

/**
 * Handlers for a Radix Dialog opened without a Dialog.Trigger (from state): focus goes back to
 * whatever had it when the dialog opened, as it would to a trigger.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
