import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, MailThread, outboxDir } from '#server/services/mail.ts';
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
  it("appends each mail to the day's mbox, which a mail client opens, and its JSON lines", async () => {
    const { dataDir, mailer } = outboxMailer();
    await mailer.sendMail(message);
    await mailer.sendMail({ ...message, subject: 'Your order TS-100002' });
    const mails = outboxMails(dataDir);
    expect(mails).toMatchObject([
      { ...message, from: 'shop@tessera.test' },
      { ...message, subject: 'Your order TS-100002', from: 'shop@tessera.test' },
    ]);
    const day = mails[0]!.date.slice(0, 10);
    expect(readdirSync(outboxDir(dataDir)).sort()).toEqual([`${day}.jsonl`, `${day}.mbox`]);

    const mbox = readFileSync(join(outboxDir(dataDir), `${day}.mbox`), 'utf8');
    const entries = mbox.split(/^(?=From )/m);
    expect(entries).toHaveLength(2);
    const [first] = entries;
    expect(first).toMatch(/^From shop@tessera\.test \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}\n/);
    expect(first).toMatch(/^Subject: Your order TS-100001$/m);
    expect(first).toMatch(/^To: ada@example\.co\.uk$/m);
    // Bodies in base64: the text part decodes to the text sent, pound sign and all.
    const textPart =
      /Content-Type: text\/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n([A-Za-z0-9+/=\n]+?)\n(?:\n)?--/.exec(
        first!,
      );
    expect(Buffer.from(textPart![1]!.replace(/\n/g, ''), 'base64').toString('utf8')).toBe(
      message.text,
    );
    expect(entries[1]).toMatch(/^Subject: Your order TS-100002$/m);
  });

  it('makes the outbox again when it was deleted while the shop runs', async () => {
    const { dataDir, mailer } = outboxMailer();
    await mailer.sendMail(message);
    rmSync(outboxDir(dataDir), { recursive: true });
    await mailer.sendMail({ ...message, subject: 'Your order TS-100002' });
    expect(outboxMails(dataDir).map((mail) => mail.subject)).toEqual(['Your order TS-100002']);
  });
});

describe('mail over SMTP', () => {
  it('fails the send, with the reason, when the mail server does not answer', async () => {
    // Port 1 on this machine: nothing listens, so the connection is refused at once.
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'shop@tessera.test',
      dataDir: tmpdir(),
    });
    await expect(mailer.sendMail(message)).rejects.toThrow(/ECONNREFUSED 127\.0\.0\.1:1/);
  });
});

describe('the mail thread', () => {
  const dyingThread = () =>
    new MailThread(new URL('./fixtures/dying-mail-worker.ts', import.meta.url));
  const transport = {
    smtpUrl: null,
    from: 'shop@tessera.test',
    replyTo: null,
    outbox: tmpdir(),
    timeoutMs: 60_000,
  };

  it('fails the mail it died on, and starts again for the next', async () => {
    const thread = dyingThread();
    await thread.send({ transport, message });
    await expect(
      thread.send({ transport, message: { ...message, subject: 'die' } }),
    ).rejects.toThrow('The mail thread stopped (exit code 3)');
    await expect(thread.send({ transport, message })).resolves.toBeUndefined();
  });

  it('fails the mail of a thread that threw, once, and the next mail goes out', async () => {
    const thread = dyingThread();
    const thrown = thread.send({ transport, message: { ...message, subject: 'throw' } });
    await expect(thrown).rejects.toThrow('The mail could not be built');
    // Sent while the thread that threw is still exiting: its exit must not fail this mail.
    await expect(thread.send({ transport, message })).resolves.toBeUndefined();
  });
});
