import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import type { MailAttachment } from '../mail.ts';
import { renderCreditNotePdf } from '../orders/credit-note-pdf.ts';
import { renderInvoicePdf } from '../orders/invoice-pdf.ts';
import type { OrderService } from '../orders/orders.ts';
import { RefundService } from '../orders/refunds.ts';
import { invoiceByNumber } from '../orders/invoices.ts';
import { identitySection } from '../settings/identity-section.ts';
import { quoteAttachment } from '../quotes/quote-document.ts';
import { attachmentName } from './outbox.ts';
import type { DueMail } from './sender.ts';

/**
 * Builds a mail's PDFs as it leaves, from the invoice or credit note row (which never change
 * once written): the same papers staff download from the back office.
 */
export function outboxAttachments(db: Database, orders: OrderService) {
  const notes = new RefundService(db, orders, null);
  return async (mail: DueMail): Promise<MailAttachment[]> => {
    const quotes = mail.attachments.filter((a) => a.kind === 'quote');
    if (quotes.length > 0) return Promise.all(quotes.map((a) => quoteAttachment(db, a.id)));
    if (mail.attachments.length === 0 || mail.order_id === null) return [];
    const [order, seller] = await Promise.all([
      orders.json(mail.order_id),
      // Read afresh: papers print the shop's details as they are when the mail leaves.
      identitySection.read(db),
    ]);
    const built: MailAttachment[] = [];
    for (const attachment of mail.attachments) {
      if (attachment.kind === 'invoice' && attachment.number !== undefined) {
        const numbered = await invoiceByNumber(db, mail.order_id, attachment.number);
        if (!numbered) throw new Error(`Order ${order.number} has no invoice ${attachment.number}`);
        built.push({
          filename: attachmentName(attachment),
          contentType: 'application/pdf',
          content: await renderInvoicePdf(numbered.snapshot ?? order, numbered, seller),
        });
      } else if (attachment.kind === 'invoice') {
        const invoice = await orders.invoice(mail.order_id);
        if (!invoice) throw new Error(`Order ${order.number} has no invoice to attach`);
        built.push({
          filename: attachmentName(attachment, invoice.number),
          contentType: 'application/pdf',
          content: await renderInvoicePdf(order, invoice, seller),
        });
      } else if (attachment.kind === 'credit_note') {
        const printed = formatCreditNoteNumber(attachment.number);
        const note = (await notes.creditNotes(order.number)).find((n) => n.number === printed);
        if (!note) throw new Error(`Order ${order.number} has no credit note ${printed}`);
        built.push({
          filename: attachmentName(attachment),
          contentType: 'application/pdf',
          content: await renderCreditNotePdf(order, note, seller),
        });
      }
    }
    return built;
  };
}

/** Whether any mail of the outbox waits to be sent (for a health figure and tests). */
export async function pendingMailCount(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
  );
  return row?.n ?? 0;
}
