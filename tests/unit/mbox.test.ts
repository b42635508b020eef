import { describe, expect, it } from 'vitest';
import { mboxEntry } from '#server/services/mbox.ts';

const date = new Date('2026-11-03T09:05:07.250Z');

describe('mboxEntry', () => {
  it('starts with the sender and the date in asctime form, UTC', () => {
    expect(mboxEntry('Tessera <hello@tessera.local>', date, 'Subject: Hi\r\n\r\nBody\r\n')).toBe(
      'From hello@tessera.local Tue Nov  3 09:05:07 2026\nSubject: Hi\n\nBody\n\n',
    );
  });

  it('takes a bare address as it is, and ends a message without a final line end', () => {
    expect(mboxEntry('shop@tessera.test', new Date('2026-12-24T23:59:59Z'), 'Subject: Hi')).toBe(
      'From shop@tessera.test Thu Dec 24 23:59:59 2026\nSubject: Hi\n\n',
    );
  });

  it("quotes every line that would read as the next mail's start, and only those", () => {
    const message = 'Subject: Hi\r\n\r\nFrom the shop\r\n>From a quote\r\nWe say From here\r\n';
    expect(mboxEntry('shop@tessera.test', date, message).split('\n').slice(1)).toEqual([
      'Subject: Hi',
      '',
      '>From the shop',
      '>>From a quote',
      'We say From here',
      '',
      '',
    ]);
  });
});
