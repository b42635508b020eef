import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { UPLOAD_MAX_BYTES } from '#domain/admin-images.ts';

export interface ImageFetchLimits {
  /** Bytes the image may have. */
  maxBytes: number;
  /** Time for the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Whether addresses on the shop's own networks (loopback, private, link-local) may be fetched;
   * refused in production unless configured, so an import cannot probe the shop's internals.
   */
  allowPrivate: boolean;
}

export const IMAGE_FETCH_LIMITS: Omit<ImageFetchLimits, 'allowPrivate'> = {
  maxBytes: UPLOAD_MAX_BYTES,
  timeoutMs: 15_000,
  maxRedirects: 3,
};

/** Why an image could not be fetched, in words for the import's report. */
export class ImageFetchError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'not-image' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

const agents = (allowPrivate: boolean) => ({
  http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: allowPrivate }),
  https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: allowPrivate }),
});
const PUBLIC_ONLY = agents(false);
const ANY_ADDRESS = agents(true);

/** One GET without following redirects; the answer's body is left to the caller. */
function get(url: URL, limits: ImageFetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const { http, https } = limits.allowPrivate ? ANY_ADDRESS : PUBLIC_ONLY;
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(url, {
      agent: secure ? https : http,
      headers: { accept: 'image/*', 'user-agent': 'Tessera product import' },
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

/** The body, refused once it passes the limit (whatever Content-Length claimed). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      response.destroy();
      throw new ImageFetchError('too-large', `larger than ${maxBytes / 1024 / 1024} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Why a fetch failed, in words; `timedOut` when its time ran out (whatever broke then). */
const describe = (error: unknown, timedOut: boolean): string => {
  if (timedOut) return 'no answer in time';
  const { code, message } = error as NodeJS.ErrnoException;
  if (/not allowed/.test(message ?? '')) return 'the address is on a private network';
  return code ?? message ?? 'unknown error';
};

/**
 * An image's bytes from an http(s) URL, within the limits: the address must be public (unless
 * allowed), redirects are followed a few times and each hop is checked the same way, the answer
 * must say it is an image, and neither its size nor the time may pass their bounds. Whether the
 * bytes really are an image, and how many pixels it has, is for the caller to check.
 */
export async function fetchImage(url: string, limits: ImageFetchLimits): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ImageFetchError('unreachable', 'not a web address');
  }
  try {
    for (let hop = 0; ; hop++) {
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        throw new ImageFetchError('unreachable', 'not an http or https address');
      }
      const response = await get(target, limits, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (hop >= limits.maxRedirects) {
          throw new ImageFetchError('unreachable', `more than ${limits.maxRedirects} redirects`);
        }
        target = new URL(location, target);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new ImageFetchError('unreachable', `the server answered ${status}`);
      }
      if (!/^image\//i.test(response.headers['content-type'] ?? '')) {
        response.resume();
        throw new ImageFetchError('not-image', 'not an image');
      }
      if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
        response.destroy();
        throw new ImageFetchError('too-large', `larger than ${limits.maxBytes / 1024 / 1024} MB`);
      }
      return await readBody(response, limits.maxBytes);
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    throw new ImageFetchError('unreachable', describe(error, signal.aborted));
  }
}
