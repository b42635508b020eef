import { useState } from 'react';
import { lazyDialog } from '../ui/lazy-dialog.tsx';
import { openerProps } from '../ui/lazy-part.tsx';

// The calculator's dialog and form code load when a shopper reaches for the button.
const ProjectCalculatorDialog = lazyDialog(() =>
  import('./ProjectCalculatorDialog.tsx').then((module) => module.ProjectCalculatorDialog),
);

/** Home page 'Calculate My Project': opens the project calculator in a dialog. */
export function ProjectCalculatorButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        {...openerProps(ProjectCalculatorDialog)}
        className="rounded border border-stone-ink px-5 py-3 font-semibold uppercase"
      >
        Calculate My Project
      </button>
      <ProjectCalculatorDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
