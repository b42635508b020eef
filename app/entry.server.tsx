import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { scriptsAfterLargestPaint } from './lib/scripts-after-paint.ts';

const STREAM_TIMEOUT_MS = 10_000;

export const streamTimeout = STREAM_TIMEOUT_MS;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const context = loadContext as Partial<PageLoadContext>;
  const nonce = context.cspNonce ?? '';
  // Renders take turns (the server's CPU); the slot is given back once all is rendered.
  const giveBack = context.renderTurn ? await context.renderTurn() : () => undefined;
  let given = false;
  const done = () => {
    if (!given) giveBack();
    given = true;
  };
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
    const whole = isbot(request.headers.get('user-agent') ?? '');
    const send = () => {
      shellRendered = true;
      const body = scriptsAfterLargestPaint(nonce);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A page renders once its loaders have their data, so every boundary is complete when
        // the shell is. React would still send a large one after the shell, its fallback in
        // place (a spinner, then the page moving when the content swaps in, hidden from
        // crawlers that run no script): the whole page comes in order instead.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!whole) send();
        },
        onAllReady() {
          // A pending timer would keep the whole render in memory until it fired.
          allRendered = true;
          clearTimeout(deadline);
          done();
          if (whole) send();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          done();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    if (!allRendered) {
      deadline = setTimeout(() => {
        abort();
        done();
      }, STREAM_TIMEOUT_MS + 1000);
    }
  });
}
