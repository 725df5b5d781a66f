import { describe, expect, it } from 'vitest';
import { EMISOR } from '../ejemplo.test-data.ts';
import { guiaEjemplo } from '../guia-ejemplo.test-data.ts';
import { qrModulos } from '../qr.ts';
import { guiaPdf } from './guia.ts';

/** The text pdfkit wrote (uncompressed streams, WinAnsi hex strings). */
function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines = pdf.toString('latin1').match(/\[[^\]]*\]\s*TJ/g) ?? [];
  return lines.map((l) => (l.match(/<([0-9a-f]*)>/gi) ?? []).map((h) => decoder.decode(Buffer.from(h.slice(1, -1), 'hex'))).join('')).join('\n');
}
/** Filled rectangles: the QR's dark runs, and the table header's shade. */
const rectangulos = (pdf: Buffer) => (pdf.toString('latin1').match(/ re\n/g) ?? []).length;

const ENLACE = 'https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=ZmFrZToyMDU0NzgxMjM2MS0wOS1UMDAxLTAwMDAwMDAx';

/** The printed guide (issue 23): what SUNAT's fields say, the driver's licence and document, the weight, and the QR. */
describe('sender guide PDF', () => {
  it('accepted: the QR with SUNAT\'s link, the driver with document and licence, the gross weight, the plate as typed', async () => {
    const pdf = await guiaPdf(EMISOR, guiaEjemplo(), { enlace_qr: ENLACE, aviso: '' }, { compress: false });
    // Lines joined: long texts wrap.
    const text = pdfText(pdf).replace(/\n/g, '');
    for (const t of ['GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE', 'T001-00000001', 'Carlos Huamaní Rojas', 'DNI 40211873', 'Q40211873',
      '16,800.000 Kilogramos (kg)', '01 - Venta', '02 - Transporte privado', 'AXK-714', '150140', `Consulte la guía en SUNAT: ${ENLACE}`]) {
      expect(text).toContain(t);
    }
    // Every dark run of the QR is a rectangle: far more than the header's shade alone.
    const sinQr = await guiaPdf(EMISOR, guiaEjemplo(), { enlace_qr: null, aviso: '' }, { compress: false });
    expect(rectangulos(pdf) - rectangulos(sinQr)).toBeGreaterThan(qrModulos(ENLACE).length);
    expect(pdfText(sinQr)).not.toContain('Consulte la guía en SUNAT');
  });

  it('not accepted or the demo: no QR and the warning in bold', async () => {
    const text = pdfText(await guiaPdf(EMISOR, guiaEjemplo(), { enlace_qr: null, aviso: 'Demostración: no enviado a SUNAT. Sin validez tributaria.' }, { compress: false }));
    expect(text).toContain('Demostración: no enviado a SUNAT. Sin validez tributaria.');
  });
});
