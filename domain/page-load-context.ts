/**
 * What route loaders get as `context`, shared by the server that makes it and the pages that
 * read it: the storefront knows the shape, never the server's code.
 */
export interface ApiAnswer<T> {
  status: number;
  data: T;
  headers: Record<string, string>;
}

/** What route loaders get as `context`: the API in-process, so pages and browser see one shape. */
export interface PageLoadContext {
  cspNonce: string;
  config: {
    reviewsWidgetSrc: string | undefined;
    mapTileUrl: string | undefined;
    /** Whether "Find address" has an address service behind it. */
    addressLookup: boolean;
  };
  /** GET an /api or /wp-json path through the same app, without a socket. */
  api<T = unknown>(path: string): Promise<ApiAnswer<T>>;
  /**
   * GET an /api path as the shopper, with the page request's session cookie (the checkout, an
   * order). A page that calls it shows one shopper's data: it is never kept in the page cache
   * and goes out as `no-store`.
   */
  shopperApi<T = unknown>(path: string): Promise<ApiAnswer<T>>;
  /**
   * Waits for one of the render slots, once the loaders have their data; the returned function
   * gives it back once the page is rendered.
   */
  renderTurn(): Promise<() => void>;
  /**
   * Whether the request came with a session cookie: without one nobody is signed in. Only a
   * route whose page is never kept (`no-store`, the account area) may show what it says, as
   * every other page is shared by all visitors.
   */
  hasSessionCookie: boolean;
}
