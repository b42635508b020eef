import { describe, expect, it } from 'vitest';
import { documentFileName, documentType } from './uploads.ts';

describe('uploaded documents', () => {
  it('are judged by their first bytes', () => {
    expect(documentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(documentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(documentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(documentType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('download under the name given, with the extension of their bytes', () => {
    expect(documentFileName('Kitchen plan.PDF', 'image/png', 'drawing')).toBe('Kitchen plan.png');
    expect(documentFileName('C:\\plans\\worktop.jpeg', 'image/jpeg', 'drawing')).toBe(
      'worktop.jpg',
    );
    expect(documentFileName('../"x"', 'application/pdf', 'drawing')).toBe('x.pdf');
    expect(documentFileName('Küche', 'image/webp', 'drawing')).toBe('Kche.webp');
    expect(documentFileName(undefined, 'application/pdf', 'drawing')).toBe('drawing.pdf');
    expect(documentFileName('...', 'application/pdf', 'drawing')).toBe('drawing.pdf');
  });
});
