import { useEffect, useState, type ComponentType } from 'react';
import { codeLoader, PART_UNAVAILABLE } from './lazy-part.tsx';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * A dialog or drawer whose code, and the dialog library's, loads when it first opens (or when
 * its opener is pointed at, see `openerProps`) instead of with every page. Until then it renders
 * nothing, as a closed dialog does; once loaded it stays mounted, so it closes as it should. If
 * the code cannot be fetched the shopper is told, and the next opening tries again.
 */
export function lazyDialog<Props extends DialogProps>(load: () => Promise<ComponentType<Props>>) {
  const { fetch, preload, loaded } = codeLoader(load);

  function LazyDialog(props: Props) {
    const [Dialog, setDialog] = useState(() => loaded());
    const [failed, setFailed] = useState(false);
    const { open, onOpenChange } = props;
    useEffect(() => {
      if (!open || Dialog) return;
      let current = true;
      setFailed(false);
      fetch().then(
        (component) => current && setDialog(() => component),
        () => {
          if (!current) return;
          setFailed(true);
          onOpenChange(false);
        },
      );
      return () => {
        current = false;
      };
    }, [open, Dialog, onOpenChange]);
    if (Dialog) return <Dialog {...props} />;
    if (!failed) return null;
    return (
      <p
        role="alert"
        className="fixed inset-x-4 bottom-4 z-50 rounded bg-stone-ink px-4 py-3 text-sm text-white shadow-lg sm:left-auto sm:max-w-sm"
      >
        {PART_UNAVAILABLE}
      </p>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
