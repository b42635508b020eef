import { Suspense, useState } from 'react';
import { DRAWER_WIDTHS_PX } from '#domain/catalogue.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { lazyPart, openerProps } from '../ui/lazy-part.tsx';

// Few sizes are out of stock and few shoppers ask: the form code loads on the way to the drawer.
const EnquiryForm = lazyPart(() =>
  import('../enquiry/EnquiryForm.tsx').then((module) => module.EnquiryForm),
);

/** The 'Enquire about a lead time.' link of an out-of-stock size, opening the enquiry form. */
export function LeadTimeEnquiry({
  product,
  sizeOption,
}: {
  product: { id: number; name: string };
  sizeOption: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="text-stone-ink underline underline-offset-2"
        onClick={() => setOpen(true)}
        {...openerProps(EnquiryForm, Drawer)}
      >
        Enquire about a lead time.
      </button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Enquire about a lead time"
        widthPx={DRAWER_WIDTHS_PX.size}
        description={`${product.name}, ${sizeOption}`}
      >
        <p className="mb-4 text-sm">
          {product.name}: {sizeOption}
        </p>
        <Suspense fallback={<Spinner />}>
          <EnquiryForm kind="lead-time" product={product} sizeOption={sizeOption} />
        </Suspense>
      </Drawer>
    </>
  );
}
