import { useId } from 'react';
import { Form, useNavigate, useSearchParams } from 'react-router';
import { LineIcon } from '../ui/LineIcon.tsx';

export const SEARCH_PATH = '/stone-collection/all-products';
const SEARCH_MAX_LENGTH = 100;

/**
 * Searches all products: the listing reads `search` from the URL. A plain GET form underneath,
 * so it also works before the page has hydrated.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      className={`flex items-center rounded-full border border-stone-300 bg-white focus-within:border-stone-ink ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get('search') ?? '').trim();
        navigate(text ? `${SEARCH_PATH}?${new URLSearchParams({ search: text })}` : SEARCH_PATH);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search for products
      </label>
      <input
        key={current}
        id={id}
        name="search"
        type="search"
        defaultValue={current}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search for products..."
        className="min-w-0 flex-1 bg-transparent py-2 pl-4 text-sm outline-none placeholder:text-stone-600"
      />
      <button type="submit" aria-label="Search" className="p-2 pr-3 text-stone-ink">
        <LineIcon className="size-5">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </LineIcon>
      </button>
    </Form>
  );
}
