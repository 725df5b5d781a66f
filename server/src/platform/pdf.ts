/**
 * What every PDF of the product shares (orders, entry orders, e-vouchers): the look (A4 portrait,
 * Helvetica, the same greys) and how dates and empty values are written. Amounts and quantities use
 * the screens' own rules (domain/src/common/format.ts), so a PDF reads the same figures the staff see.
 */

/** Fonts, colours and the A4 page in points; each document keeps its own margins and columns. */
export const PDF_STYLE = {
  REG: 'Helvetica',
  BOLD: 'Helvetica-Bold',
  ITALIC: 'Helvetica-Oblique',
  TEXT: '#1a1a1a',
  MUTED: '#555555',
  RULE: '#b5b5b5',
  SHADE: '#ececec',
  PAGE_W: 595.28,
  PAGE_H: 841.89,
} as const;

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` as `dd/mm/yyyy` (with `hh:mm` when `withTime`), as the screens; a dash when empty. */
export function date(text: string | null | undefined, withTime = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(text ?? '');
  if (!m) return text?.trim() ? text : '-';
  return `${m[3]}/${m[2]}/${m[1]}${withTime && m[4] ? ` ${m[4]}` : ''}`;
}

/** An empty text as a dash (spec 1 §9). */
export const orDash = (v: string | null | undefined) => (v?.trim() ? v.trim() : '-');

/**
 * A new A4 document and the promise of its bytes, which settles once the caller has drawn it and
 * called `doc.end()`. pdfkit is loaded on the first PDF, not at start-up (about a sixth of a second of CPU).
 */
export async function openPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
