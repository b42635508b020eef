import { describe, expect, it } from 'vitest';
import {
  DISPATCH_MESSAGES,
  dispatchSchema,
  isCalendarDay,
  isHttpsLink,
  MAIL_MAX_ATTEMPTS,
  mailRetryDelayMs,
  mailStatus,
} from './order-mail.ts';

describe('retrying mail', () => {
  it('waits 30 s after the first failure, doubling to at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(mailRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ]);
    expect(mailRetryDelayMs(50)).toBe(3_600_000);
  });

  it('gives up after about three hours of tries', () => {
    const waited = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) =>
      mailRetryDelayMs(i + 1),
    ).reduce((sum, ms) => sum + ms, 0);
    expect(waited / 3_600_000).toBeCloseTo(3.06, 1);
    expect(MAIL_MAX_ATTEMPTS).toBe(10);
  });

  it('reads a row as sent, failed or pending', () => {
    expect(mailStatus({ sent_at: new Date(), failed_at: null })).toBe('sent');
    expect(mailStatus({ sent_at: null, failed_at: new Date() })).toBe('failed');
    expect(mailStatus({ sent_at: null, failed_at: null })).toBe('pending');
  });
});

describe('dispatch details', () => {
  it('takes only https tracking links with a host', () => {
    expect(isHttpsLink('https://track.example/PW-1')).toBe(true);
    expect(isHttpsLink('http://track.example/PW-1')).toBe(false);
    expect(isHttpsLink('javascript:alert(1)')).toBe(false);
    expect(isHttpsLink('track.example/PW-1')).toBe(false);
  });

  it('takes only days of the calendar', () => {
    expect(isCalendarDay('2026-12-03')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('3/12/2026')).toBe(false);
  });

  it('names each field a member of staff got wrong', () => {
    const parsed = dispatchSchema.safeParse({
      carrier: '',
      tracking_number: 'PW-1',
      tracking_url: 'ftp://x',
      delivery_date: '2026-13-01',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['carrier', DISPATCH_MESSAGES.carrier],
      ['tracking_url', DISPATCH_MESSAGES.trackingUrl],
      ['delivery_date', DISPATCH_MESSAGES.deliveryDate],
    ]);
  });
});
