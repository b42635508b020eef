import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ATTRIBUTES } from '#domain/catalogue.ts';
import { ALL_PRODUCTS_PATH, type MenuLink, type MenuTargetsJson } from '#domain/menu-links.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { LabelledSelect } from './LabelledSelect.tsx';
import { inputClass } from '../forms/styles.ts';

type Kind = MenuLink['type'] | '';

const KINDS: { value: Kind; label: string }[] = [
  { value: '', label: 'What its title gives (the shop’s rules)' },
  { value: 'page', label: 'A content page' },
  { value: 'category', label: 'A category listing' },
  { value: 'listing', label: 'A filtered listing (e.g. material: marble)' },
  { value: 'product', label: 'A product' },
];

function useTargets(q: string) {
  return useQuery({
    queryKey: ['admin', 'menu', 'targets', q],
    queryFn: async () =>
      (
        await adminFetch<{ data: MenuTargetsJson }>(
          `/api/admin/menu/targets?q=${encodeURIComponent(q)}`,
        )
      ).data,
    staleTime: 30_000,
  });
}

/** Every choice here starts unchosen. */
const Select = (props: Omit<Parameters<typeof LabelledSelect>[0], 'placeholder'>) => (
  <LabelledSelect placeholder="Choose…" {...props} />
);

/**
 * Where a menu entry leads: a page, a category listing, a filtered listing or a product, chosen
 * from what the shop holds; or nothing chosen, and the entry's title links it as before.
 */
export function MenuLinkPicker({
  name,
  link,
  onChange,
}: {
  /** The entry's number, e.g. 1.2.3, naming the controls. */
  name: string;
  link: MenuLink | null;
  onChange: (link: MenuLink | null) => void;
}) {
  const [kind, setKind] = useState<Kind>(link?.type ?? '');
  const [q, setQ] = useState('');
  const [listing, setListing] = useState({
    base: link?.type === 'listing' ? String(link.category_id ?? 'all') : '',
    filter: link?.type === 'listing' ? link.filter : '',
  });
  const targets = useTargets(kind === 'product' ? q.trim() : '');
  const data = targets.data;
  const chosenId = link && link.type !== 'listing' && link.type === kind ? String(link.id) : '';
  const pick = (type: 'page' | 'category' | 'product') => (value: string) =>
    onChange(value === '' ? null : { type, id: Number(value) });
  const setListingPart = (next: typeof listing, term: string) => {
    setListing(next);
    onChange(
      next.base && next.filter && term
        ? {
            type: 'listing',
            category_id: next.base === 'all' ? null : Number(next.base),
            filter: next.filter as Extract<MenuLink, { type: 'listing' }>['filter'],
            term,
          }
        : null,
    );
  };
  return (
    <div
      role="group"
      aria-label={`Link of entry ${name}`}
      className="flex flex-wrap items-end gap-2 rounded border border-stone-200 bg-stone-50 p-3"
    >
      <Select
        label={`Entry ${name} links to`}
        value={kind}
        options={KINDS.filter((k) => k.value !== '').map((k) => ({
          value: k.value,
          label: k.label,
        }))}
        onChange={(value) => {
          setKind(value as Kind);
          onChange(null);
        }}
      />
      {kind === 'page' && data ? (
        <Select
          label="Page"
          value={chosenId}
          onChange={pick('page')}
          options={data.pages.map((p) => ({
            value: String(p.id),
            label: `${p.title} (${p.href})`,
          }))}
        />
      ) : null}
      {kind === 'category' && data ? (
        <Select
          label="Category"
          value={chosenId}
          onChange={pick('category')}
          options={data.categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      ) : null}
      {kind === 'listing' && data ? (
        <>
          <Select
            label="Listing"
            value={listing.base}
            onChange={(base) => setListingPart({ ...listing, base }, '')}
            options={[
              { value: 'all', label: `All products (${ALL_PRODUCTS_PATH})` },
              ...data.categories.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
          <Select
            label="Filtered by"
            value={listing.filter}
            onChange={(filter) => setListingPart({ ...listing, filter }, '')}
            options={ATTRIBUTES.map((a) => ({ value: a.param, label: a.name }))}
          />
          <Select
            label="Value"
            value={link?.type === 'listing' ? link.term : ''}
            onChange={(term) => setListingPart(listing, term)}
            options={data.terms
              .filter((t) => t.filter === listing.filter)
              .map((t) => ({ value: t.slug, label: t.name }))}
          />
        </>
      ) : null}
      {kind === 'product' ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`product-search-${name}`} className="text-sm font-medium">
              Find a product (name or SKU)
            </label>
            <input
              id={`product-search-${name}`}
              type="search"
              className={inputClass}
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
          {data ? (
            <Select
              label="Product"
              value={chosenId}
              onChange={pick('product')}
              options={data.products.map((p) => ({ value: String(p.id), label: p.name }))}
            />
          ) : null}
        </>
      ) : null}
      {kind !== '' ? (
        <button
          type="button"
          className="rounded px-2 py-1 text-sm hover:bg-stone-200"
          onClick={() => {
            setKind('');
            onChange(null);
          }}
        >
          Link by its title instead
        </button>
      ) : null}
    </div>
  );
}
