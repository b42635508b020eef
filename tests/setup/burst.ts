import type { FastifyInstance } from 'fastify';

/** A JSON POST from the address `ip`, through `inject`: bursts try many at once. */
export async function postFrom(app: FastifyInstance, url: string, body: unknown, ip: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** How many answers had each status: { 201: 10, 429: 90 }. */
export const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
