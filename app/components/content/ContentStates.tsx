import { Spinner } from '../ui/Spinner.tsx';

export const ERROR_LOADING_PAGE = 'Error loading page';

/** What a CMS page shows while it loads on a client navigation. */
export function PageSpinner() {
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Loading page" />
    </div>
  );
}

/** Spec section 8: a CMS page that failed or has no data. */
export function ErrorLoadingPage() {
  return (
    <p role="alert" className="py-16 text-center text-stone-700">
      {ERROR_LOADING_PAGE}
    </p>
  );
}
