import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The shop's own origin for links in mail and feeds: PUBLIC_ORIGIN, else the request's. */
export function shopOrigin(config: Pick<Config, 'publicOrigin'>, request: FastifyRequest): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}
