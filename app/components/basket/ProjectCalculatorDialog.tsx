import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../ui/return-focus.ts';
import { ProjectCalculator } from './ProjectCalculator.tsx';

export interface ProjectCalculatorDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The project calculator in a dialog; closes once the calculated tiles are in the basket. */
export function ProjectCalculatorDialog({ open, onOpenChange }: ProjectCalculatorDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full max-w-xl flex-col overflow-y-auto bg-white p-5 shadow-xl outline-none sm:top-8 sm:max-h-[calc(100dvh-4rem)] sm:rounded"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">Calculate My Project</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-2xl leading-none">
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-stone-700">
            Work out the square metres and whole pieces to order, with an allowance for cuts.
          </Dialog.Description>
          <ProjectCalculator onAdded={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
