import type { ReactNode } from 'react';

/**
 * A line icon on a 24-unit grid, drawn in the text's colour. Hidden from assistive technology:
 * the button or link around it carries the words.
 */
export function LineIcon({
  className = 'size-6',
  strokeWidth = 2,
  children,
}: {
  className?: string;
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {children}
    </svg>
  );
}
