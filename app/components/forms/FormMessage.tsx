import type { ReactNode } from 'react';

/** A form-level message: failures are announced at once, successes politely. */
export function FormMessage({
  kind,
  children,
}: {
  kind: 'error' | 'success';
  children: ReactNode;
}) {
  return kind === 'error' ? (
    <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-800">
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded border border-green-200 bg-green-50 px-3 py-2 text-green-800"
    >
      {children}
    </p>
  );
}
