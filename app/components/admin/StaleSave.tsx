import { ApiError } from '#app/lib/api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';

/**
 * Whether a save was refused because someone saved first (or stock moved): the server's 409 of a
 * save from an older version ('version_conflict') or of stock changed from a figure that moved
 * ('stock_moved').
 */
export function isStaleSave(error: unknown): error is ApiError {
  const code = error instanceof ApiError ? error.body?.code : undefined;
  return code === 'version_conflict' || code === 'stock_moved';
}

/**
 * The refusal of a stale save, with the server's account of who changed what, and the two ways
 * on: load their version (dropping this form's changes), or load it and put this form's changes
 * back on top, to check and save again.
 */
export function StaleSaveNotice({
  noun,
  message,
  onReload,
  onReapply,
}: {
  /** What was saved first: 'product', 'page', 'category' ("Reload the page"). */
  noun: string;
  message: string;
  onReload: () => void;
  onReapply: () => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <FormMessage kind="error">{message}</FormMessage>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={onReload}>
          Reload the {noun}
        </button>
        <button type="button" className={secondaryButton} onClick={onReapply}>
          Re-apply my changes
        </button>
      </div>
    </div>
  );
}
