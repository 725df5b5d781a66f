import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaEjemplo } from './ejemplo.test-data.ts';
import { crearProveedorInterno } from './interno.ts';
import { comprobantePdf } from './pdf.ts';
import { crearProveedorComprobantes, type ComprobanteSolicitud } from './provider.ts';
import { qrModulos } from './qr.ts';
import { codigoQr } from './solicitud.ts';

const proveedor = crearProveedorInterno(EMISOR);

/** The text a PDF built without compression shows: its TJ strings, decoded as WinAnsi. */
function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines = pdf.toString('latin1').match(/\[[^\]]*\]\s*TJ/g) ?? [];
  return lines.map((l) => (l.match(/<([0-9a-f]*)>/gi) ?? []).map((h) => decoder.decode(Buffer.from(h.slice(1, -1), 'hex'))).join('')).join('\n');
}

describe('built-in provider: emitir', () => {
  it('issues the factura: XML, its SHA-256 digest and SUNAT QR content', async () => {
    const r = await proveedor.emitir(facturaEjemplo());
    expect(r).toMatchObject({ aceptado: true, estado_sunat: 'aceptado', mensaje: 'La factura electrónica F001-00000001 ha sido emitida', enlace_pdf: null });
    expect(r.hash).toBe(createHash('sha256').update(r.xml!, 'utf8').digest('base64'));
    expect(r.codigo_qr).toBe(`20547812361|01|F001|00000001|666.00|4366.00|2026-11-24|6|20601234565|${r.hash}|`);
  });

  it('QR content: the fields in SUNAT order, the digest only when there is one', () => {
    expect(codigoQr('20547812361', boletaEjemplo(), null)).toBe('20547812361|03|B001|00000042|86.40|566.40|2026-11-24|1|45678912|');
  });

  const refusals: [string, (s: ComprobanteSolicitud) => ComprobanteSolicitud, string][] = [
    ['a factura to a DNI', (s) => ({ ...s, cliente: { ...s.cliente, tipo_documento: '1', numero_documento: '45678912' } }), 'Para emitir una factura el cliente debe tener RUC'],
    ['a factura to a RUC with a wrong check digit', (s) => ({ ...s, cliente: { ...s.cliente, numero_documento: '20601234566' } }), 'El RUC del cliente (20601234566) no es válido'],
    ['a factura in a B series', (s) => ({ ...s, serie: 'B001' }), 'La serie B001 no corresponde a una factura'],
    ['number 0', (s) => ({ ...s, numero: 0 }), 'El número del comprobante debe estar entre 1 y 99999999'],
    ['a bad date', (s) => ({ ...s, fecha_emision: '2026-13-01' }), 'La fecha u hora de emisión no es válida'],
    ['no lines', (s) => ({ ...s, lineas: [] }), 'El comprobante no tiene líneas'],
    ['totals that do not add up', (s) => ({ ...s, total: '4366.01' }), 'Los totales del comprobante no cuadran con sus líneas'],
    ['a line that does not add up', (s) => ({ ...s, lineas: [{ ...s.lineas[0], total: '3776.01' }, s.lineas[1]] }), 'Los importes de la línea 1 no cuadran'],
    ['an amount with one decimal', (s) => ({ ...s, igv: '666.0' }), 'Los importes del comprobante deben tener dos decimales'],
    ['a zero quantity', (s) => ({ ...s, lineas: [{ ...s.lineas[0], cantidad: '0.0000' }, s.lineas[1]] }), 'La cantidad de la línea 1 no es válida'],
  ];
  it.each(refusals)('refuses %s with a Spanish message', async (_, cambiar, mensaje) => {
    expect(await proveedor.emitir(cambiar(facturaEjemplo()))).toEqual({
      aceptado: false, estado_sunat: 'rechazado', mensaje, enlace_pdf: null, xml: null, hash: null, codigo_qr: '',
    });
  });

  it('a boleta takes a DNI, a CE, a RUC, and no document below S/ 700', async () => {
    const b = boletaEjemplo();
    expect((await proveedor.emitir(b)).aceptado).toBe(true);
    expect((await proveedor.emitir({ ...b, cliente: { ...b.cliente, tipo_documento: '4', numero_documento: '001234567' } })).aceptado).toBe(true);
    expect((await proveedor.emitir({ ...b, cliente: { ...b.cliente, tipo_documento: '6', numero_documento: '20601234565' } })).aceptado).toBe(true);
    const sinDoc = { ...b, cliente: { ...b.cliente, tipo_documento: '0' as const, numero_documento: '' } };
    expect((await proveedor.emitir(sinDoc)).codigo_qr).toMatch(/\|03\|B001\|00000042\|86\.40\|566\.40\|2026-11-24\|0\|-\|/);
    const grande = facturaEjemplo();
    expect((await proveedor.emitir({ ...grande, tipo: 'boleta', serie: 'B001', cliente: sinDoc.cliente })).mensaje)
      .toBe('Una boleta de S/ 700.00 o más debe llevar el DNI, RUC o carné de extranjería del cliente');
    expect((await proveedor.emitir({ ...b, cliente: { ...b.cliente, numero_documento: '4567891' } })).mensaje).toBe('El DNI del cliente debe tener 8 dígitos');
  });

  it('the factory gives the built-in provider when Nubefact is not configured', () => {
    const p = crearProveedorComprobantes({ company: { name: 'X', ruc: EMISOR.ruc, address: 'Y', ubigeo: '150119' }, nubefact: null });
    expect(p.nombre).toBe('interno');
  });
});

