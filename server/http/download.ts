import type { FastifyReply } from 'fastify';

/**
 * Answers an uploaded file as a download under its own name. Its type was judged from its
 * bytes on upload; nosniff keeps a browser from judging again and running it as a page.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; bytes: Buffer },
): Buffer {
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff');
  return file.bytes;
}
