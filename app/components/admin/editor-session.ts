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