describe('built-in provider: PDF', () => {
  it('renders an A4 PDF with the header, the box, the buyer, the lines, the totals, the words and the legend', async () => {
    const s = facturaEjemplo();
    const emitido = await proveedor.emitir(s);
    const pdf = await comprobantePdf(EMISOR, s, emitido, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = pdfText(pdf);
    for (const esperado of [
      'Concretera Andina S.A.C.', 'RUC 20547812361', 'FACTURA ELECTRÓNICA', 'F001-00000001', 'Constructora Los Álamos & Asociados S.A.C.',
      '20601234565', '24/11/2026 10:30:00', 'OV-123', "Concreto premezclado f'c 210 kg/cm²", 'm³', '377.60', '3,200.00', 'hora',
      'OP. GRAVADA', 'S/ 3,700.00', 'IGV 18 %', 'S/ 666.00', 'IMPORTE TOTAL', 'S/ 4,366.00',
      'SON: CUATRO MIL TRESCIENTOS SESENTA Y SEIS CON 00/100 SOLES', 'Entrega en obra: Av. Javier Prado 2500',
      'Representación impresa de la FACTURA ELECTRÓNICA.', 'Página 1 de 1',
    ]) expect(text).toContain(esperado);
    // The compressed PDF (what the caller serves) is still a PDF and smaller.
    const compressed = await proveedor.pdf(s, emitido);
    expect(compressed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(compressed.length).toBeLessThan(pdf.length);
  });

  it('a boleta of 60 lines runs over pages with the table header repeated', async () => {
    const b = boletaEjemplo();
    const lineas = Array.from({ length: 60 }, (_, i) => ({ ...b.lineas[0], codigo: `PV-${i}` }));
    const s = { ...b, lineas, subtotal: '28800.00', igv: '5184.00', total: '33984.00' };
    const pdf = await comprobantePdf(EMISOR, s, await proveedor.emitir(s), { compress: false });
    const text = pdfText(pdf);
    expect(text).toContain('BOLETA DE VENTA ELECTRÓNICA');
    expect(text).toContain('BOLETA DE VENTA ELECTRÓNICA B001-00000042 (continuación)');
    expect(text.match(/DESCRIPCIÓN/g)!.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/Página 2 de [23]/);
    expect(text).toContain('SON: TREINTA Y TRES MIL NOVECIENTOS OCHENTA Y CUATRO CON 00/100 SOLES');
  });

  it('the QR is a square matrix with the three finder patterns', () => {
    const m = qrModulos('20547812361|01|F001|00000001|666.00|4366.00|2026-11-24|6|20601234565|');
    const n = m.length;
    expect(n).toBeGreaterThanOrEqual(21);
    expect((n - 17) % 4).toBe(0);
    for (const [r, c] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
      // A finder: dark 7×7 ring, light ring, dark 3×3 core.
      expect([0, 1, 2, 3, 4, 5, 6].every((k) => m[r][c + k] && m[r + 6][c + k] && m[r + k][c] && m[r + k][c + 6])).toBe(true);
      expect(m[r + 1][c + 1]).toBe(false);
      expect(m[r + 3][c + 3]).toBe(true);
    }
  });
});
