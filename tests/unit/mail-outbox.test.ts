import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, outboxDir } from '#server/services/mail.ts';
import { outboxMails } from '#tests/setup/outbox.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outboxMailer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-mail-'));
  dirs.push(dataDir);
  return {
    dataDir,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: 'shop@tessera.test', dataDir }),
  };
}

const message = {
  to: 'ada@example.co.uk',
  subject: 'Your order TS-100001',
  text: 'Thank you for your order: £1,234.56 with VAT.\nFrom the shop, with thanks.',
  html: '<p>Thank you for your order: <b>£1,234.56</b> with VAT.</p>',
};

describe('the outbox (mail without SMTP)', () => {
  it('writes each mail as an .eml a mail client opens, and as .json', async () => {
    const { dataDir, mailer } = outboxMailer();
    await mailer.sendMail(message);
    const [mail] = outboxMails(dataDir);
    expect(mail).toMatchObject({ ...message, from: 'shop@tessera.test' });
    const eml = readdirSync(outboxDir(dataDir)).find((name) => name.endsWith('.eml'))!;
    const raw = readFileSync(join(outboxDir(dataDir), eml), 'utf8');
    expect(raw).toMatch(/^Subject: Your order TS-100001\r$/m);
    expect(raw).toMatch(/^To: ada@example\.co\.uk\r$/m);
    // Bodies in base64: the text part decodes to the text sent, pound sign and all.
    const textPart =
      /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:\r\n)?--/.exec(
        raw,
      );
    expect(Buffer.from(textPart![1]!.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe(
      message.text,
    );
  });

  it('makes the outbox again when it was deleted while the shop runs', async () => {
    const { dataDir, mailer } = outboxMailer();
    await mailer.sendMail(message);
    rmSync(outboxDir(dataDir), { recursive: true });
    await mailer.sendMail({ ...message, subject: 'Your order TS-100002' });
    expect(outboxMails(dataDir).map((mail) => mail.subject)).toEqual(['Your order TS-100002']);
  });
});
