import { Link } from 'react-router';

/** The wordmark, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" aria-label="Tessera home" className={`flex items-center gap-2 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect x="2" y="2" width="13" height="13" fill="#8a6a43" />
        <rect x="17" y="2" width="13" height="13" fill="#1f1d1a" />
        <rect x="2" y="17" width="13" height="13" fill="#1f1d1a" />
        <rect x="17" y="17" width="13" height="13" fill="#c9b79c" />
      </svg>
      <span className="text-xl font-semibold tracking-[0.3em]">TESSERA</span>
    </Link>
  );
}
