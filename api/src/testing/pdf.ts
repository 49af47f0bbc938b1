// Reads a PDF back to its text, page by page (pdfjs-dist, Mozilla's PDF reader), so tests check what a
// document says rather than only its content type.
//   const pages = await pdfText(res.rawPayload);   // ['Receipt 2026-000001 ...', ...]
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page of a PDF, its pieces joined by spaces. Throws on anything that is not a PDF. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim());
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
