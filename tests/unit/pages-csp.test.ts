import { describe, expect, it } from 'vitest';
import { pagesCsp, STRIPE_ORIGINS } from '#server/plugins/pages.ts';

const directive = (csp: string, name: string) =>
  csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe("pages' Content-Security-Policy", () => {
  it('allows only the shop itself and the nonce by default', () => {
    const csp = pagesCsp('abc');
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-abc'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
  });

  it('lets Stripe.js load and reach its API when card payments are on, and nothing else', () => {
    const csp = pagesCsp('abc', STRIPE_ORIGINS);
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' 'nonce-abc' https://js.stripe.com",
    );
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://js.stripe.com https://api.stripe.com",
    );
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
