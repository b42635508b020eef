import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminProductJson, ProductStatus } from '#domain/admin-catalogue.ts';
import { LIFECYCLE_MESSAGES } from '#domain/admin-product-lifecycle.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { failureMessage } from '#app/components/admin/ui.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';

export type ProductActionOutcome = {
  kind: 'success' | 'error';
  text: string;
  copy?: { id: number; name: string };
};
type Outcome = ProductActionOutcome;

/**
 * Archive (or restore), duplicate and delete one product, on the product list and in the editor.
 * A delete is confirmed first; the server refuses one for a product on an order, saying so.
 */
export function ProductActions({
  product,
  onChanged,
  onOutcome,
}: {
  product: { id: number; name: string; status: ProductStatus; version?: number };
  /** After a change: the product as it is now, or null once deleted. */
  onChanged?: (product: AdminProductJson | null) => void;
  /**
   * Where the outcome is said instead of under the buttons: on the product list an archived or
   * deleted product's row leaves the list as it reloads, and its message would go with it.
   */
  onOutcome?: (outcome: Outcome | null) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [shownHere, setShownHere] = useState<Outcome | null>(null);
  const outcome = onOutcome ? null : shownHere;
  const setOutcome = onOutcome ?? setShownHere;
  const archived = product.status === 'archived';

  const run = async (work: () => Promise<Outcome>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await work());
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    } catch (error) {
      setOutcome({ kind: 'error', text: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const archive = () =>
    run(async () => {
      const answer = await adminFetch<{ data: AdminProductJson }>(
        `/api/admin/products/${product.id}/archive`,
        { method: 'POST', body: { archived: !archived, version: product.version } },
      );
      onChanged?.(answer.data);
      return {
        kind: 'success',
        text: archived
          ? LIFECYCLE_MESSAGES.unarchived(product.name)
          : LIFECYCLE_MESSAGES.archived(product.name),
      };
    });
  const duplicate = () =>
    run(async () => {
      const answer = await adminFetch<{ data: AdminProductJson }>(
        `/api/admin/products/${product.id}/duplicate`,
        { method: 'POST' },
      );
      const copy = { id: answer.data.id, name: answer.data.name };
      return { kind: 'success', text: LIFECYCLE_MESSAGES.duplicated(copy.name), copy };
    });
  const remove = () => {
    if (!window.confirm(`Delete ${product.name} for good?`)) return;
    void run(async () => {
      const version = product.version === undefined ? '' : `?version=${product.version}`;
      await adminFetch(`/api/admin/products/${product.id}${version}`, { method: 'DELETE' });
      onChanged?.(null);
      return { kind: 'success', text: LIFECYCLE_MESSAGES.deleted(product.name) };
    });
  };

  const button = `${secondaryButton} px-2 py-1 text-xs`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-1" role="group" aria-label={`Actions for ${product.name}`}>
        <button type="button" className={button} disabled={busy} onClick={() => void archive()}>
          {archived ? 'Restore' : 'Archive'}
          <span className="sr-only"> {product.name}</span>
        </button>
        <button type="button" className={button} disabled={busy} onClick={() => void duplicate()}>
          Duplicate<span className="sr-only"> {product.name}</span>
        </button>
        <button type="button" className={button} disabled={busy} onClick={remove}>
          Delete<span className="sr-only"> {product.name}</span>
        </button>
      </div>
      {outcome ? <ProductActionMessage outcome={outcome} /> : null}
    </div>
  );
}

/** What an archive, duplicate or delete came to; a copy's message links to its editor. */
export function ProductActionMessage({ outcome }: { outcome: Outcome }) {
  return (
    <FormMessage kind={outcome.kind}>
      {outcome.text}
      {outcome.copy ? (
        <>
          {' '}
          <Link className="underline" to={`/admin/products/${outcome.copy.id}`}>
            Edit the copy
          </Link>
        </>
      ) : null}
    </FormMessage>
  );
}
