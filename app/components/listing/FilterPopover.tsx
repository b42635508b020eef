import * as Popover from '@radix-ui/react-popover';
import type { FacetJson } from '#domain/api-types.ts';
import { FilterTriggerLabel, FILTER_TRIGGER_CLASS } from './FilterTrigger.tsx';
import { TermList } from './TermList.tsx';

export interface FilterPopoverProps {
  facet: FacetJson;
  selected: string[];
  onToggle(slug: string): void;
  onClear(): void;
}

/** One attribute's dropdown, open from its first render (it replaces the trigger clicked). */
export function FilterPopover({ facet, selected, onToggle, onClear }: FilterPopoverProps) {
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger className={FILTER_TRIGGER_CLASS}>
        <FilterTriggerLabel facet={facet} selected={selected} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={facet.name}
          align="start"
          sideOffset={6}
          className="z-30 max-h-[70vh] w-72 overflow-y-auto rounded border border-stone-200 bg-white p-4 shadow-lg"
        >
          <div className="mb-2 flex items-center justify-between">
            <span className="font-semibold">
              {facet.name}
              {selected.length > 0 ? ` (${selected.length} selected)` : ''}
            </span>
            {selected.length > 0 ? (
              <button
                type="button"
                className="text-sm underline underline-offset-2"
                onClick={onClear}
              >
                clear
              </button>
            ) : null}
          </div>
          <TermList facet={facet} selected={selected} onToggle={onToggle} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
