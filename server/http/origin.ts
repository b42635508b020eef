import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The shop's own origin, for links in mail and feeds and for the cross-origin check. In
 * production it is always the configured one (loadConfig refuses to start without it), so a
 * forged Host or X-Forwarded-Host never reaches a link; elsewhere the request's own.
 */
export function shopOrigin(config: Pick<Config, 'publicOrigin'>, request: FastifyRequest): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}
