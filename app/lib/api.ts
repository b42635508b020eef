import type { ApiErrorBody } from '#domain/api-types.ts';

/** An API answer that was not 2xx, with the server's JSON error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
  /** The text the storefront shows: login reads `error`, registration reads `message`. */
  get error(): string | undefined {
    return this.body?.error;
  }
  get fields(): Record<string, string> | undefined {
    return this.body?.fields;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Any 401 logs the shopper out (spec section 4): the account code subscribes here. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** More request headers, e.g. the checkout's Idempotency-Key. */
  headers?: Record<string, string>;
  /**
   * Whether a 401 signs the shopper out (spec section 4). The back office's calls say false:
   * a staff session running out is no reason to forget the shopper.
   */
  signsOutShopper?: boolean;
}

/**
 * The browser's one way to the API: same-origin JSON with the session cookie. No token is kept
 * in browser storage; the HttpOnly cookie authenticates.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await fetch(path, {
    method: request.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    if (response.status === 401 && request.signsOutShopper !== false) {
      for (const listener of unauthorizedListeners) listener();
    }
    throw new ApiError(response.status, json as ApiErrorBody | null);
  }
  return json as T;
}

/**
 * Sends a file as the raw body of a POST, typed as the browser knows it (the server judges its
 * bytes); answers the JSON reply, or throws an ApiError as apiFetch does.
 */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    body: file,
    headers: {
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
    },
  });
  const json = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new ApiError(response.status, json as ApiErrorBody | null);
  return json as T;
}
