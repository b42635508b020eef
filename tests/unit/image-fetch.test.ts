import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchImage,
  ImageFetchError,
  type ImageFetchLimits,
} from '#server/services/media/image-fetch.ts';

let server: Server;
let base: string;
let png: Buffer;

const limits: ImageFetchLimits = {
  maxBytes: 64 * 1024,
  // Loopback answers at once on an idle machine; a busy one may take seconds to schedule them.
  timeoutMs: 30_000,
  maxRedirects: 3,
  allowPrivate: true,
};

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#a8a29e' } })
    .png()
    .toBuffer();
  // An image host with every answer an import may meet.
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://host');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/stone.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (url.pathname === '/redirect') {
      const next = hops > 1 ? `/redirect?hops=${hops - 1}` : '/stone.png';
      response.writeHead(302, { location: next }).end();
    } else if (url.pathname === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
    } else if (url.pathname === '/large-declared') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '10000000' });
      response.end();
    } else if (url.pathname === '/large-streamed') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.alloc(limits.maxBytes + 1));
    } else if (url.pathname === '/silent') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 10)); // and never the rest
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The error a fetch fails with. */
async function failure(url: string, overrides: Partial<ImageFetchLimits> = {}) {
  const error = await fetchImage(url, { ...limits, ...overrides }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageFetchError);
  const { kind, message } = error as ImageFetchError;
  return { kind, message };
}

describe('fetchImage', () => {
  it('answers the bytes of an image, following a few redirects', async () => {
    expect(await fetchImage(`${base}/stone.png`, limits)).toEqual(png);
    expect(await fetchImage(`${base}/redirect?hops=3`, limits)).toEqual(png);
  });

  it('refuses more redirects than allowed', async () => {
    expect(await failure(`${base}/redirect?hops=4`)).toEqual({
      kind: 'unreachable',
      message: 'more than 3 redirects',
    });
  });

  it('refuses an answer that is not an image, or not there', async () => {
    expect(await failure(`${base}/page.html`)).toEqual({
      kind: 'not-image',
      message: 'not an image',
    });
    expect(await failure(`${base}/missing.png`)).toEqual({
      kind: 'unreachable',
      message: 'the server answered 404',
    });
    expect((await failure('ftp://example.invalid/a.png')).message).toBe(
      'not an http or https address',
    );
    expect((await failure('not a url')).message).toBe('not a web address');
  });

  it('refuses an image larger than the limit, declared or streamed', async () => {
    expect(await failure(`${base}/large-declared`)).toEqual({
      kind: 'too-large',
      message: 'larger than 0.0625 MB',
    });
    expect((await failure(`${base}/large-streamed`)).kind).toBe('too-large');
  });

  it('gives up on a server that stops answering', async () => {
    expect(await failure(`${base}/silent`, { timeoutMs: 300 })).toEqual({
      kind: 'unreachable',
      message: 'no answer in time',
    });
  });

  it('refuses loopback and private addresses unless allowed', async () => {
    expect(await failure(`${base}/stone.png`, { allowPrivate: false })).toEqual({
      kind: 'unreachable',
      message: 'the address is on a private network',
    });
    expect(
      await failure('http://10.0.0.1/a.png', { allowPrivate: false, timeoutMs: 1_000 }),
    ).toEqual({ kind: 'unreachable', message: 'the address is on a private network' });
    // A redirect to a private address is checked like the first address.
    expect(
      await failure(`http://localhost:${new URL(base).port}/redirect`, { allowPrivate: false }),
    ).toEqual({ kind: 'unreachable', message: 'the address is on a private network' });
  });
});
