import { Link } from 'react-router';
import { LineIcon } from '../ui/LineIcon.tsx';

export const ACCOUNT_PATH = '/my-account';

/** The header's account link; hidden at 768 px and narrower, where the phone menu has it. */
export function AccountLink() {
  return (
    <Link
      to={ACCOUNT_PATH}
      className="hidden items-center gap-1.5 rounded p-2 text-sm hover:bg-stone-100 min-[769px]:flex"
    >
      <LineIcon strokeWidth={1.8}>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
      </LineIcon>
      <span className="sr-only lg:not-sr-only">My account</span>
    </Link>
  );
}
