import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';

/** The origin of the configured reviews widget script, which pages must allow to load and run. */
export function widgetOrigin(src: string | undefined): string | undefined {
  if (!src) return undefined;
  try {
    return new URL(src).origin;
  } catch {
    return undefined;
  }
}

export function pagesCsp(nonce: string, scriptOrigin?: string): string {
  const extra = scriptOrigin ? ` ${scriptOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "media-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What route loaders get as `context`: the API in-process, so pages and browser see one shape. */
export interface PageLoadContext {
  cspNonce: string;
  config: Pick<Config, 'reviewsWidgetSrc' | 'mapTileUrl'>;
  /** GET an /api or /wp-json path through the same app, without a socket. */
  api<T = unknown>(
    path: string,
  ): Promise<{ status: number; data: T; headers: Record<string, string> }>;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = `${request.protocol}://${request.host}${request.raw.url}`;
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Every path not served by the API: React Router's server rendering. Built assets are served
 * from build/client, the hashed ones as immutable.
 */
export async function pages(app: FastifyInstance, options: { buildDir: string; config: Config }) {
  const serverEntry = join(options.buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`No storefront build at ${serverEntry}: run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(
    build,
    options.config.env === 'production' ? 'production' : 'development',
  );

  await app.register(fastifyStatic, {
    root: join(options.buildDir, 'client'),
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  await app.register(async (scope) => {
    // Pages read no bodies themselves: React Router gets the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/*', async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const context: PageLoadContext = {
        cspNonce: nonce,
        config: {
          reviewsWidgetSrc: options.config.reviewsWidgetSrc,
          mapTileUrl: options.config.mapTileUrl,
        },
        api: async (path) => {
          const response = await app.inject({
            method: 'GET',
            url: path,
            headers: { cookie: request.headers.cookie ?? '', 'x-forwarded-host': request.host },
          });
          return {
            status: response.statusCode,
            data: (response.statusCode < 500 ? response.json() : null) as never,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([k, v]) => [k, String(v)]),
            ),
          };
        },
      };
      const response = await handle(toFetchRequest(request, reply), context as never);
      reply.status(response.status);
      reply.header(
        'content-security-policy',
        pagesCsp(nonce, widgetOrigin(options.config.reviewsWidgetSrc)),
      );
      for (const [key, value] of response.headers) {
        if (key === 'set-cookie') continue;
        reply.header(key, value);
      }
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    });
  });
}
