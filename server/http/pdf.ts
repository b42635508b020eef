import type { FastifyReply } from 'fastify';

/** Answers a PDF shown in the browser's viewer, saved as `filename` when downloaded. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): Buffer {
  reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`);
  return pdf;
}
