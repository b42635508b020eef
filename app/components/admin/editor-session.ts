import { useState } from 'react';
import type {
  AdminProductJson,
  ProductEditInput,
  VariationsGridInput,
} from '#domain/admin-catalogue.ts';

/** What a form whose save was refused as stale puts back after the editor reloads. */
export type Reapply =
  | { form: 'product'; values: Partial<ProductEditInput> }
  | { form: 'sizes'; rows: VariationsGridInput['variations']; removed: number[] };

/**
 * The product editor's forms share one version of the product (docs/api.md, "Versions"): each
 * save is sent from it, and each of this editor's own saves moves it on.
 */
export interface EditorSession {
  version: number;
  /** This editor's save went through: later saves are made from its answer's version. */
  saved: (data: AdminProductJson) => void;
  /** Someone saved first: load their product; with `reapply`, put this form's changes back. */
  reload: (reapply?: Reapply) => Promise<void>;
  /** The changes being put back after a reload, once. */
  reapply: Reapply | null;
}

/** The fields of a form's values that differ from what it loaded: what it puts back on re-apply. */
export function changedFields<T extends object>(values: T, loaded: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(loaded[key as keyof T]),
    ),
  ) as Partial<T>;
}

/**
 * The reload of a form whose save was refused as stale (docs/api.md, "Versions"): `reload` fetches
 * the saved resource again, then `generation` moves on so the form (keyed by it) starts over from
 * that version, with `reapply` (this form's changes, when re-applying) on top, once.
 */
export function useStaleReload<T>(refetch: () => Promise<unknown>) {
  const [generation, setGeneration] = useState(0);
  const [reapply, setReapply] = useState<T | null>(null);
  const reload = async (next?: T) => {
    await refetch();
    setReapply(next ?? null);
    setGeneration((n) => n + 1);
  };
  return { generation, reapply, reload };
}
