import { createHash } from 'node:crypto';
import type { Checkout } from '#domain/checkout.ts';

/** The same request sends the same fields: a hash independent of their order. */
export function requestHash(input: Checkout): string {
  const canonical = (value: unknown): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}
