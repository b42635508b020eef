import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { MailAttachment } from '../mail.ts';
import { identitySection } from '../settings/identity-section.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import { quoteJson, readQuote } from './quote-store.ts';

/** A quote revision's PDF, as staff download it and as its mail carries it. */
export async function quotePdf(
  db: Database,
  where: ReturnType<typeof sql>,
): Promise<Buffer | null> {
  const row = await readQuote(db, where);
  if (!row) return null;
  const [quote, seller] = await Promise.all([
    quoteJson(db, row, { history: false }),
    identitySection.read(db),
  ]);
  return renderQuotePdf(quote, seller);
}

/** The PDF attached to a quote's mail as it leaves (the revision never changes once sent). */
export async function quoteAttachment(db: Database, id: number): Promise<MailAttachment> {
  const content = await quotePdf(db, sql`q.id = ${id}`);
  if (!content) throw new Error(`Quote ${id} is gone: nothing to attach`);
  return { filename: 'quote.pdf', contentType: 'application/pdf', content };
}
