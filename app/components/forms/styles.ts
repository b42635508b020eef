/** The shop's two button looks, shared by every form. */
export const primaryButton =
  'rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold uppercase tracking-wide text-white hover:bg-stone-accent disabled:opacity-60';
export const secondaryButton =
  'rounded border border-stone-400 px-5 py-2.5 text-sm font-semibold uppercase tracking-wide hover:bg-stone-100 disabled:opacity-60';

export const inputClass =
  'rounded border border-stone-300 px-3 py-2 aria-invalid:border-red-700 disabled:bg-stone-100';
