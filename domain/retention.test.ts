import { describe, expect, it } from 'vitest';
import { consentFromCookies } from './cookie-names.ts';
import { serverCookieNames } from './cookies.ts';
import { erasedEmail, retentionDaysFrom } from './retention.ts';

describe('retentionDaysFrom', () => {
  it.each([
    [undefined, 730],
    ['', 730],
    ['90', 90],
    ['2190', 2190],
  ])('reads %j as %i days', (value, days) => {
    expect(retentionDaysFrom(value)).toBe(days);
  });

  it.each(['89', '30', '0', '-5', '365.5', 'two years'])('refuses %j', (value) => {
    expect(() => retentionDaysFrom(value)).toThrow(
      'GUEST_DATA_RETENTION_DAYS must be a whole number of days, at least 90',
    );
  });
});

it('moves an erased order’s email to a reserved domain, unique per order', () => {
  expect(erasedEmail('TS-100001')).toBe('TS-100001@erased.invalid');
});

describe('consentFromCookies', () => {
  it.each([
    ['tessera_consent=all', 'all'],
    ['a=1; tessera_consent=essential; b=2', 'essential'],
    ['tessera_consent=maybe', null],
    ['', null],
    [null, null],
    ['not_tessera_consent=all', null],
  ])('reads %j as %j', (header, choice) => {
    expect(consentFromCookies(header)).toBe(choice);
  });
});

it('names the server cookies with the __Host- prefix in production', () => {
  expect(serverCookieNames(false)).toEqual(['tessera_session', 'tessera_staff']);
  expect(serverCookieNames(true)).toEqual(['__Host-tessera_session', '__Host-tessera_staff']);
});
