import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useState } from 'react';
import { Spinner } from '../ui/Spinner.tsx';
import { lazyPart } from '../ui/lazy-part.ts';

// The calculator's form code loads when a shopper reaches for the button.
const ProjectCalculator = lazyPart(() =>
  import('./ProjectCalculator.tsx').then((module) => module.ProjectCalculator),
);

/** Home page 'Calculate My Project': opens the project calculator in a dialog. */
export function ProjectCalculatorButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        {...ProjectCalculator.openerProps}
        className="rounded border border-stone-ink px-5 py-3 font-semibold uppercase"
      >
        Calculate My Project
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full max-w-xl flex-col overflow-y-auto bg-white p-5 shadow-xl outline-none sm:top-8 sm:max-h-[calc(100dvh-4rem)] sm:rounded">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">Calculate My Project</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-2xl leading-none">
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-stone-700">
            Work out the square metres and whole pieces to order, with an allowance for cuts.
          </Dialog.Description>
          <Suspense fallback={<Spinner />}>
            <ProjectCalculator onAdded={() => setOpen(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
