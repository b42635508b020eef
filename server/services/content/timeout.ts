import { HttpError } from '../../http/errors.ts';

/** How long a content query may take before the answer is a 503 instead of a hung page. */
export const CONTENT_TIMEOUT_MS = 3_000;

export const contentUnavailable = () =>
  new HttpError(503, 'content_unavailable', 'Content is temporarily unavailable', undefined, {
    'retry-after': '5',
  });

/** Resolves with the work's result, or rejects with a 503 once `ms` have passed. */
export async function withTimeout<T>(work: Promise<T>, ms = CONTENT_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(contentUnavailable()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
