import type { ReactNode } from 'react';
import { secondaryButton } from '../forms/styles.ts';

const smallButton = 'rounded px-2 py-1 text-xs hover:bg-stone-200 disabled:opacity-40';

/**
 * A list of rows staff add, remove and reorder (a form's field array): each row a card with its
 * heading and the ↑ ↓ Remove buttons, the row's fields under it, an Add button after the list.
 * The delivery zones, the hero slides and the promotional tiles are edited through it.
 */
export function RowList({
  rows,
  noun,
  heading,
  move,
  remove,
  add,
  children,
}: {
  /** The field array's rows, keyed by their id. */
  rows: readonly { id: string }[];
  /** What a row is called in the buttons' names: "zone" gives "Move zone 2 up". */
  noun: string;
  heading: (index: number) => ReactNode;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  add: { label: string; onClick: () => void };
  children: (index: number) => ReactNode;
}) {
  return (
    <>
      <ol className="flex flex-col gap-4">
        {rows.map((row, i) => (
          <li key={row.id} className="flex flex-col gap-3 rounded border border-stone-300 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{heading(i)}</h3>
              <div className="flex gap-1">
                <button
                  type="button"
                  className={smallButton}
                  disabled={i === 0}
                  aria-label={`Move ${noun} ${i + 1} up`}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={i === rows.length - 1}
                  aria-label={`Move ${noun} ${i + 1} down`}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Remove ${noun} ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </button>
              </div>
            </div>
            {children(i)}
          </li>
        ))}
      </ol>
      <button type="button" className={`${secondaryButton} self-start`} onClick={add.onClick}>
        {add.label}
      </button>
    </>
  );
}
