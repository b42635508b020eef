import type { FastifyInstance } from 'fastify';

/**
 * Takes bodies of these types whole, as a Buffer of at most `bodyLimit` bytes (413 above): an
 * uploaded file, which its handler judges by its bytes and never by this header.
 */
export function acceptRawBody(app: FastifyInstance, types: readonly string[], bodyLimit: number) {
  app.addContentTypeParser([...types], { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}
