// A PDF read back as a reader reads it (pdfjs-dist, Firefox's PDF engine): what a search finds.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface ReadPdf {
  pages: string[];
  info: Record<string, unknown>;
}

/** The text of each page, pieces joined by single spaces, and the document's info. */
export async function readPdf(buffer: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({
    data: new Uint8Array(buffer),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      pages.push(text.replace(/\s+/g, ' ').trim());
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}
