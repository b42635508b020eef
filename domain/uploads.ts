// Documents people upload (a trade's evidence, a bespoke piece's drawing): a PDF or a photo,
// judged by its first bytes, never by the header or the name the client sent.

/** A letterhead, a drawing or a photo of one, as a PDF or an image: not a print-quality scan. */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The kind of a document from its first bytes, or null when it is none of the four. */
export function documentType(bytes: Uint8Array): DocumentContentType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** The file extension of a document's kind: pdf, jpg, png or webp. */
export function documentExtension(contentType: string): string {
  const ext = contentType === 'application/pdf' ? 'pdf' : contentType.split('/')[1]!;
  return ext === 'jpeg' ? 'jpg' : ext;
}

/**
 * The name a document downloads as: the name given without its folder or extension, in the
 * printable ASCII a Content-Disposition header can carry, and the extension of what its bytes are (a PNG named plan.pdf
 * downloads as plan.png), or `fallback` when nothing usable was given.
 *
 * documentFileName('Kitchen plan.PDF', 'image/png', 'drawing') → 'Kitchen plan.png'
 * documentFileName('../"x"', 'application/pdf', 'drawing') → 'x.pdf'
 */
export function documentFileName(
  given: string | undefined,
  contentType: string,
  fallback: string,
): string {
  const base = (given ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '')
    .trim()
    .slice(0, 80);
  return `${base.replace(/^[.\s]+/, '') || fallback}.${documentExtension(contentType)}`;
}
