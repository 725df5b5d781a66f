import { describe, expect, it } from 'vitest';
import { EMISOR, facturaCreditoEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { comprobantePdf } from './comprobante.ts';

/** The text pdfkit wrote (uncompressed streams, WinAnsi hex strings). */
function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines = pdf.toString('latin1').match(/\[[^\]]*\]\s*TJ/g) ?? [];
  return lines.map((l) => (l.match(/<([0-9a-f]*)>/gi) ?? []).map((h) => decoder.decode(Buffer.from(h.slice(1, -1), 'hex'))).join('')).join('\n');
}

const emitido = { hash: 'xMLFMnbgp1/bHEy572RKRTE9hPY=', codigo_qr: '20547812361|01|F001|00000005|666.00|4366.00|2026-11-24|6|20601234565|', aviso: '' };

/** The printed voucher says how it is paid (issue 23): 'Crédito' with its cuotas, or 'Contado'. */
describe('voucher PDF: form of payment', () => {
  it('a credit factura prints Crédito, the net pending amount and one row per cuota', async () => {
    const text = pdfText(await comprobantePdf(EMISOR, facturaCreditoEjemplo(), emitido, { compress: false }));
    expect(text).toContain('Crédito');
    expect(text).not.toContain('Contado');
    expect(text).toContain('Información del crédito');
    expect(text).toContain('Monto neto pendiente de pago: S/ 4,366.00 · Total de cuotas: 2');
    for (const t of ['N° de cuota', 'Fecha de vencimiento', '24/12/2026', '23/01/2027', 'S/ 2,183.00']) expect(text).toContain(t);
  });

  it('a cash factura prints Contado and no credit table', async () => {
    const text = pdfText(await comprobantePdf(EMISOR, facturaEjemplo(), emitido, { compress: false }));
    expect(text).toContain('Contado');
    expect(text).not.toContain('Información del crédito');
  });
});
