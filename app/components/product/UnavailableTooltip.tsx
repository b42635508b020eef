import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/** A tooltip over a disabled control, saying why it is disabled. */
export function UnavailableTooltip({
  label,
  message,
  children,
}: {
  /** What screen readers hear on the focusable wrapper, e.g. 'Carrara Marble: Sample is not available'. */
  label: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <Tooltip.Provider delayDuration={0}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
          <span tabIndex={0} className="block" aria-label={label}>
            {children}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 rounded bg-stone-ink px-3 py-1.5 text-sm text-white shadow"
          >
            {message}
            <Tooltip.Arrow className="fill-stone-ink" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
